#include "sim/engine/ConservativeBackfilling.hpp"

#include "sim/api/LocalDisciplines.hpp"
#include <algorithm>
#include <iterator>
#include <limits>

namespace coalsim {

void ConservativeBackfilling::push(const QueuedLocalJob& job)
{
  waiting_.push_back({job, &kinds_[{job.request.size, job.estimate}]});
  ++unplanned_;
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
    add_free(now, estimated_end, size);
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
  releases_.clear();
  next_due_      = INFINITY;
  smallest_late_ = std::numeric_limits<int>::max();
  unplanned_     = 0;
  for (auto& [_, kind] : kinds_)
    kind = {}; // nothing is known of the new profile
  for (auto& w : waiting_)
    reserve(w, pass.now);
}

void ConservativeBackfilling::add_free(double from, double until, int count)
{
  profile_->add(from, until, count);
  releases_.record(from);
}

double ConservativeBackfilling::no_window_before(const Waiting& w, double now)
{
  if (search_ == Search::from_now)
    return now;
  KindKnowledge& kind = *w.kind;
  const int size      = w.job.request.size;
  double known        = std::max(kind.none_before, now);
  const double added  = releases_.earliest_since(kind.seen);
  if (added < known) {
    // A window that has opened since must take in some of the added processors: it lies in a stretch with
    // enough free processors that reaches the earliest addition or begins after it.
    double first = profile_->first_free(size, std::max(added, now), known);
    if (std::isfinite(first))
      known = profile_->stretch_start(size, first);
  }
  kind = {known, releases_.count()};
  return known;
}

void ConservativeBackfilling::reserve(Waiting& w, double now)
{
  w.start             = profile_->earliest(w.job.request.size, w.job.estimate, no_window_before(w, now));
  w.kind->none_before = w.start;
  if (std::isfinite(w.start))
    profile_->add(w.start, w.start + w.job.estimate, -w.job.request.size);
  next_due_ = std::min(next_due_, w.start);
}

void ConservativeBackfilling::compress(double now)
{
  const auto unplanned = std::prev(waiting_.end(), static_cast<long>(unplanned_));
  for (auto it = waiting_.begin(); it != unplanned; ++it) { // those not planned yet are, at the end of the pass
    Waiting& w = *it;
    int size   = w.job.request.size;
    if (std::isfinite(w.start)) {
      if (w.start <= now)
        continue; // it cannot start earlier than now
      // It fits where it is: only a start before it matters, counting its own processors as free. Most jobs
      // cannot move, and asking leaves the profile untouched. A window that ends by its start is one of its
      // kind, which the kind's knowledge rules out before some time; one that runs into its own processors
      // lies in the stretch with enough free processors just before its start.
      const double end     = w.start + w.job.estimate;
      const double known   = no_window_before(w, now);
      const double stretch = profile_->stretch_start(size, w.start);
      if (std::min(known, stretch) >= w.start) {
        w.kind->none_before = std::max(known, w.start);
        continue;
      }
      double earlier = INFINITY;
      if (stretch < w.start) {
        earlier = profile_->earliest(size, w.job.estimate, std::min(known, stretch), w.start, {w.start, end, size});
        w.kind->none_before = std::max(known, std::isfinite(earlier) ? earlier : w.start);
      } else {
        // No window can run into its own processors, so only one of its kind could be earlier: the kind learns
        // where the first one is, even past this job, and the jobs of the kind after it need not search again.
        const double first  = profile_->earliest(size, w.job.estimate, known);
        w.kind->none_before = first;
        if (first < w.start)
          earlier = first;
      }
      if (std::isfinite(earlier)) {
        releases_.record(profile_->move(w.start, earlier, w.job.estimate, size));
        w.start   = earlier;
        next_due_ = std::min(next_due_, w.start);
      }
    } else {
      reserve(w, now);
    }
  }
}

void ConservativeBackfilling::pass(LocalPass& pass, const Start& start)
{
  if (pass.shaped != nullptr) {
    pass_by_host(pass, start);
    return;
  }
  if (not profile_ || pass.capacity_changed) {
    replan(pass);
  } else {
    profile_->forget_before(pass.now);
    releases_.forget_before(pass.now);
    if (improved_)
      compress(pass.now);
    for (auto it = std::prev(waiting_.end(), static_cast<long>(unplanned_)); it != waiting_.end(); ++it)
      reserve(*it, pass.now);
  }
  unplanned_ = 0;
  improved_  = false;
  start_due(pass, start);
}

void ConservativeBackfilling::start_due(LocalPass& pass, const Start& start)
{
  // Nothing to start unless a reservation has come since the last walk, or a late job might now fit.
  if (next_due_ > pass.now && pass.idle < smallest_late_)
    return;
  next_due_      = INFINITY; // both found again among those left
  smallest_late_ = std::numeric_limits<int>::max();
  for (auto it = waiting_.begin(); it != waiting_.end();) {
    const int size = it->job.request.size;
    if (not(it->start <= pass.now && size <= pass.idle)) {
      if (it->start <= pass.now)
        smallest_late_ = std::min(smallest_late_, size);
      else
        next_due_ = std::min(next_due_, it->start);
      ++it;
      continue;
    }
    if (it->start < pass.now) {
      // Late (a running job past its estimate held its processors): its run takes the window from now.
      add_free(std::max(it->start, profile_->origin()), it->start + it->job.estimate, size);
      profile_->add(pass.now, pass.now + it->job.estimate, -size);
    }
    pass.idle -= size;
    start(it->job); // its reservation is its run in the profile
    it = waiting_.erase(it);
  }
}

COALSIM_REGISTER(LocalDisciplines, conservative, "conservative",
                 "conservative backfilling (Mu'alem and Feitelson 2001): every waiting job holds a reservation, made "
                 "at its arrival; a job starts early only if it delays no reservation; after an early end the "
                 "reservations are compressed in queue order",
                 [] { return std::make_unique<ConservativeBackfilling>(); });

} // namespace coalsim
