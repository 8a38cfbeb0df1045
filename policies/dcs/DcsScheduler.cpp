#include "policies/dcs/DcsScheduler.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(dcs_scheduler, "The DCS scheduler, wait-queue and co-allocator bookkeeping");

namespace coalsim::dcs {

void DcsScheduler::on_job_submitted(const JobSpec& job)
{
  queue_.push_back({&job, {}});
}

DcsScheduler::Failures DcsScheduler::take_failures(JobId id)
{
  Failures failures;
  if (auto it = submitted_.find(id); it != submitted_.end()) {
    failures = it->second;
    submitted_.erase(it);
  }
  return failures;
}

void DcsScheduler::on_claim_failed(const JobSpec& job)
{
  if (submitting_ == job.id)
    submitting_.reset();
  Failures failures = take_failures(job.id);
  ++failures.submission;
  if (settings_.max_submission_failures > 0 && failures.submission >= settings_.max_submission_failures) {
    std::string reason = "removed after ";
    reason += std::to_string(failures.submission);
    reason += " submission failures";
    to_remove_.push_back({job.id, reason, true});
    return;
  }
  queue_.push_back({&job, failures}); // to the tail; the engine runs the next (re)scheduling at once
}

void DcsScheduler::on_job_started(const JobSpec& job)
{
  // The barrier was released: the co-allocator is free again. The job's failure counts (kept only when
  // non-zero) stay for a possible completion failure.
  if (submitting_ == job.id)
    submitting_.reset();
}

bool DcsScheduler::on_job_failed(const JobSpec& job)
{
  Failures failures = take_failures(job.id);
  ++failures.completion;
  if (settings_.max_completion_failures > 0 && failures.completion >= settings_.max_completion_failures)
    return false; // the engine records it as failed
  queue_.push_back({&job, failures});
  failed_idle_.reset(); // a job back in the queue is a reason to reschedule
  return true;
}

Decisions DcsScheduler::decide(const GridView& view)
{
  Decisions decisions;
  decisions.rejections = std::move(to_remove_);
  to_remove_.clear();
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
  for (auto it = queue_.begin(); it != queue_.end();) {
    auto approved = broker_.approve(*it->job, idle);
    if (approved) {
      JobId id = it->job->id;
      XBT_DEBUG("job %ld approved", static_cast<long>(id));
      if (it->failures.submission > 0 || it->failures.completion > 0)
        submitted_[id] = it->failures;
      else
        submitted_.erase(id);
      decisions.placements.push_back({id, std::move(*approved), Claiming::immediate});
      it = queue_.erase(it);
      if (settings_.blocking_submission) {
        submitting_ = id;
        return decisions;
      }
      continue;
    }
    decisions.not_placed.push_back(it->job->id);
    if (settings_.discipline == Discipline::fcfs)
      break;
    ++it;
  }
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
