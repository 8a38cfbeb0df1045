#include "policies/dcs/DcsScheduler.hpp"

#include "policies/common/PlacementLog.hpp"
#include "policies/common/PlacementRule.hpp"

#include <algorithm>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_dcs_scheduler, coalsim_dcs, "DcsScheduler");

namespace coalsim::dcs {

void DcsScheduler::on_job_submitted(const JobSpec& job)
{
  queue_.push(job);
}

void DcsScheduler::on_claim_failed(const JobSpec& job)
{
  if (backfilling_)
    backfilling_->released(job.id);
  if (submitting_ == job.id)
    submitting_.reset();
  WaitQueue::Outcome outcome = queue_.submission_failed(job); // to the tail; the engine reschedules at once
  if (outcome.removed) {
    std::string reason = "removed after ";
    reason += std::to_string(outcome.failures);
    reason += " submission failures";
    to_remove_.push_back({job.id, reason, true, "submit_failures"});
  }
}

void DcsScheduler::on_job_withdrawn(const JobSpec& job)
{
  queue_.withdraw(job.id);
  if (backfilling_)
    backfilling_->released(job.id);
  if (submitting_ == job.id)
    submitting_.reset();
  std::erase_if(to_remove_, [&job](const Rejection& r) { return r.job == job.id; });
}

void DcsScheduler::on_job_started(const JobSpec& job)
{
  // The barrier was released: the co-allocator is free again. The wait-queue keeps the job's failure
  // counts for a possible completion failure.
  if (submitting_ == job.id)
    submitting_.reset();
}

PolicyNeeds DcsScheduler::needs() const
{
  PolicyNeeds needs;
  needs.request_types       = {RequestType::ordered, RequestType::unordered, RequestType::total};
  needs.decides_after_start = settings_.blocking_submission;
  needs.timers              = backfilling_.has_value();
  return needs;
}

void DcsScheduler::grant(const Capabilities& granted)
{
  log_ = granted.decisions;
  if (backfilling_)
    timers_ = required(granted.timers, "Timers", "backfilling");
}

void DcsScheduler::on_run_started(const JobSpec& job)
{
  if (backfilling_) {
    xbt_assert(timers_, "backfilling needs the engine's clock to know when runs start (DcsScheduler::grant)");
    backfilling_->run_started(job.id, timers_->now());
  }
}

void DcsScheduler::on_run_ended(const JobSpec& job)
{
  if (backfilling_)
    backfilling_->released(job.id);
}

bool DcsScheduler::on_job_failed(const JobSpec& job)
{
  if (backfilling_)
    backfilling_->released(job.id);
  if (queue_.completion_failed(job).removed)
    return false;       // the engine records it as failed
  failed_idle_.reset(); // a job back in the queue is a reason to reschedule
  return true;
}

std::optional<fitting::Components> DcsScheduler::approve(const JobSpec& job, std::vector<int>& idle,
                                                         std::optional<GridBackfilling::Pass>& pass,
                                                         const GridView& view)
{
  // The thesis's jobs read no input file; a job that has one reads it from the replica nearest each component
  // (as the wait-queue policies do), and cannot start while every replica is on a cluster that is down.
  const bool readable = file_readable(job, view);
  std::vector<int> before; // the idle counts before the approval, for the decision log
  if (log_->enabled())
    before = idle;
  std::optional<fitting::Components> approved;
  if (not pass) {
    if (readable)
      approved = broker_.approve(job, idle, view.component_cores());
  } else {
    // The broker is stateless: the same rule places now (by the widths of the view's `nodes` clusters) and plans a
    // reservation (by their hosts: a width now says nothing of later).
    const GridBackfilling::Fit broker = [this, &view](const JobSpec& j, std::vector<int>& free) {
      return broker_.approve(j, free, view.component_cores());
    };
    const GridBackfilling::Fit plan = [this, &view](const JobSpec& j, std::vector<int>& free) {
      return broker_.approve(j, free, view.capacity_cores());
    };
    const GridBackfilling::Fit now =
        readable ? broker : [](const JobSpec&, std::vector<int>&) { return std::optional<fitting::Components>(); };
    approved = pass->offer(job, now, plan, GridBackfilling::FailedTry::leaves_no_trace);
    if (approved) {
      for (const auto& component : *approved) // what it holds (placed: the same under either limit)
        idle[component.cluster] -= view.capacity_held(component.cluster, component.processors);
      backfilling_->placed(job, *approved, view.capacity_cores());
    }
  }
  if (approved)
    assign_nearest_replicas(job, *approved, view);
  if (log_->enabled())
    log_placement_try(*log_, job, view, before, approved, readable);
  return approved;
}

Decisions DcsScheduler::decide(const GridView& view)
{
  Decisions decisions;
  decisions.rejections = std::move(to_remove_);
  to_remove_.clear();
  reject_never_fitting(queue_, view, decisions.rejections);
  if (settings_.blocking_submission && submitting_)
    return decisions; // the co-allocator is still submitting; it reports back through the engine
  if (queue_.empty())
    return decisions;
  std::vector<int> idle = view.idle_counts();
  if (failed_idle_) {
    // Waiting for the resource monitor: it looks only at its polling times, and wakes us on a change.
    if (settings_.monitor_interval > 0 && view.now() < next_check_) {
      decisions.wake_at = next_check_;
      return decisions;
    }
    if (idle == *failed_idle_) {
      if (settings_.monitor_interval > 0) {
        while (next_check_ <= view.now())
          next_check_ += settings_.monitor_interval;
        decisions.wake_at = next_check_;
      }
      return decisions;
    }
    failed_idle_.reset();
  }
  const std::vector<int> seen = idle; // the idle list this (re)scheduling read from the monitor
  std::optional<GridBackfilling::Pass> pass;
  if (backfilling_)
    pass.emplace(backfilling_->begin_pass(view));
  // A blocking submission hands the co-allocator one job and waits for its outcome.
  queue_.offer(
      [&](const JobSpec& job) {
        auto approved = approve(job, idle, pass, view);
        if (!approved)
          return false;
        XBT_VERB("job %ld approved", static_cast<long>(job.id));
        decisions.placements.push_back({job.id, std::move(*approved), Claiming::immediate});
        if (settings_.blocking_submission)
          submitting_ = job.id;
        return true;
      },
      // Under backfilling every job is offered: one that does not fit now still gets its reservation.
      decisions.not_placed, settings_.blocking_submission,
      pass ? WaitQueue::Room::unbounded() : WaitQueue::Room::of(seen));
  if (decisions.placements.empty()) {
    // A (re)scheduling failure: wait for the resource monitor to report a change.
    failed_idle_ = seen;
    next_check_  = view.now() + settings_.monitor_interval;
    if (settings_.monitor_interval > 0)
      decisions.wake_at = next_check_;
  }
  return decisions;
}

} // namespace coalsim::dcs
