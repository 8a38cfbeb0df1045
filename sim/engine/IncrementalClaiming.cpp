/* The engine side of KOALA (paper 001, Sections 4.4, 4.5 and 6): the claiming queue ordered by JCT, the
 * Incremental Claiming Policy (Algorithm 2) with re-placement and preemption, components started together
 * at the JST, and component failures that abort the job and count against the cluster. */
#include "sim/engine/Clock.hpp"
#include "sim/engine/GridScheduler.hpp"

#include <algorithm>
#include <cstring>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_claiming, coalsim_scheduler, "KOALA's incremental claiming");

namespace coalsim {

void GridScheduler::update_claim_series()
{
  parts_.recorder.set_claims(held_, gained_, now());
}

void GridScheduler::admit_incremental(JobId id)
{
  ActiveJob& job = active_.at(id);
  size_t n       = job.placement.size();
  ++job.placements;
  job.total_placement_time += now() - job.queued_since;
  // The job's FTT is the largest of its components' estimated FTTs; JST = JPT + FTT (Section 6.1).
  GridView view = parts_.info.view();
  double ftt    = 0;
  for (const auto& c : job.placement)
    if (job.spec.file && c.file_site != no_cluster)
      ftt = std::max(ftt, view.estimated_transfer_time(c.file_site, c.cluster, job.spec.file->size_bytes));
  job.estimated_ftt = ftt;
  job.jst           = now() + ftt;
  if (std::isnan(job.first_jst))
    job.first_jst = job.jst;
  job.history.estimated(ftt, job.jst);
  job.claimed_at.assign(n, NAN);
  job.file_ready.assign(n, false);
  job.transfer_times.assign(n, 0.0);
  job.cores.assign(n, {});
  job.files_done = NAN;
  ++job.epoch;
  for (const auto& c : job.placement) {
    gained_ += c.processors;
    if (job.incremental.count_pending)
      parts_.info.placed(c.cluster, c.processors);
  }
  update_claim_series();
  for (size_t k = 0; k < n; ++k)
    stage_component(id, k);
  job.jct = claiming::initial_time(now(), ftt, job.incremental.L);
  claiming_.push(job.jct, id);
  arm_claiming_timer();
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
  int epoch      = job.epoch;
  double started = now();
  job.copies[copy] = parts_.stager.stage(
      {{c.file_site, c.cluster, job.spec.file->size_bytes}},
      [this, id, epoch, started, copy](const FileStager::Outcome& outcome) {
        auto it = active_.find(id);
        xbt_assert(it != active_.end() && it->second.epoch == epoch, "job %ld: a cancelled copy ended",
                   static_cast<long>(id));
        ActiveJob& j = it->second;
        j.copies.erase(copy);
        if (not outcome.arrived()) {
          // A file server went down with its cluster: a component failure there (Section 4.5), the job is
          // aborted and placed again away from that cluster.
          XBT_VERB("job %ld: file copy from cluster %d to %d failed", static_cast<long>(id), copy.second, copy.first);
          ++j.run_failures;
          for (ClusterIndex c : outcome.failed_at)
            count_error(c, id);
          return_to_policy(id, ReturnReason::component_failed, outcome.failed_at);
          return;
        }
        for (size_t m = 0; m < j.placement.size(); ++m)
          if (j.placement[m].cluster == copy.first && j.placement[m].file_site == copy.second) {
            j.file_ready[m]     = true;
            j.transfer_times[m] = outcome.durations[0] + (started - j.placement_time);
          }
        maybe_start(id, epoch);
      });
}

void GridScheduler::cancel_copies(ActiveJob& job)
{
  for (const auto& [copy, stage] : job.copies)
    parts_.stager.cancel(stage);
  job.copies.clear();
}

void GridScheduler::arm_claiming_timer()
{
  auto next = claiming_.next_time();
  if (not next || claiming_timers_.count(*next))
    return;
  double when = std::max(*next, now());
  claiming_timers_.insert(when);
  at(when, [this, when] {
    claiming_timers_.erase(when);
    claiming_due();
  });
}

void GridScheduler::claiming_due()
{
  // A try may preempt a job due in the same batch: that job is back in its placement queue (or placed
  // anew, with a new epoch) and must not get this try.
  std::vector<std::pair<JobId, int>> due;
  for (JobId id : claiming_.pop_due(now() + 1e-9))
    if (auto it = active_.find(id); it != active_.end())
      due.emplace_back(id, it->second.epoch);
  for (auto [id, epoch] : due)
    if (auto it = active_.find(id);
        it != active_.end() && it->second.epoch == epoch && it->second.phase == Phase::claiming)
      claiming_try(id);
  arm_claiming_timer();
}

void GridScheduler::claiming_try(JobId id)
{
  ActiveJob& job = active_.at(id);
  const size_t n = job.placement.size();
  ++job.claiming_tries;
  // The try's view of idle processors: the local resource managers' (a claim is a submission that either
  // gets its processors or not), none on clusters that are down or unusable.
  std::vector<int> idle(parts_.managers.size());
  for (size_t c = 0; c < idle.size(); ++c)
    idle[c] = health_ && not health_->available(static_cast<ClusterIndex>(c)) ? 0 : parts_.managers[c]->idle();
  std::vector<size_t> startable, not_startable;
  size_t previously = 0;
  for (size_t k = 0; k < n; ++k) {
    const auto& c = job.placement[k];
    if (not std::isnan(job.claimed_at[k]))
      ++previously;
    else if (idle[c.cluster] >= c.processors) {
      idle[c.cluster] -= c.processors;
      startable.push_back(k);
    } else
      not_startable.push_back(k);
  }
  if (claiming::icp_acts(previously, startable.size(), n, job.incremental.T)) {
    for (size_t k : not_startable) {
      auto& comp = job.placement[k];
      if (idle[comp.cluster] >= comp.processors) { // room a preemption for an earlier component freed
        idle[comp.cluster] -= comp.processors;
        startable.push_back(k);
        continue;
      }
      bool can_start = false;
      // Lines 5-7: a new (execution site, file site) pair whose file can arrive before the JST.
      GridView view = parts_.info.view();
      if (auto moved = parts_.policy.replace_component(job.spec, k, view)) {
        double ftt = job.spec.file && moved->file_site != no_cluster
                         ? view.estimated_transfer_time(moved->file_site, moved->cluster, job.spec.file->size_bytes)
                         : 0.0;
        if (now() + ftt < job.jst && idle[moved->cluster] >= comp.processors &&
            (not health_ || health_->available(moved->cluster))) {
          if (job.incremental.count_pending) {
            parts_.info.claim_failed(comp.cluster, comp.processors);
            parts_.info.placed(moved->cluster, comp.processors);
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
          comp.cluster   = moved->cluster;
          comp.file_site = moved->file_site;
          idle[comp.cluster] -= comp.processors;
          job.file_ready[k] = false;
          stage_component(id, k);
          can_start = true;
        }
      }
      // Lines 8-14: otherwise make room by preempting lower-priority grid jobs (never for super-low jobs).
      if (not can_start && job.incremental.priority != Priority::super_low)
        can_start = preempt_for(job, k, idle);
      if (can_start)
        startable.push_back(k);
    }
    for (size_t k : startable) { // line 15: the components claim their processors and wait at the barrier
      const auto& c = job.placement[k];
      // Processors freed by a preemption may go to local jobs waiting in the manager's queue first.
      if (not parts_.managers[c.cluster]->claim(c.processors, &job.cores[k]))
        continue;
      job.claimed_at[k] = now();
      if (job.incremental.count_pending)
        parts_.info.claimed(c.cluster, c.processors);
      else
        parts_.info.claimed_unreserved(c.cluster, c.processors);
      gained_ -= c.processors;
      held_ += c.processors;
    }
    update_claim_series();
  }
  bool all = std::none_of(job.claimed_at.begin(), job.claimed_at.end(), [](double t) { return std::isnan(t); });
  if (all) {
    parts_.policy.on_job_started(job.spec);
    maybe_start(id, job.epoch);
    return;
  }
  if (job.incremental.max_tries > 0 && job.claiming_tries > job.incremental.max_tries) {
    // Section 6.1: "If the number of claiming tries for the job exceeds some threshold, the job submission
    // fails": its claimed processors and file copies are released, and the policy reports it as failed.
    XBT_VERB("job %ld: %d claiming tries, more than %d", static_cast<long>(id), job.claiming_tries,
              job.incremental.max_tries);
    return_to_policy(id, ReturnReason::claiming_tries_exceeded, {});
    return;
  }
  if (now() >= job.jst - 1e-9) {
    // The JST came with components unclaimed: abort the started ones, back to the placement queue (the
    // policy lowers L).
    XBT_VERB("job %ld: JST %g reached with components unclaimed", static_cast<long>(id), job.jst);
    add_failure_row(id, no_cluster, "claim");
    ++job.submission_failures;
    return_to_policy(id, ReturnReason::claiming_deadline, {});
    return;
  }
  job.jct = claiming::next_time(job.jct, job.jst, job.incremental.L, job.incremental.min_step);
  claiming_.push(job.jct, id);
}

bool GridScheduler::preempt_for(ActiveJob& job, size_t k, std::vector<int>& idle)
{
  const ClusterIndex cluster = job.placement[k].cluster;
  if (health_ && not health_->available(cluster))
    return false;
  std::vector<claiming::Holder> holders;
  for (const auto& [other_id, other] : active_) {
    if (other.claiming != Claiming::incremental || &other == &job ||
        (other.phase != Phase::claiming && other.phase != Phase::running))
      continue;
    int held = 0;
    for (size_t j = 0; j < other.placement.size(); ++j)
      if (other.placement[j].cluster == cluster && j < other.claimed_at.size() && not std::isnan(other.claimed_at[j]))
        held += other.placement[j].processors;
    if (held > 0)
      holders.push_back({other_id, other.incremental.priority, other.jst, held});
  }
  std::sort(holders.begin(), holders.end(), [](const auto& a, const auto& b) { return a.job < b.job; });
  auto victims = claiming::preemption_victims(job.incremental.priority, job.placement[k].processors, idle[cluster],
                                              holders);
  if (victims.empty())
    return false;
  for (JobId victim : victims) {
    ActiveJob& v = active_.at(victim);
    for (size_t j = 0; j < v.placement.size(); ++j)
      if (not std::isnan(v.claimed_at[j]))
        idle[v.placement[j].cluster] += v.placement[j].processors;
    XBT_VERB("job %ld preempts job %ld on cluster %d", static_cast<long>(job.spec.id), static_cast<long>(victim),
              cluster);
    add_failure_row(victim, cluster, "preempted");
    return_to_policy(victim, ReturnReason::preempted, {});
  }
  idle[cluster] -= job.placement[k].processors;
  return true;
}

void GridScheduler::maybe_start(JobId id, int epoch)
{
  auto it = active_.find(id);
  if (it == active_.end() || it->second.epoch != epoch || it->second.phase != Phase::claiming)
    return;
  ActiveJob& job = it->second;
  bool claimed = std::none_of(job.claimed_at.begin(), job.claimed_at.end(), [](double t) { return std::isnan(t); });
  bool files   = std::all_of(job.file_ready.begin(), job.file_ready.end(), [](bool b) { return b; });
  // The Runner submits the components once all are claimed; they start together (DUROC barrier) once
  // their input files are there. The JST is only the estimate that set the claiming times.
  if (claimed && files)
    launch_incremental(id);
}

void GridScheduler::launch_incremental(JobId id)
{
  ActiveJob& job = active_.at(id);
  job.phase      = Phase::running;
  job.start_time = now();
  job.end_time   = NAN;
  job.history.started(now());
  job.stage_time = *std::max_element(job.transfer_times.begin(), job.transfer_times.end());
  add_claim_times(job);
  for (const auto& c : job.placement)
    held_ -= c.processors;
  update_claim_series();
  parts_.statistics.max_running = std::max(parts_.statistics.max_running, ++running_);
  int epoch = job.epoch;
  // Runners: a component on a faulty cluster fails at a random point of its run, which aborts the job.
  std::vector<ClusterIndex> failing;
  for (const auto& c : job.placement)
    if (health_ && health_->draw_component_failure(c.cluster) &&
        std::find(failing.begin(), failing.end(), c.cluster) == failing.end())
      failing.push_back(c.cluster);
  if (not failing.empty())
    at(now() + health_->draw_fraction() * job.spec.runtime,
       [this, id, epoch, failing] { run_failed(id, epoch, failing); });
  job.run = parts_.runtime.run(
      job.spec, static_cast<int>(clusters_used(job).size()), job.cores,
      [this, id, epoch] {
        auto it = active_.find(id);
        if (it == active_.end() || it->second.epoch != epoch || it->second.phase != Phase::running)
          return; // aborted by a failure or a preemption
        end(id);
      },
      [this, id, epoch] { run_failed_in_simgrid(id, epoch); });
}

void GridScheduler::add_claim_times(ActiveJob& job)
{
  // Until its claim (or now, if it never came) a component's processors were gained; from it, wasted.
  for (size_t k = 0; k < job.placement.size(); ++k) {
    int processors = job.placement[k].processors;
    bool claimed   = k < job.claimed_at.size() && not std::isnan(job.claimed_at[k]);
    double claim   = claimed ? job.claimed_at[k] : now();
    job.pgt += processors * (claim - job.placement_time);
    job.pwt += processors * (now() - claim);
  }
}

void GridScheduler::return_to_policy(JobId id, ReturnReason reason, const std::vector<ClusterIndex>& clusters)
{
  ActiveJob& job = active_.at(id);
  job.history.ended(outcome_of(reason), now());
  bool running   = job.phase == Phase::running;
  if (running) {
    --running_;
    parts_.runtime.cancel(job.run); // its processes stop before its cores go to others
  } else {
    add_claim_times(job); // an attempt aborted before its start (a started one counted them at its launch)
  }
  for (size_t k = 0; k < job.placement.size(); ++k) {
    const auto& c = job.placement[k];
    if (k < job.claimed_at.size() && not std::isnan(job.claimed_at[k])) {
      parts_.managers[c.cluster]->release(c.processors, job.cores[k]);
      if (not running)
        held_ -= c.processors;
    } else {
      gained_ -= c.processors;
      if (job.incremental.count_pending)
        parts_.info.claim_failed(c.cluster, c.processors);
    }
  }
  update_claim_series();
  claiming_.remove(id);
  cancel_copies(job);
  reset_to_waiting(job);
  job.claimed_at.clear();
  job.file_ready.clear();
  job.queued_since  = now();
  parts_.policy.on_job_returned(job.spec, reason, clusters);
  parts_.recorder.set_queue_length(parts_.policy.waiting_jobs(), now());
  request_pass();
}

} // namespace coalsim
