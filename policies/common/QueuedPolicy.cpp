#include "policies/common/QueuedPolicy.hpp"

#include "policies/common/PlacementLog.hpp"

#include <algorithm>
#include <numeric>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_common_queued_policy, coalsim_common, "QueuedPolicy");

namespace coalsim {

QueuedPolicy::QueuedPolicy(Settings settings, std::unique_ptr<PlacementRule> rule)
    : settings_(settings)
    , rule_(std::move(rule))
    , queue_(settings.discipline, {settings.max_submission_failures, 0})
{
  if (settings.discipline == Discipline::easy)
    backfilling_.emplace(GridBackfilling::Mode::easy);
  else if (settings.discipline == Discipline::conservative)
    backfilling_.emplace(GridBackfilling::Mode::conservative);
}

PolicyNeeds QueuedPolicy::needs() const
{
  PolicyNeeds needs;
  needs.timers = backfilling_.has_value();
  return needs;
}

void QueuedPolicy::grant(const Capabilities& granted)
{
  log_ = granted.decisions;
  if (backfilling_)
    timers_ = required(granted.timers, "Timers", "backfilling");
}

QueuedPolicy::Settings QueuedPolicy::read_settings(PolicyParameters& parameters)
{
  Settings s;
  s.discipline = WaitQueue::discipline_from_name(
      parameters.get_choice("queue", "fcfs", WaitQueue::discipline_names(),
                            "wait-queue discipline: only the head is tried, the first job that fits, or EASY or "
                            "conservative backfilling on the jobs' estimates"));
  s.max_submission_failures = parameters.get_int(
      "max_submission_failures", 0, 0, "failed claims after which a job is dropped (0: no limit)", "failures");
  s.flexible_split = parameters.get_choice("flexible", "cluster_filling", {"cluster_filling", "load_balancing"},
                                           "how flexible jobs are split over clusters") == "load_balancing"
                         ? fitting::Split::load_balancing
                         : fitting::Split::cluster_filling;
  s.claiming =
      parameters.get_choice("claiming", "immediate", {"immediate", "after_transfer"},
                            "claim processors at placement, or once the input files have arrived") == "after_transfer"
          ? Claiming::after_transfer
          : Claiming::immediate;
  return s;
}

void QueuedPolicy::on_job_submitted(const JobSpec& job)
{
  queue_.push(job);
}

void QueuedPolicy::on_claim_failed(const JobSpec& job)
{
  if (backfilling_)
    backfilling_->released(job.id);
  // The job left the queue when it was placed; it goes back to the tail (thesis 4.3.4) unless it has
  // reached the maximum number of submission failures.
  WaitQueue::Outcome outcome = queue_.submission_failed(job);
  if (outcome.removed)
    to_reject_.push_back({job.id, "dropped after " + std::to_string(outcome.failures) + " submission failures", true,
                          "submit_failures"});
}

void QueuedPolicy::on_job_started(const JobSpec& job)
{
  queue_.forget(job.id);
}

void QueuedPolicy::on_run_started(const JobSpec& job)
{
  if (backfilling_) {
    xbt_assert(timers_, "backfilling needs the engine's clock to know when runs start (QueuedPolicy::grant)");
    backfilling_->run_started(job.id, timers_->now());
  }
}

void QueuedPolicy::on_run_ended(const JobSpec& job)
{
  if (backfilling_)
    backfilling_->released(job.id);
}

bool QueuedPolicy::on_job_failed(const JobSpec& job)
{
  if (backfilling_)
    backfilling_->released(job.id);
  return false; // recorded as failed
}

std::optional<fitting::Components> QueuedPolicy::fit(const JobSpec& job, std::vector<int>& idle, const GridView& view,
                                                     bool reservation)
{
  if (reservation || not log_->enabled())
    return choose(job, idle, view, reservation);
  const std::vector<int> before = idle;
  auto placed                   = choose(job, idle, view, false);
  log_placement_try(*log_, job, view, before, placed, file_readable(job, view));
  return placed;
}

std::optional<fitting::Components> QueuedPolicy::choose(const JobSpec& job, std::vector<int>& idle,
                                                        const GridView& view, bool reservation)
{
  std::optional<fitting::Components> placed;
  if (not file_readable(job, view))
    return placed;
  // A placement now fits by the widths of the view's `nodes` clusters; a reservation, for later, by their hosts.
  const ComponentCores& held = reservation ? view.capacity_cores() : view.component_cores();
  switch (job.type) {
    case RequestType::ordered:
      placed = fitting::fit_ordered(job.components, idle, held);
      if (placed)
        assign_nearest_replicas(job, *placed, view);
      break;
    case RequestType::flexible: {
      std::vector<int> processors;
      for (const auto& c : view.clusters())
        processors.push_back(c.processors);
      placed = fitting::fit_flexible(job.total_processors, processors, idle, settings_.flexible_split, held);
      if (placed)
        assign_nearest_replicas(job, *placed, view);
      break;
    }
    case RequestType::unordered:
    case RequestType::total:
      placed = reservation ? rule_->plan(job, idle, view) : rule_->place(job, idle, view);
      break;
  }
  return placed;
}

GridBackfilling::FailedTry QueuedPolicy::failed_try(const JobSpec& job) const
{
  const bool by_rule = job.type == RequestType::unordered || job.type == RequestType::total;
  return by_rule && rule_->remembers_failed_tries() ? GridBackfilling::FailedTry::is_remembered
                                                    : GridBackfilling::FailedTry::leaves_no_trace;
}

void QueuedPolicy::on_job_withdrawn(const JobSpec& job)
{
  queue_.withdraw(job.id);
  if (backfilling_)
    backfilling_->released(job.id);
  std::erase_if(to_reject_, [&job](const Rejection& r) { return r.job == job.id; });
}

Decisions QueuedPolicy::decide(const GridView& view)
{
  Decisions decisions;
  decisions.rejections = std::move(to_reject_);
  to_reject_.clear();
  reject_never_fitting(queue_, view, decisions.rejections);
  if (backfilling_) {
    backfill(view, decisions);
    return decisions;
  }
  if (queue_.empty())
    return decisions; // nothing to offer: no copy of the idle counts (on 1,000 clusters, a copy and a walk a pass)
  std::vector<int>& idle = idle_;
  view.idle_counts(idle);
  queue_.offer(
      [&](const JobSpec& job) {
        auto placed = place(job, idle, view);
        if (placed)
          decisions.placements.push_back({job.id, std::move(*placed), settings_.claiming});
        return placed.has_value();
      },
      decisions.not_placed, false, WaitQueue::Room::of(idle));
  return decisions;
}

void QueuedPolicy::backfill(const GridView& view, Decisions& decisions)
{
  if (queue_.empty())
    return;
  GridBackfilling::Pass pass     = backfilling_->begin_pass(view);
  const GridBackfilling::Fit now = [&](const JobSpec& job, std::vector<int>& free) {
    return fit(job, free, view, false);
  };
  const GridBackfilling::Fit later = [&](const JobSpec& job, std::vector<int>& free) {
    return fit(job, free, view, true);
  };
  queue_.offer(
      [&](const JobSpec& job) {
        auto placed = pass.offer(job, now, later, failed_try(job));
        if (not placed)
          return false;
        backfilling_->placed(job, *placed, view.capacity_cores()); // what it holds, whatever the widths later
        decisions.placements.push_back({job.id, std::move(*placed), settings_.claiming});
        return true;
      },
      decisions.not_placed);
}

} // namespace coalsim
