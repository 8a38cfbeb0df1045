/* The engine's side of Claiming::by_policy and of the other interfaces a policy may be granted (Claims, Timers,
 * HostShares, JobReports): what a policy acts through between its decisions.
 * The policy chooses when and what to claim, move or abort; the engine stages the files, claims on the
 * local resource managers, keeps the claim series (held and gained processors) and starts the job at the
 * barrier. */
#include "sim/engine/Clock.hpp"
#include "sim/engine/GridScheduler.hpp"

#include <algorithm>
#include <cmath>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_policy_claiming, coalsim_engine, "PolicyClaiming");

namespace coalsim {

double GridScheduler::now() const
{
  return coalsim::now();
}

void GridScheduler::update_claim_series()
{
  parts_.recorder.set_claims(held_, gained_, now());
}

std::vector<int> GridScheduler::claimable() const
{
  std::vector<int> idle(parts_.managers.size());
  for (size_t c = 0; c < idle.size(); ++c)
    idle[c] = claimable_on(static_cast<ClusterIndex>(c));
  return idle;
}

int GridScheduler::claimable_on(ClusterIndex c) const
{
  return health_ && not health_->available(c) ? 0 : parts_.managers.at(static_cast<size_t>(c))->idle_for_grid();
}

const ComponentCores& GridScheduler::claim_cores() const
{
  // The widths of the hosts that are on (as claimable_on counts their cores), read at each call: a claim changes
  // them, and so does anything between two calls. A run without `nodes` clusters has one limit, the hosts.
  const ComponentCores& capacity = parts_.info.capacity_cores();
  bool any_nodes                 = false;
  for (size_t c = 0; c < parts_.managers.size(); ++c) {
    if (not parts_.managers[c]->nodes_shaped())
      continue;
    if (not any_nodes) {
      if (not claim_cores_)
        claim_cores_.emplace(capacity);
      any_nodes = true;
    }
    claim_cores_->limit_nodes(static_cast<ClusterIndex>(c), parts_.managers[c]->width_for_grid());
  }
  return any_nodes ? *claim_cores_ : capacity;
}

const std::vector<ComponentPlacement>& GridScheduler::placement(JobId job) const
{
  return active_.at(job).placement;
}

const std::vector<double>& GridScheduler::claimed_at(JobId job) const
{
  return active_.at(job).claimed_at;
}

void GridScheduler::stage(JobId id)
{
  const ActiveJob& job = active_.at(id);
  xbt_assert(job.claiming == Claiming::by_policy && job.phase == Phase::claiming,
             "the policy staged job %ld, which it does not claim", static_cast<long>(id));
  for (size_t k = 0; k < job.placement.size(); ++k)
    stage_component(id, k);
}

void GridScheduler::stage_component(JobId id, size_t k)
{
  ActiveJob& job = active_.at(id);
  const auto c   = job.placement[k];
  if (not job.spec.file || c.file_site == no_cluster || c.file_site == c.cluster) {
    job.file_ready[k] = true;
    return;
  }
  // Components on one cluster share one copy of the file (the Data Manager moves it once per site).
  const auto copy = std::make_pair(c.cluster, c.file_site);
  if (job.copies.count(copy))
    return; // on its way with another component's copy
  for (size_t j = 0; j < job.placement.size(); ++j)
    if (j != k && job.placement[j].cluster == c.cluster && job.placement[j].file_site == c.file_site &&
        job.file_ready[j]) {
      job.file_ready[k]     = true;
      job.transfer_times[k] = job.transfer_times[j];
      return;
    }
  double started   = now();
  job.copies[copy] = parts_.stager.stage(
      {{c.file_site, c.cluster, job.spec.file->size_bytes}},
      guarded(id, [this, id, started, copy](const FileStager::Outcome& outcome) {
        ActiveJob& j = active_.at(id);
        j.copies.erase(copy);
        if (not outcome.arrived()) {
          // A file server went down with its cluster: a component failure there (Mohamed and Epema 2008, Section 4.5).
          XBT_VERB("job %ld: file copy from cluster %d to %d failed", static_cast<long>(id), copy.second, copy.first);
          parts_.lifecycle.run_failed(id);
          for (ClusterIndex failed : outcome.failed_at)
            count_error(failed, id);
          abort_to_policy(id, AbortReason::component_failed, outcome.failed_at);
          return;
        }
        for (size_t m = 0; m < j.placement.size(); ++m)
          if (j.placement[m].cluster == copy.first && j.placement[m].file_site == copy.second) {
            j.file_ready[m]     = true;
            j.transfer_times[m] = outcome.durations[0] + (started - j.placement_time);
          }
        start_if_ready(id);
      }));
}

void GridScheduler::claim(JobId id, const std::vector<size_t>& components)
{
  ActiveJob& job = active_.at(id);
  xbt_assert(job.claiming == Claiming::by_policy && job.phase == Phase::claiming,
             "the policy claimed for job %ld, which it does not claim", static_cast<long>(id));
  for (size_t k : components) {
    xbt_assert(k < job.placement.size() && std::isnan(job.claimed_at[k]),
               "the policy claimed component %zu of job %ld twice or out of range", k, static_cast<long>(id));
    const auto& c = job.placement[k];
    if (not parts_.managers[c.cluster]->claim(c.processors, &job.cores[k], &job.core_ids[k])) {
      claim_waits(job, c.cluster); // the claim switched hosts on there (LocalResourceManager::claim)
      continue;
    }
    job.claimed_at[k] = now();
    if (job.reserve)
      parts_.info.claimed(c.cluster, c.processors);
    else
      parts_.info.claimed_unreserved(c.cluster, c.processors);
    gained_ -= c.processors;
    held_ += c.processors;
  }
  update_claim_series();
  if (all_claimed(job)) {
    parts_.policy.on_job_started(job.spec);
    if (needs_.decides_after_start)
      request_pass();
    start_if_ready(id);
  }
}

void GridScheduler::move(JobId id, size_t k, const ComponentPlacement& to)
{
  ActiveJob& job = active_.at(id);
  xbt_assert(job.claiming == Claiming::by_policy && job.phase == Phase::claiming && k < job.placement.size() &&
                 std::isnan(job.claimed_at[k]),
             "the policy moved component %zu of job %ld, which is not an unclaimed component it claims", k,
             static_cast<long>(id));
  auto& comp = job.placement[k];
  xbt_assert(to.cluster >= 0 && to.cluster < static_cast<int>(parts_.managers.size()) &&
                 to.processors == comp.processors &&
                 (to.file_site == no_cluster ||
                  (job.spec.file &&
                   std::count(job.spec.file->replica_sites.begin(), job.spec.file->replica_sites.end(), to.file_site))),
             "the policy moved component %zu of job %ld to cluster %d with %d processors and file site %d", k,
             static_cast<long>(id), to.cluster, to.processors, to.file_site);
  if (job.reserve) {
    parts_.info.claim_failed(comp.cluster, comp.processors);
    parts_.info.placed(to.cluster, comp.processors);
  }
  // The component's copy under way to its old cluster stops, unless another component waits for it.
  auto old_copy = job.copies.find({comp.cluster, comp.file_site});
  if (old_copy != job.copies.end() &&
      std::none_of(job.placement.begin(), job.placement.end(), [&](const ComponentPlacement& other) {
        return &other != &comp && other.cluster == comp.cluster && other.file_site == comp.file_site;
      })) {
    parts_.stager.cancel(old_copy->second);
    job.copies.erase(old_copy);
  }
  comp.cluster      = to.cluster;
  comp.file_site    = to.file_site;
  job.file_ready[k] = false;
  stage_component(id, k);
}

void GridScheduler::abort_job(JobId id, AbortReason reason, ClusterIndex where)
{
  ActiveJob& job = active_.at(id);
  xbt_assert(job.claiming == Claiming::by_policy && (job.phase == Phase::claiming || job.phase == Phase::running),
             "the policy aborted job %ld, which it does not claim or which is not under way", static_cast<long>(id));
  switch (reason) {
    case AbortReason::claim_deadline:
      publish_failure(id, no_cluster, "claim");
      parts_.lifecycle.submission_failed(id);
      break;
    case AbortReason::preempted:
      publish_failure(id, where, "preempted");
      break;
    case AbortReason::component_failed:
      parts_.lifecycle.run_failed(id);
      break;
    case AbortReason::given_up:
      break;
  }
  abort_to_policy(id, reason, {});
}

std::vector<Holding> GridScheduler::holders(ClusterIndex c) const
{
  std::vector<Holding> found;
  for (const auto& [id, job] : active_) {
    int held = 0;
    for (size_t k = 0; k < job.placement.size(); ++k)
      if (job.placement[k].cluster == c && holds_processors(job, k))
        held += parts_.info.capacity_cores()(c, job.placement[k].processors);
    if (held > 0)
      found.push_back({id, held});
  }
  std::sort(found.begin(), found.end(), [](const Holding& a, const Holding& b) { return a.job < b.job; });
  return found;
}

void GridScheduler::wake_at(double time, uint64_t token)
{
  // A wake-up is an event like the others: the policy is woken at the instant's step (GridScheduler::pass).
  at(time, [this, token] {
    wakes_due_.insert(token);
    request_pass();
  });
}

void GridScheduler::report(JobId job, const JobMetrics& metrics)
{
  xbt_assert(active_.count(job), "metrics for job %ld, which is not in the system", static_cast<long>(job));
  parts_.lifecycle.metrics(job, metrics);
}

void GridScheduler::report_estimates(JobId job, double estimated_ftt, double estimated_start)
{
  xbt_assert(active_.count(job), "estimates for job %ld, which is not in the system", static_cast<long>(job));
  parts_.lifecycle.estimates(job, estimated_ftt, estimated_start);
}

} // namespace coalsim
