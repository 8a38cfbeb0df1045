#include "sim/engine/ConservativeBackfilling.hpp"

#include <algorithm>
#include <iterator>

namespace coalsim {

void ConservativeBackfilling::push(const QueuedLocalJob& job)
{
  waiting_.push_back({job});
}

double ConservativeBackfilling::reservation(size_t i) const
{
  auto it = std::next(waiting_.begin(), static_cast<long>(i));
  return std::isnan(it->start) ? INFINITY : it->start;
}

void ConservativeBackfilling::ended(double estimated_end, int size, double now)
{
  // Its processors were planned busy until its estimated end: they are free from now.
  if (profile_ && estimated_end > now) {
    profile_->add(now, estimated_end, size);
    improved_ = true;
  }
}

void ConservativeBackfilling::replan(const LocalPass& pass)
{
  // Free now: the idle processors; each running local job frees its processors at its estimated end (one
  // past it is expected to end now).
  profile_.emplace(pass.now, pass.idle);
  for (const auto& [end, size] : pass.running)
    profile_->add(std::max(end, pass.now), INFINITY, size);
  for (auto& w : waiting_)
    reserve(w, pass.now);
}

void ConservativeBackfilling::reserve(Waiting& w, double now)
{
  w.start = profile_->earliest(w.job.request.size, w.job.estimate, now);
  if (std::isfinite(w.start))
    profile_->add(w.start, w.start + w.job.estimate, -w.job.request.size);
}

void ConservativeBackfilling::compress(double now)
{
  for (auto& w : waiting_) {
    if (std::isnan(w.start))
      continue; // planned after the others, at the end of the pass
    int size = w.job.request.size;
    if (std::isfinite(w.start)) {
      if (w.start <= now)
        continue; // it cannot start earlier than now
      // It fits where it is: only a start before it matters, counting its own processors as free. Most jobs
      // cannot move, and asking leaves the profile untouched.
      double end     = w.start + w.job.estimate;
      double earlier = profile_->earliest(size, w.job.estimate, now, w.start, {w.start, end, size});
      if (std::isfinite(earlier)) {
        profile_->add(w.start, end, size);
        w.start = earlier;
        profile_->add(w.start, w.start + w.job.estimate, -size);
      }
    } else {
      reserve(w, now);
    }
  }
}

void ConservativeBackfilling::pass(LocalPass& pass, const Start& start)
{
  if (not profile_ || pass.capacity_changed) {
    replan(pass);
  } else {
    profile_->forget_before(pass.now);
    if (improved_)
      compress(pass.now);
    for (auto& w : waiting_)
      if (std::isnan(w.start))
        reserve(w, pass.now);
  }
  improved_ = false;
  start_due(pass, start);
}

void ConservativeBackfilling::start_due(LocalPass& pass, const Start& start)
{
  for (auto it = waiting_.begin(); it != waiting_.end();) {
    const int size = it->job.request.size;
    if (not(it->start <= pass.now && size <= pass.idle)) {
      ++it;
      continue;
    }
    if (it->start < pass.now) {
      // Late (a running job past its estimate held its processors): its run takes the window from now.
      profile_->add(std::max(it->start, profile_->origin()), it->start + it->job.estimate, size);
      profile_->add(pass.now, pass.now + it->job.estimate, -size);
    }
    pass.idle -= size;
    start(it->job); // its reservation is its run in the profile
    it = waiting_.erase(it);
  }
}

} // namespace coalsim
