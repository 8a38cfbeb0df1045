#include "policies/common/QueuedPolicy.hpp"

#include <algorithm>
#include <numeric>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_common_queued_policy, coalsim_common, "QueuedPolicy");

namespace coalsim {

QueuedPolicy::QueuedPolicy(Settings settings, std::unique_ptr<PlacementRule> rule)
    : settings_(settings)
    , rule_(std::move(rule))
    , queue_(settings.discipline, {settings.max_submission_failures, 0})
{
}

QueuedPolicy::Settings QueuedPolicy::read_settings(PolicyParameters& parameters)
{
  Settings s;
  s.discipline =
      parameters.get_choice("queue", "fcfs", {"fcfs", "fpfs"},
                            "wait-queue discipline: only the head is tried, or the first job that fits") == "fpfs"
          ? Discipline::fpfs
          : Discipline::fcfs;
  s.max_submission_failures =
      parameters.get_int("max_submission_failures", 0, 0, "failed claims after which a job is dropped (0: no limit)");
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
  // The job left the queue when it was placed; it goes back to the tail (thesis 4.3.4) unless it has
  // reached the maximum number of submission failures.
  WaitQueue::Outcome outcome = queue_.submission_failed(job);
  if (outcome.removed)
    to_reject_.push_back({job.id, "dropped after " + std::to_string(outcome.failures) + " submission failures", true});
}

void QueuedPolicy::on_job_started(const JobSpec& job)
{
  queue_.forget(job.id);
}

std::optional<fitting::Components> QueuedPolicy::place(const JobSpec& job, std::vector<int>& idle, const GridView& view)
{
  std::optional<fitting::Components> placed;
  if (not file_readable(job, view))
    return placed;
  switch (job.type) {
    case RequestType::ordered:
      placed = fitting::fit_ordered(job.components, idle);
      if (placed)
        assign_nearest_replicas(job, *placed, view);
      break;
    case RequestType::flexible: {
      std::vector<int> processors;
      for (const auto& c : view.clusters())
        processors.push_back(c.processors);
      placed = fitting::fit_flexible(job.total_processors, processors, idle, settings_.flexible_split);
      if (placed)
        assign_nearest_replicas(job, *placed, view);
      break;
    }
    case RequestType::unordered:
    case RequestType::total:
      placed = rule_->place(job, idle, view);
      break;
  }
  return placed;
}

Decisions QueuedPolicy::decide(const GridView& view)
{
  Decisions decisions;
  decisions.rejections = std::move(to_reject_);
  to_reject_.clear();
  reject_never_fitting(queue_, view, decisions.rejections);
  std::vector<int> idle = view.idle_counts();
  queue_.offer(
      [&](const JobSpec& job) {
        auto placed = place(job, idle, view);
        if (placed)
          decisions.placements.push_back({job.id, std::move(*placed), settings_.claiming});
        return placed.has_value();
      },
      decisions.not_placed);
  return decisions;
}

} // namespace coalsim
