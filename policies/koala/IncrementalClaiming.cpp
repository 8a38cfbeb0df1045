#include "policies/koala/IncrementalClaiming.hpp"

#include "policies/koala/ClaimingTimes.hpp"
#include "policies/koala/Preemption.hpp"

#include <algorithm>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_koala_incremental_claiming, coalsim_koala, "IncrementalClaiming");

namespace coalsim::koala {

namespace claiming {
bool icp_acts(size_t previously_started, size_t startable_now, size_t components, double T)
{
  if (components == 0)
    return false;
  double F = static_cast<double>(previously_started + startable_now) / static_cast<double>(components);
  return F >= T - 1e-12;
}
} // namespace claiming

IncrementalClaiming::IncrementalClaiming(ClaimingSettings settings, Replace replace)
    : settings_(settings)
    , replace_(std::move(replace))
{
}

void IncrementalClaiming::grant(const Capabilities& granted)
{
  claims_    = required(granted.claims, "Claims", "KOALA's incremental claiming");
  timers_    = required(granted.timers, "Timers", "KOALA's incremental claiming");
  live_view_ = required(granted.live_view, "LiveView", "KOALA's incremental claiming");
  reports_   = required(granted.reports, "JobReports", "KOALA's incremental claiming");
}

void IncrementalClaiming::submitted(const JobSpec& job)
{
  xbt_assert(claims_, "KOALA's claiming runs without the engine's claims (IncrementalClaiming::grant)");
  records_[job.id].queued_since = timers_->now();
}

void IncrementalClaiming::placed(const JobSpec& job, Priority priority, double L)
{
  const double now = timers_->now();
  Record& record   = records_.at(job.id);
  ++record.placements;
  record.total_placement_time += now - record.queued_since;
  // The job's FTT is the largest of its components' estimated FTTs; JST = JPT + FTT (Section 6.1).
  double ftt = 0;
  for (const auto& c : claims_->placement(job.id))
    if (job.file && c.file_site != no_cluster)
      ftt = std::max(ftt, live_view_->estimated_transfer_time(c.file_site, c.cluster, job.file->size_bytes));
  record.estimated_ftt = ftt;
  record.jst           = now + ftt;
  if (std::isnan(record.first_jst))
    record.first_jst = record.jst;
  reports_->report_estimates(job.id, ftt, record.jst);
  Attempt& attempt = attempts_[job.id];
  attempt          = {&job, priority, L, record.jst, claiming::initial_time(now, ftt, L), now, record.placements};
  publish(job.id);
  claims_->stage(job.id);
  queue_.push(attempt.jct, job.id);
  arm();
}

void IncrementalClaiming::run_started(const JobSpec& job)
{
  Record& record = records_.at(job.id);
  record.times.add_attempt(claims_->placement(job.id), claims_->claimed_at(job.id), attempts_.at(job.id).placed_at,
                           timers_->now());
  publish(job.id);
}

void IncrementalClaiming::aborted(const JobSpec& job, const Abort& ended)
{
  Record& record = records_.at(job.id);
  auto attempt   = attempts_.find(job.id);
  xbt_assert(attempt != attempts_.end(), "job %ld aborted without a placement under way", static_cast<long>(job.id));
  if (not ended.started) // a started attempt counted its times at its start
    record.times.add_attempt(ended.placement, ended.claimed_at, attempt->second.placed_at, timers_->now());
  queue_.remove(job.id);
  attempts_.erase(attempt);
  record.queued_since = timers_->now();
  publish(job.id);
}

void IncrementalClaiming::requeued(const JobSpec& job)
{
  attempts_.erase(job.id);
  records_.at(job.id).queued_since = timers_->now();
}

void IncrementalClaiming::forget(JobId job)
{
  attempts_.erase(job);
  records_.erase(job);
}

void IncrementalClaiming::publish(JobId id)
{
  const Record& record = records_.at(id);
  JobMetrics metrics;
  metrics.placements           = record.placements;
  metrics.total_placement_time = record.total_placement_time;
  metrics.estimated_ftt        = record.estimated_ftt;
  metrics.estimated_start      = record.jst;
  metrics.claiming_tries       = record.claiming_tries;
  metrics.start_delay          = record.jst - record.first_jst;
  metrics.pgt                  = record.times.pgt;
  metrics.pwt                  = record.times.pwt;
  reports_->report(id, metrics);
}

void IncrementalClaiming::arm()
{
  auto next = queue_.next_time();
  if (not next || armed_.count(*next))
    return;
  double when = std::max(*next, timers_->now());
  armed_.insert(when);
  wakes_[next_token_] = when;
  timers_->wake_at(when, next_token_++);
}

void IncrementalClaiming::wake(uint64_t token)
{
  auto it = wakes_.find(token);
  xbt_assert(it != wakes_.end(), "unknown wake-up %lu", static_cast<unsigned long>(token));
  armed_.erase(it->second);
  wakes_.erase(it);
  claiming_due();
}

void IncrementalClaiming::claiming_due()
{
  // A try may preempt a job due in the same batch: that job is back in its placement queue and must not get
  // this try.
  std::vector<std::pair<JobId, int>> due;
  for (JobId id : queue_.pop_due(timers_->now() + 1e-9))
    if (auto it = attempts_.find(id); it != attempts_.end())
      due.emplace_back(id, it->second.number);
  for (auto [id, number] : due)
    if (auto it = attempts_.find(id); it != attempts_.end() && it->second.number == number)
      claiming_try(id);
  arm();
}

void IncrementalClaiming::claiming_try(JobId id)
{
  Attempt& attempt = attempts_.at(id);
  const double now = timers_->now();
  const size_t n   = claims_->placement(id).size();
  Record& record   = records_.at(id);
  ++record.claiming_tries;
  publish(id);
  // The try's view of idle processors: the local resource managers' (a claim is a submission that either
  // gets its processors or not), none on clusters that are down or unusable.
  TryIdleCounts& idle = idle_;
  idle.begin(*claims_);
  std::vector<size_t> startable, not_startable;
  size_t previously = 0;
  for (size_t k = 0; k < n; ++k) {
    const auto& c = claims_->placement(id)[k];
    if (not std::isnan(claims_->claimed_at(id)[k]))
      ++previously;
    else if (idle[c.cluster] >= claims_->claim_cores()(c.cluster, c.processors)) {
      idle[c.cluster] -= claims_->capacity_cores()(c.cluster, c.processors); // what it will hold
      startable.push_back(k);
    } else
      not_startable.push_back(k);
  }
  if (claiming::icp_acts(previously, startable.size(), n, settings_.T))
    claim_startable(id, std::move(startable), not_startable, idle);
  const auto& claimed = claims_->claimed_at(id);
  if (std::none_of(claimed.begin(), claimed.end(), [](double t) { return std::isnan(t); }))
    return;
  if (settings_.max_tries > 0 && record.claiming_tries > settings_.max_tries) {
    // Section 6.1: "If the number of claiming tries for the job exceeds some threshold, the job submission
    // fails": its claimed processors and file copies are released, and the policy reports it as failed.
    XBT_VERB("job %ld: %d claiming tries, more than %d", static_cast<long>(id), record.claiming_tries,
             settings_.max_tries);
    claims_->abort_job(id, AbortReason::given_up);
    return;
  }
  if (now >= attempt.jst - 1e-9) {
    // The JST came with components unclaimed: abort the started ones, back to the placement queue (the
    // policy lowers L).
    XBT_VERB("job %ld: JST %g reached with components unclaimed", static_cast<long>(id), attempt.jst);
    claims_->abort_job(id, AbortReason::claim_deadline);
    return;
  }
  attempt.jct = claiming::next_time(attempt.jct, attempt.jst, attempt.L, settings_.min_step);
  queue_.push(attempt.jct, id);
}

void IncrementalClaiming::claim_startable(JobId id, std::vector<size_t> startable,
                                          const std::vector<size_t>& not_startable, TryIdleCounts& idle)
{
  const Attempt& attempt = attempts_.at(id);
  const JobSpec& job     = *attempt.job;
  const double now       = timers_->now();
  for (size_t k : not_startable) {
    const ComponentPlacement comp = claims_->placement(id)[k];
    if (idle[comp.cluster] >= claims_->claim_cores()(comp.cluster, comp.processors)) {
      // room a preemption for an earlier component freed
      idle[comp.cluster] -= claims_->capacity_cores()(comp.cluster, comp.processors);
      startable.push_back(k);
      continue;
    }
    bool can_start = false;
    // Lines 5-7: a new (execution site, file site) pair whose file can arrive before the JST.
    GridView view = live_view_->view();
    if (auto moved = replace_(job, k, view)) {
      double ftt           = job.file && moved->file_site != no_cluster
                                 ? view.estimated_transfer_time(moved->file_site, moved->cluster, job.file->size_bytes)
                                 : 0.0;
      const int held_there = claims_->claim_cores()(moved->cluster, comp.processors);
      if (now + ftt < attempt.jst && idle[moved->cluster] >= held_there && claims_->available(moved->cluster)) {
        claims_->move(id, k, {moved->cluster, comp.processors, moved->file_site});
        idle[moved->cluster] -= held_there; // not unholdable: what it will hold
        can_start = true;
      }
    }
    // Lines 8-14: otherwise make room by preempting lower-priority grid jobs (never for super-low jobs).
    if (not can_start && attempt.priority != Priority::super_low)
      can_start = preempt_for(id, k, idle);
    if (can_start)
      startable.push_back(k);
  }
  // Line 15: the components claim their processors and wait at the barrier (the engine starts the job once
  // all are claimed and their files are there; the JST was only the estimate that set the claiming times).
  claims_->claim(id, startable);
}

bool IncrementalClaiming::preempt_for(JobId id, size_t k, TryIdleCounts& idle)
{
  const ComponentPlacement comp = claims_->placement(id)[k];
  if (not claims_->available(comp.cluster))
    return false;
  const Priority priority = attempts_.at(id).priority;
  std::vector<claiming::Holder> holders;
  for (const Holding& h : claims_->holders(comp.cluster)) { // in job id order
    auto other = attempts_.find(h.job);
    if (h.job != id && other != attempts_.end())
      holders.push_back({h.job, other->second.priority, other->second.jst, h.processors});
  }
  // What the component will hold, limited by the cluster's hosts only: the victims free cores on hosts the width now
  // does not count (it counts the hosts with room before they leave). The claim after is the real test.
  const int held = claims_->capacity_cores()(comp.cluster, comp.processors);
  auto victims   = claiming::preemption_victims(priority, held, idle[comp.cluster], holders);
  if (victims.empty())
    return false;
  for (JobId victim : victims) {
    const auto& placement = claims_->placement(victim);
    const auto& claimed   = claims_->claimed_at(victim);
    // The abort frees the victim's claimed processors: the try reads their clusters here, before (TryIdleCounts.hpp).
    for (size_t j = 0; j < placement.size(); ++j)
      if (not std::isnan(claimed[j]))
        idle[placement[j].cluster] += claims_->capacity_cores()(placement[j].cluster, placement[j].processors);
    XBT_VERB("job %ld preempts job %ld on cluster %d", static_cast<long>(id), static_cast<long>(victim), comp.cluster);
    claims_->abort_job(victim, AbortReason::preempted, comp.cluster);
  }
  idle[comp.cluster] -= held;
  return true;
}

} // namespace coalsim::koala
