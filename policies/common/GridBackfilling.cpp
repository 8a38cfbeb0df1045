#include "policies/common/GridBackfilling.hpp"

#include <algorithm>
#include <cmath>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_common_grid_backfilling, coalsim_common, "GridBackfilling");

namespace coalsim {

double GridBackfilling::estimate(const JobSpec& job)
{
  return std::isnan(job.estimate) ? job.runtime : job.estimate;
}

void GridBackfilling::placed(const JobSpec& job, const fitting::Components& where, const ComponentCores& cores)
{
  Held held{{}, estimate(job)};
  held.parts.reserve(where.size());
  for (const auto& component : where)
    held.parts.emplace_back(component.cluster, cores(component.cluster, component.processors));
  held_[job.id] = std::move(held);
}

void GridBackfilling::run_started(JobId id, double now)
{
  if (auto it = held_.find(id); it != held_.end())
    it->second.run_start = now;
}

GridBackfilling::Pass GridBackfilling::begin_pass(const GridView& view) const
{
  const double now = view.now();
  Pass pass(mode_, now, view.capacity_cores()); // it books what placed and planned components hold
  // What frees processors, and when, on each cluster: the running local jobs and the policy's own jobs.
  std::vector<std::vector<std::pair<double, int>>> releases(view.cluster_count());
  for (const auto& [id, held] : held_) {
    double end = std::isnan(held.run_start) ? now + held.estimate : held.run_start + held.estimate;
    for (const auto& [cluster, processors] : held.parts)
      releases.at(cluster).emplace_back(end, processors);
  }
  pass.profiles_.reserve(view.cluster_count());
  for (const auto& cluster : view.clusters()) {
    const int idle = cluster.usable ? cluster.idle : 0;
    pass.profiles_.emplace_back(now, idle);
    pass.all_.add(now, INFINITY, idle);
    if (not cluster.usable)
      continue; // nothing of it is planned: it may never come back
    auto& frees = releases[cluster.index];
    for (const auto& [end, processors] : view.running_local(cluster.index))
      frees.emplace_back(end, processors);
    // A job past its estimated end has not ended as far as the view knows. When the cluster's idle count is only
    // as of a poll, it may have ended since: it is expected to end now, and a placement may try its processors
    // (a failed claim then tells the true count). When the count is current, it is still running: expected to end
    // at any moment, but not now, else every pass of the instant would place on its processors again.
    const double soonest = view.idle_is_current(cluster.index) ? std::nextafter(now, INFINITY) : now;
    for (auto& [end, processors] : frees)
      end = std::max(end, soonest);
    std::sort(frees.begin(), frees.end());
    // Never more than the view counts busy: with a polled view, what ended since the poll is neither idle nor
    // known, and stays busy (the latest ends are left out first).
    int busy = cluster.processors - idle;
    for (const auto& [end, processors] : frees) {
      int freed = std::min(processors, busy);
      if (freed <= 0)
        break;
      pass.profiles_.back().add(end, INFINITY, freed);
      pass.all_.add(end, INFINITY, freed);
      busy -= freed;
    }
  }
  return pass;
}

std::vector<int> GridBackfilling::Pass::free_over(double start, double duration) const
{
  std::vector<int> free;
  free.reserve(profiles_.size());
  for (const auto& profile : profiles_)
    free.push_back(std::max(0, profile.min_free(start, start + duration)));
  return free;
}

std::vector<int> GridBackfilling::Pass::free_at_time(double t) const
{
  std::vector<int> free;
  free.reserve(profiles_.size());
  for (const auto& profile : profiles_)
    free.push_back(std::max(0, profile.free_at(t)));
  return free;
}

bool GridBackfilling::Pass::might_fit(const JobSpec& job, const std::vector<int>& free)
{
  int most = 0, all = 0;
  for (int f : free) {
    most = std::max(most, f);
    all += f;
  }
  return largest_component(job) <= most && processors_needed(job) <= all;
}

bool GridBackfilling::Pass::holds_largest_now(const JobSpec& job, double duration) const
{
  const int largest = largest_component(job);
  return std::any_of(profiles_.begin(), profiles_.end(),
                     [&](const ProcessorProfile& p) { return p.min_free(now_, now_ + duration) >= largest; });
}

void GridBackfilling::Pass::book(const fitting::Components& where, double start, double duration)
{
  for (const auto& component : where) {
    const int cores = (*held_)(component.cluster, component.processors);
    profiles_.at(component.cluster).add(start, start + duration, -cores);
    all_.add(start, start + duration, -cores);
  }
  free_now_.clear();
}

double GridBackfilling::Pass::reserve(const JobSpec& job, const Fit& plan)
{
  const double duration = estimate(job);
  const int total       = processors_needed(job);
  const int largest     = largest_component(job);
  for (double t = now_;;) {
    // Not before the grid as a whole has its processors free over the window, nor before some cluster has the
    // largest component's: most candidate times fail these cheap tests.
    t = all_.earliest(total, duration, t);
    if (not std::isfinite(t))
      return INFINITY;
    double holds_largest = INFINITY;
    for (const auto& profile : profiles_)
      holds_largest = std::min(holds_largest, profile.earliest(largest, duration, t, holds_largest));
    if (not std::isfinite(holds_largest))
      return INFINITY;
    if (holds_largest > t) {
      t = holds_largest; // every candidate before it leaves the largest component nowhere to go
      continue;
    }
    // Here the grid has the job's total free at t and some cluster its largest component: the counts at t
    // would pass might_fit(), so the rule is asked at once.
    std::vector<int> free = free_over(t, duration);
    if (auto where = plan(job, free)) {
      book(*where, t, duration);
      return t;
    }
    double next = INFINITY;
    for (const auto& profile : profiles_)
      next = std::min(next, profile.next_change(t));
    t = next;
    if (not std::isfinite(t))
      return INFINITY;
  }
}

bool GridBackfilling::Pass::reserve_pending(const std::function<bool()>& while_true)
{
  for (; next_pending_ < pending_.size(); ++next_pending_) {
    if (not while_true())
      return false;
    const auto& [job, plan] = pending_[next_pending_];
    double start            = reserve(*job, plan);
    reservations_.emplace_back(job->id, start);
    XBT_VERB("job %ld waits with a reservation at %g", static_cast<long>(job->id), start);
  }
  pending_.clear();
  next_pending_ = 0;
  return while_true();
}

std::optional<fitting::Components> GridBackfilling::Pass::offer(const JobSpec& job, const Fit& place, const Fit& plan,
                                                                FailedTry failed_try)
{
  std::optional<fitting::Components> placed;
  if (free_now_.empty())
    free_now_ = free_at_time(now_);
  const double duration = estimate(job);
  // A job that no placement fits in the plan fits none once the reservations still to be made have taken their
  // processors: a rule that learns nothing from failing need not be asked, nor the reservations after that point
  // be made for it.
  const auto could_start = [&] {
    return failed_try == FailedTry::is_remembered || fitting::fits_capacities(job, free_over(now_, duration), *held_);
  };
  // The reservations before it, as if made when their jobs were offered.
  if (might_fit(job, free_now_) && holds_largest_now(job, duration) && reserve_pending(could_start)) {
    std::vector<int> free = free_over(now_, duration);
    placed                = place(job, free);
    if (placed) {
      book(*placed, now_, duration);
      return placed;
    }
  }
  if (mode_ == Mode::conservative || not head_reserved_) {
    head_reserved_ = true;
    pending_.push_back({&job, plan});
  }
  return placed;
}

} // namespace coalsim
