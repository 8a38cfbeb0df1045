#include "sim/engine/GridScheduler.hpp"

#include "sim/engine/Clock.hpp"
#include "sim/engine/NeverFits.hpp"
#include "sim/platform/RouteProperties.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_grid_scheduler, coalsim_engine, "GridScheduler");

namespace coalsim {

GridScheduler::GridScheduler(Parts parts, const Distribution& submission_overhead,
                             const Distribution& completion_overhead, uint64_t seed)
    : parts_(parts)
    , needs_(parts.policy.needs())
    , submission_overhead_(submission_overhead)
    , completion_overhead_(completion_overhead)
    , overheads_(seed, "middleware.overheads")
    , completion_failures_(seed, "middleware.completion_failures")
{
  rules_.needs        = &needs_;
  rules_.clusters     = static_cast<int>(parts_.managers.size());
  rules_.shares_hosts = parts_.runtime.shares_hosts();
  for (size_t c = 0; c < parts_.managers.size(); ++c)
    rules_.hosts.push_back(parts_.platform.cluster(static_cast<ClusterIndex>(c)).compute_hosts.size());
  step_id_ = parts_.step.add([this] { pass(); });
  // A run that stalled is seen after whatever event comes first past its date (a background job's, a band's
  // check): no pass of its own may be due then.
  parts_.step.watch([this] {
    if (stalled_now())
      request_pass();
  });
  // With no event left (exact information has no polls), the run would end before the stall's deadline, its waiting
  // jobs unfinished: a timer there is that event.
  parts_.step.at_rest([this] { time_the_stall(); });
  // The same for a host a SimGrid profile brings back later (with the stall off): a profile keeps no run alive.
  parts_.step.at_rest([this] { time_the_profiles(); });
  // A policy that messages between sites may ask for any route's loss and jitter (SiteChannel::route): a link's bad
  // property is an input error now, before the run.
  if (needs_.site_messages)
    check_route_properties(parts_.platform_file);
  Capabilities offered{this, this, this, this, this, this};
  if (parts_.decisions)
    offered.decisions = parts_.decisions;
  parts_.policy.grant(declared_only(needs_, offered));
  parts_.info.start([this] { request_pass(); }, [this] { return not done_; });
}

void GridScheduler::start(JobSource& source)
{
  source_ = &source;
  schedule_next_arrival();
}

void GridScheduler::schedule_next_arrival()
{
  auto job = source_->next();
  if (not job) {
    source_exhausted_ = true;
    if (active_.empty() && not done_)
      finish_run(now());
    return;
  }
  double when = job->submit_time;
  // One arrival is due at a time: kept here, the timer's callback holds no copy of the job (nor its allocation).
  next_arrival_ = std::move(*job);
  at(when, [this] { submit(std::move(next_arrival_)); });
}

void GridScheduler::submit(JobSpec spec)
{
  JobId id = spec.id;
  XBT_VERB("job %ld arrives", static_cast<long>(id));
  auto [it, inserted] = admit(id);
  xbt_assert(inserted, "job %ld submitted twice", static_cast<long>(id));
  it->second.spec = std::move(spec);
  note_progress();
  parts_.lifecycle.submitted(it->second.spec, now());
  if (auto rejection = never_fits(it->second.spec, fit_limits(), whole_grid())) {
    // No placement the policy can make could ever hold it: it leaves at this instant's pass, unseen by the policy.
    never_fitting_.push_back(std::move(*rejection));
    request_pass();
    schedule_next_arrival();
    return;
  }
  parts_.policy.on_job_submitted(it->second.spec);
  parts_.recorder.set_queue_length(parts_.policy.waiting_jobs(), now());
  request_pass();
  schedule_next_arrival();
}

std::pair<GridScheduler::ActiveJobs::iterator, bool> GridScheduler::admit(JobId id)
{
  return reused_jobs_.emplace(active_, id, [](ActiveJob& job) {
    // Every field as a new job's; the lists of one per component keep their room.
    std::vector<double> claimed_at = std::move(job.claimed_at), transfer_times = std::move(job.transfer_times);
    claimed_at.clear();
    transfer_times.clear();
    std::destroy_at(&job); // made anew in place: an assignment from a new one costs a move of every field
    std::construct_at(&job);
    job.claimed_at     = std::move(claimed_at);
    job.transfer_times = std::move(transfer_times);
  });
}

void GridScheduler::request_pass()
{
  if (not done_)
    parts_.step.request(step_id_);
}

void GridScheduler::pass()
{
  if (done_)
    return;
  // A policy that keeps deciding without time passing would hang the run: stop it loudly instead.
  if (now() == last_pass_time_) {
    xbt_assert(++passes_at_this_time_ < 1000000,
               "More than a million scheduling passes at t=%g: the policy keeps placing jobs whose claims fail at "
               "once (a livelock)",
               now());
  } else {
    last_pass_time_      = now();
    passes_at_this_time_ = 0;
  }
  deliver_messages();
  // The wake-ups due now, in token order (not SimGrid's order of their timers).
  while (not wakes_due_.empty()) {
    uint64_t token = *wakes_due_.begin();
    wakes_due_.erase(wakes_due_.begin());
    parts_.policy.on_wake(token);
  }
  if (decides_nothing() && not stalled_now()) {
    // decide() would return nothing and the rest of the pass would find nothing to do: no view is built.
    parts_.recorder.set_queue_length(parts_.policy.waiting_jobs(), now());
    return;
  }
  GridView view       = parts_.info.view();
  Decisions decisions = parts_.policy.decide(view);
  parts_.info.recycle(std::move(view));
  for (JobId id : decisions.not_placed) {
    xbt_assert(active_.count(id), "policy did not place job %ld, which is not in the system", static_cast<long>(id));
    parts_.lifecycle.not_placed(id);
  }
  for (auto& placement : decisions.placements)
    apply(std::move(placement));
  std::vector<Rejection> rejections = std::move(never_fitting_);
  never_fitting_.clear();
  rejections.insert(rejections.end(), decisions.rejections.begin(), decisions.rejections.end());
  for (const auto& rejection : rejections) {
    XBT_VERB("job %ld leaves: %s", static_cast<long>(rejection.job), rejection.reason.c_str());
    xbt_assert(active_.at(rejection.job).phase == Phase::waiting, "policy rejected job %ld, which is not waiting",
               static_cast<long>(rejection.job));
    parts_.lifecycle.turned_away(rejection.job, rejection_code(rejection));
    if (rejection.failed)
      drop(rejection.job);
    else
      leave(rejection.job, JobStatus::rejected);
  }
  if (not std::isnan(decisions.wake_at) && decisions.wake_at > now())
    at(decisions.wake_at, [this] { request_pass(); });
  if (not recheck_.empty())
    withdraw_never_fitting();
  withdraw_if_stalled();
  parts_.recorder.set_queue_length(parts_.policy.waiting_jobs(), now());
}

bool GridScheduler::decides_nothing() const
{
  return parts_.policy.nothing_to_decide() && never_fitting_.empty() && recheck_.empty() && not stalled_;
}

bool GridScheduler::idle() const
{
  const bool stall_may_come = stall_after_ > 0 && source_exhausted_; // with time alone: stalled_now()
  return done_ || (messages_due_.empty() && wakes_due_.empty() && not stall_may_come && decides_nothing());
}

void GridScheduler::note_progress()
{
  last_progress_ = now();
  stalled_       = false;
  drop_rest_timers(); // the stall's deadline has moved: the run sets them again if it comes to rest again
}

void GridScheduler::time_the_stall()
{
  if (stall_after_ <= 0 || not source_exhausted_ || stalled_ || done_ || stall_timer_.seq != 0)
    return;
  const double deadline = last_progress_ + stall_after_;
  if (not(deadline <= time_horizon))
    return; // no stall within the horizon: the run ends here, as without a stall check
  if (not any_waiting())
    return; // nothing to give up: a timer would only keep the run alive
  // Its event is all it takes: the watcher above sees the stall after it and asks for the pass that withdraws.
  stall_timer_ = at(deadline, [this] { stall_timer_ = {}; });
}

bool GridScheduler::any_waiting() const
{
  return std::any_of(active_.begin(), active_.end(),
                     [](const auto& job) { return job.second.phase == Phase::waiting; });
}

void GridScheduler::time_the_profiles()
{
  if (stall_after_ > 0 || done_ || profile_timer_.seq != 0)
    return; // with the stall on, its timer keeps the run alive to its deadline, past which nothing waits
  if (not(profiles_end_ > now()) || not(profiles_end_ <= time_horizon))
    return; // no profile event to come, or one for ever (no last date to wait for)
  if (not any_waiting())
    return;
  // SimGrid plays every profile event up to the timer's date: a host's return is an event, whose pass may start the
  // job; the job's start drops the timer.
  profile_timer_ = at(profiles_end_, [this] { profile_timer_ = {}; });
}

void GridScheduler::drop_rest_timers()
{
  for (TimerQueue::Handle* timer : {&stall_timer_, &profile_timer_}) {
    cancel(*timer); // nothing for a timer that is none
    *timer = {};
  }
}

bool GridScheduler::stalled_now() const
{
  return stall_after_ > 0 && source_exhausted_ && not stalled_ && not done_ && now() >= last_progress_ + stall_after_;
}

void GridScheduler::withdraw_if_stalled()
{
  if (stalled_now()) {
    XBT_INFO("no grid job arrived, started or ended for %g s: the jobs waiting are given up (stop.stall_after)",
             now() - last_progress_);
    // Until a job starts or ends: the jobs under way now (claiming, staging) are given up if they come back.
    stalled_ = true;
  }
  if (not stalled_)
    return;
  std::vector<JobId> ids;
  for (const auto& [id, job] : active_)
    if (job.phase == Phase::waiting)
      ids.push_back(id);
  std::sort(ids.begin(), ids.end()); // the map's order is not deterministic across builds
  for (JobId id : ids) {
    XBT_VERB("job %ld withdrawn: the run stalled", static_cast<long>(id));
    parts_.policy.on_job_withdrawn(active_.at(id).spec);
    parts_.lifecycle.turned_away(id, "stalled");
    drop(id);
  }
}

void GridScheduler::withdraw_never_fitting()
{
  std::vector<JobId> ids = std::move(recheck_);
  recheck_.clear();
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  const FitLimits limits = fit_limits(); // a copy: a job that leaves may mark a cluster unusable
  const auto& grid       = whole_grid();
  for (JobId id : ids) {
    auto it = active_.find(id);
    if (it == active_.end() || it->second.phase != Phase::waiting)
      continue; // it left, or the policy placed it meanwhile (a failed claim brings it back here)
    auto rejection = never_fits(it->second.spec, limits, grid);
    if (not rejection)
      continue;
    XBT_VERB("job %ld withdrawn: %s", static_cast<long>(id), rejection->reason.c_str());
    parts_.policy.on_job_withdrawn(it->second.spec);
    parts_.lifecycle.turned_away(id, rejection_code(*rejection));
    if (rejection->failed)
      drop(id);
    else
      leave(id, JobStatus::rejected);
  }
}

const FitLimits& GridScheduler::fit_limits()
{
  if (fit_limits_)
    return *fit_limits_;
  std::vector<int> processors;
  std::vector<bool> gone;
  IdleClaims claims; // the `nodes` clusters' tests of claims on them when idle (none in a run without them)
  for (size_t c = 0; c < parts_.managers.size(); ++c) {
    const auto cluster = static_cast<ClusterIndex>(c);
    processors.push_back(needs_.uses_cluster(cluster) ? parts_.managers[c]->grid_capacity() : 0);
    gone.push_back(health_ != nullptr && not health_->usable(cluster));
    if (parts_.managers[c]->nodes_shaped()) {
      claims.resize(parts_.managers.size());
      claims[c] = [manager = parts_.managers[c].get()](const std::vector<int>& sizes) {
        return manager->can_claim_when_idle(sizes);
      };
    }
  }
  return fit_limits_.emplace(std::move(processors), std::move(gone), needs_.co_allocates, parts_.info.capacity_cores(),
                             std::move(claims));
}

const std::vector<int>& GridScheduler::whole_grid()
{
  if (whole_grid_.empty())
    for (const auto& manager : parts_.managers)
      whole_grid_.push_back(manager->grid_capacity());
  return whole_grid_;
}

void GridScheduler::validate(const ActiveJob& job, const Placement& placement) const
{
  const JobSpec& spec = job.spec;
  const long id       = static_cast<long>(spec.id);
  xbt_assert(job.phase == Phase::waiting, "policy placed job %ld, which is not waiting", id);
  const auto broken = broken_rule(spec, placement, rules_); // the rules the Python adapter checks too
  if (not broken)
    return;
  const auto& comps = placement.components;
  const size_t k    = broken->component;
  switch (broken->rule) {
    case PlacementCheck::has_components:
      xbt_die("policy placed job %ld with no component", id);
    case PlacementCheck::claims_declared:
      xbt_die("policy placed job %ld to claim it itself, but its needs() declare no claims", id);
    case PlacementCheck::component_failures_declared:
      xbt_die("policy placed job %ld with component failures, but its needs() do not declare them", id);
    case PlacementCheck::cluster_exists:
    case PlacementCheck::has_processors:
      xbt_die("policy placed job %ld on cluster %d with %d processors", id, comps[k].cluster, comps[k].processors);
    case PlacementCheck::cluster_used:
      xbt_die("policy placed job %ld on cluster %d, which its needs().clusters leave out", id, comps[k].cluster);
    case PlacementCheck::share_allowed:
      xbt_die("policy placed job %ld on host %d of cluster %d with share %g (shares need the declared host shares, the "
              "timeshared runtime model, engine claiming, one processor, a host of the cluster and smallest_share <= "
              "share <= 1)",
              id, comps[k].host, comps[k].cluster, comps[k].share);
    case PlacementCheck::file_site_has_replica:
      xbt_die("policy took job %ld's file from cluster %d, which has no replica", id, comps[k].file_site);
    case PlacementCheck::file_site_given:
      xbt_die("policy placed job %ld, which has an input file, with no site to copy it from", id);
    case PlacementCheck::flexible_total: {
      int total = 0;
      for (const auto& c : comps)
        total += c.processors;
      xbt_die("flexible job %ld placed on %d processors, not %d", id, total, spec.total_processors);
    }
    case PlacementCheck::component_count:
      xbt_die("job %ld placed with %zu components instead of %zu", id, comps.size(), spec.components.size());
    case PlacementCheck::component_size:
      xbt_die("job %ld component %zu resized", id, k);
    case PlacementCheck::ordered_cluster:
      xbt_die("ordered job %ld component %zu moved off its cluster", id, k);
  }
  xbt_die("policy placed job %ld, breaking a rule of sim/api/PlacementRules.hpp", id);
}

void GridScheduler::apply(Placement placement)
{
  ActiveJob& job = active_.at(placement.job);
  validate(job, placement);
  job.placement      = std::move(placement.components);
  job.phase          = Phase::claiming;
  job.placement_time = now();
  ++job.placements;
  parts_.lifecycle.placed(job.spec.id, now());
  job.claiming           = placement.claiming;
  job.reserve            = placement.reserve;
  job.component_failures = placement.component_failures;
  ++job.attempt;
  const size_t n = job.placement.size();
  job.claimed_at.assign(n, NAN);
  if (job.claiming == Claiming::by_policy) {
    job.file_ready.assign(n, false);
    job.transfer_times.assign(n, 0.0);
    take_core_lists(job, n);
    for (const auto& c : job.placement) {
      gained_ += c.processors;
      if (job.reserve)
        parts_.info.placed(c.cluster, c.processors);
    }
    update_claim_series();
    wake_for_placement(job);
    parts_.policy.on_job_placed(job.spec);
    return;
  }
  if (job.reserve)
    for (const auto& c : job.placement)
      if (not shares_a_host(c)) // a share takes no processors the information service counts until its claim
        parts_.info.placed(c.cluster, c.processors);
  job.staged              = false;
  job.submission_overhead = submission_overhead_.sample(overheads_);
  JobId id                = job.spec.id;
  parts_.lifecycle.submission_overhead(id, job.submission_overhead);
  auto claim_later = [this, id] {
    at(now() + active_.at(id).submission_overhead, guarded<&GridScheduler::claim_all>(id));
  };
  if (job.claiming == Claiming::after_transfer)
    stage_together(id, claim_later);
  else
    claim_later();
}

void GridScheduler::claim_all(JobId id)
{
  ActiveJob& job = active_.at(id);
  // The components' processors by cluster, the clusters in increasing order; the lists keep their room from one
  // claim to the next (taken out of the member meanwhile: nothing below claims, but nothing needs to know that).
  std::vector<std::pair<ClusterIndex, std::vector<int>>> needed = std::move(claim_sizes_);
  size_t clusters                                               = 0;
  ClusterIndex short_cluster                                    = no_cluster;
  for (const auto& c : job.placement)
    if (not shares_a_host(c)) {
      auto first = needed.begin(), last = needed.begin() + static_cast<std::ptrdiff_t>(clusters);
      auto it = std::find_if(first, last, [&c](const auto& entry) { return entry.first == c.cluster; });
      if (it == last) {
        if (clusters == needed.size())
          needed.emplace_back();
        it        = needed.begin() + static_cast<std::ptrdiff_t>(clusters++);
        it->first = c.cluster;
        it->second.clear();
      }
      it->second.push_back(c.processors);
    } else if (short_cluster == no_cluster && not parts_.managers[c.cluster]->can_claim_share(c.host, c.share)) {
      short_cluster = c.cluster;
    }
  std::sort(needed.begin(), needed.begin() + static_cast<std::ptrdiff_t>(clusters),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  bool woke = false; // hosts switched on for the claim
  for (size_t i = 0; i < clusters; ++i) {
    const auto& [cluster, sizes] = needed[i];
    if (not parts_.managers[cluster]->can_claim(sizes)) {
      if (short_cluster == no_cluster)
        short_cluster = cluster;
      woke = parts_.managers[cluster]->wake_for(sizes) || woke; // the hosts switched off that it wanted
      claim_waits(job, cluster);
    }
  }
  claim_sizes_ = std::move(needed);
  if (short_cluster != no_cluster) {
    // The co-allocator cancels every component (DUROC): a submission failure.
    XBT_VERB("job %ld: claim failed on cluster %d", static_cast<long>(id), short_cluster);
    // A failure that moves nothing the scheduler believes (no count other than the one it had, no host switched on)
    // teaches it nothing: a pass now would see what the last one saw, and place the job there again (a shaped
    // cluster's count overstates what several components can take). The job waits for the next change instead.
    stop_attempt(job, PlacementOutcome::claim_failed);
    const bool taught = parts_.info.learn_idle(short_cluster) || woke;
    parts_.lifecycle.submission_failed(id);
    publish_failure(id, short_cluster, "claim");
    reset_to_waiting(job);
    parts_.policy.on_claim_failed(job.spec);
    if (taught)
      requeued();
    else
      parts_.recorder.set_queue_length(parts_.policy.waiting_jobs(), now());
    return;
  }
  take_core_lists(job, job.placement.size());
  for (size_t k = 0; k < job.placement.size(); ++k) {
    const auto& c = job.placement[k];
    if (shares_a_host(c)) {
      bool ok =
          parts_.managers[c.cluster]->claim_share(c.host, c.share, &job.cores[k], job.spec.id, static_cast<int>(k));
      xbt_assert(ok, "share claim on host %d of cluster %d failed after its check", c.host, c.cluster);
      job.claimed_at[k] = now();
      continue;
    }
    bool ok = parts_.managers[c.cluster]->claim(c.processors, &job.cores[k], &job.core_ids[k]);
    xbt_assert(ok, "claim on cluster %d failed after its check", c.cluster);
    job.claimed_at[k] = now();
    if (job.reserve)
      parts_.info.claimed(c.cluster, c.processors);
    else
      parts_.info.claimed_unreserved(c.cluster, c.processors);
  }
  parts_.policy.on_job_started(job.spec);
  if (needs_.decides_after_start)
    request_pass();
  if (job.staged) {
    launch(id);
  } else {
    job.phase = Phase::staging;
    stage_together(id, [this, id] { launch(id); });
  }
}

void GridScheduler::stage_together(JobId id, std::function<void()> then)
{
  ActiveJob& job = active_.at(id);
  job.staged     = true;
  job.transfer_times.assign(job.placement.size(), 0.0);
  if (not job.spec.file) { // nothing to copy
    parts_.lifecycle.staged(id, 0);
    then();
    return;
  }
  std::vector<FileStager::Transfer> transfers;
  std::vector<int> transfer_of(job.placement.size(), -1); // components on one cluster share one copy
  for (size_t k = 0; k < job.placement.size(); ++k) {
    const auto& c = job.placement[k];
    if (not job.spec.file || c.file_site == no_cluster || c.file_site == c.cluster)
      continue;
    auto same = std::find_if(transfers.begin(), transfers.end(),
                             [&](const FileStager::Transfer& t) { return t.from == c.file_site && t.to == c.cluster; });
    if (same == transfers.end()) {
      transfers.push_back({c.file_site, c.cluster, job.spec.file->size_bytes});
      same = transfers.end() - 1;
    }
    transfer_of[k] = static_cast<int>(same - transfers.begin());
  }
  if (transfers.empty()) {
    parts_.lifecycle.staged(id, 0);
    then();
    return;
  }
  double started = now();
  job.stage_id   = parts_.stager.stage(
        transfers,
        guarded(id, [this, id, started, transfer_of, then = std::move(then)](const FileStager::Outcome& outcome) {
        ActiveJob& j = active_.at(id);
        j.stage_id   = 0;
        if (not outcome.arrived()) {
          abort_attempt(id, outcome.failed_at);
          return;
        }
        for (size_t k = 0; k < transfer_of.size(); ++k)
          j.transfer_times[k] = transfer_of[k] < 0 ? 0.0 : outcome.durations[transfer_of[k]];
        parts_.lifecycle.staged(id, now() - started);
        then();
      }));
}

void GridScheduler::start_if_ready(JobId id)
{
  ActiveJob& job = active_.at(id);
  if (job.phase != Phase::claiming)
    return;
  // The components start together (DUROC barrier) once all are claimed and their input files are there.
  if (all_claimed(job) && std::all_of(job.file_ready.begin(), job.file_ready.end(), [](bool b) { return b; }))
    launch(id);
}

bool GridScheduler::all_claimed(const ActiveJob& job)
{
  return std::none_of(job.claimed_at.begin(), job.claimed_at.end(), [](double t) { return std::isnan(t); });
}

void GridScheduler::stop_attempt(ActiveJob& job, PlacementOutcome outcome)
{
  parts_.lifecycle.attempt_ended(job.spec.id, outcome, now());
  const bool running   = job.phase == Phase::running;
  const bool by_policy = job.claiming == Claiming::by_policy;
  const bool released  = job.phase == Phase::completing; // the run ended: its processors are free already
  if (running) {
    --running_;
    parts_.runtime.cancel(job.run); // its processes stop before its cores go to others
  }
  parts_.stager.cancel(job.stage_id);
  job.stage_id        = 0;
  bool claims_changed = false;
  for (size_t k = 0; k < job.placement.size(); ++k) {
    const auto& c = job.placement[k];
    if (holds_processors(job, k)) {
      release_component(job, k, running ? HoldingOutcome::killed : HoldingOutcome::aborted);
      if (by_policy && not running) {
        held_ -= c.processors;
        claims_changed = true;
      }
    } else if (not released) {
      if (job.reserve && not shares_a_host(c))
        parts_.info.claim_failed(c.cluster, c.processors); // the placement counted as taken until its claim
      if (by_policy) {
        gained_ -= c.processors;
        claims_changed = true;
      }
    }
  }
  if (claims_changed)
    update_claim_series();
  for (const auto& [copy, stage] : job.copies) // the Data Manager stops an aborted job's transfers
    parts_.stager.cancel(stage);
  job.copies.clear();
}

void GridScheduler::claim_waits(ActiveJob& job, ClusterIndex c)
{
  if (std::find(job.claims_failed_on.begin(), job.claims_failed_on.end(), c) != job.claims_failed_on.end())
    return;
  job.claims_failed_on.push_back(c);
  parts_.managers[c]->claim_waits();
}

void GridScheduler::wake_for_placement(ActiveJob& job)
{
  // Such a policy claims only what the hosts that are on can take (Claims::claimable_on): a claim it never makes
  // switches nothing on, and a placement on cores the information service showed idle on hosts switched off waited for
  // ever. They are switched on as a failed claim of the engine's would, and stay on for the job (claim_waits).
  const auto& placement = job.placement;
  for (size_t k = 0; k < placement.size(); ++k) {
    const ClusterIndex c = placement[k].cluster;
    auto same = [&](const ComponentPlacement& other) { return other.cluster == c && not shares_a_host(other); };
    if (not parts_.managers[c]->hosts_switched_off() || not same(placement[k]) ||
        std::any_of(placement.begin(), placement.begin() + static_cast<std::ptrdiff_t>(k), same))
      continue; // all its hosts on (asked first: almost always so), a share, or a cluster seen already
    std::vector<int> sizes;
    for (size_t j = k; j < placement.size(); ++j)
      if (same(placement[j]))
        sizes.push_back(placement[j].processors);
    if (not parts_.managers[c]->can_claim(sizes)) {
      parts_.managers[c]->wake_for(sizes);
      claim_waits(job, c);
    }
  }
}

void GridScheduler::claims_done(ActiveJob& job)
{
  for (ClusterIndex c : job.claims_failed_on)
    parts_.managers[c]->claim_done();
  job.claims_failed_on.clear();
}

void GridScheduler::reset_to_waiting(ActiveJob& job)
{
  ++job.attempt; // the attempt's claim, copy and run callbacks are stale now
  if (any_unusable_)
    recheck_.push_back(job.spec.id); // it may fit none of the clusters left usable
  job.phase      = Phase::waiting;
  job.start_time = NAN;
  job.staged     = false;
  job.run_failed = false;
  job.placement.clear();
  give_back_core_lists(job);
  job.claimed_at.clear();
  job.file_ready.clear();
  parts_.lifecycle.back_to_waiting(job.spec.id);
}

void GridScheduler::requeued()
{
  parts_.recorder.set_queue_length(parts_.policy.waiting_jobs(), now());
  request_pass();
}

void GridScheduler::abort_attempt(JobId id, const std::vector<ClusterIndex>& clusters)
{
  ActiveJob& job     = active_.at(id);
  const bool claimed = job.phase == Phase::staging || job.phase == Phase::running;
  xbt_assert(claimed || job.phase == Phase::claiming, "job %ld aborted in phase %d", static_cast<long>(id),
             static_cast<int>(job.phase));
  XBT_VERB("job %ld: attempt aborted by an outage", static_cast<long>(id));
  stop_attempt(job, PlacementOutcome::component_failed);
  reset_to_waiting(job);
  for (ClusterIndex c : clusters)
    count_error(c, id);
  if (claimed) {
    parts_.lifecycle.run_failed(id);
    if (not parts_.policy.on_job_failed(job.spec)) {
      drop(id);
      return;
    }
  } else {
    parts_.lifecycle.submission_failed(id);
    parts_.policy.on_claim_failed(job.spec);
  }
  requeued();
}

void GridScheduler::abort_to_policy(JobId id, AbortReason reason, const std::vector<ClusterIndex>& clusters)
{
  ActiveJob& job = active_.at(id);
  Abort ended{reason, clusters, job.phase == Phase::running, job.placement, job.claimed_at};
  stop_attempt(job, outcome_of(reason));
  reset_to_waiting(job);
  parts_.policy.on_job_aborted(job.spec, ended);
  requeued();
}

void GridScheduler::take_core_lists(ActiveJob& job, size_t components)
{
  give_back_core_lists(job);
  if (job.cores.capacity() < components && not spare_lists_.empty()) { // a new job: lists of one that left
    job.cores    = std::move(spare_lists_.back().first);
    job.core_ids = std::move(spare_lists_.back().second);
    spare_lists_.pop_back();
  }
  for (size_t k = 0; k < components; ++k) {
    job.cores.emplace_back();
    job.core_ids.emplace_back();
    if (not spare_hosts_.empty()) {
      job.cores.back() = std::move(spare_hosts_.back());
      spare_hosts_.pop_back();
    }
    if (not spare_core_ids_.empty()) {
      job.core_ids.back() = std::move(spare_core_ids_.back());
      spare_core_ids_.pop_back();
    }
  }
}

void GridScheduler::give_back_core_lists(ActiveJob& job)
{
  for (auto& hosts : job.cores) {
    hosts.clear();
    spare_hosts_.push_back(std::move(hosts));
  }
  for (auto& cores : job.core_ids) {
    cores.clear();
    spare_core_ids_.push_back(std::move(cores));
  }
  job.cores.clear();
  job.core_ids.clear();
}

int GridScheduler::clusters_used(const ActiveJob& job)
{
  int distinct = 0;
  for (auto c = job.placement.begin(); c != job.placement.end(); ++c)
    distinct += std::none_of(job.placement.begin(), c,
                             [c](const ComponentPlacement& earlier) { return earlier.cluster == c->cluster; });
  return distinct;
}

void GridScheduler::launch(JobId id)
{
  ActiveJob& job = active_.at(id);
  job.phase      = Phase::running;
  job.start_time = now();
  claims_done(job);
  note_progress();
  parts_.lifecycle.run_started(id, now(), ++running_);
  if (job.claiming == Claiming::by_policy) {
    parts_.lifecycle.staged(id, *std::max_element(job.transfer_times.begin(), job.transfer_times.end()));
    for (const auto& c : job.placement)
      held_ -= c.processors;
    update_claim_series();
  }
  parts_.policy.on_run_started(job.spec);
  if (job.component_failures) {
    // A component on a faulty cluster fails at a random point of its run, which aborts the job.
    std::vector<ClusterIndex> failing;
    for (const auto& c : job.placement)
      if (health_ && health_->draw_component_failure(c.cluster) &&
          std::find(failing.begin(), failing.end(), c.cluster) == failing.end())
        failing.push_back(c.cluster);
    if (not failing.empty())
      at(now() + health_->draw_fraction() * job.spec.runtime,
         guarded(id, [this, id, failing] { fail_components(id, failing); }));
  }
  job.run = parts_.runtime.run(job.spec, clusters_used(job), job.cores, guarded<&GridScheduler::end>(id),
                               guarded<&GridScheduler::run_failed_in_simgrid>(id));
  for (size_t k = 0; k < job.placement.size(); ++k)
    if (shares_a_host(job.placement[k]))
      parts_.runtime.set_share(job.run, k, job.placement[k].share);
}

void GridScheduler::release_component(ActiveJob& job, size_t k, HoldingOutcome outcome)
{
  const auto& c = job.placement[k];
  if (shares_a_host(c))
    parts_.managers[c.cluster]->release_share(c.host, c.share, job.spec.id, static_cast<int>(k));
  else
    parts_.managers[c.cluster]->release(c.processors, job.core_ids[k], holding_of(job, k), outcome);
}

CoreHolding GridScheduler::holding_of(const ActiveJob& job, size_t k)
{
  return {CoreOwner::grid_component, job.spec.id,   static_cast<int32_t>(k), job.placements,
          job.claimed_at[k],         job.start_time};
}

void GridScheduler::note_cpu_work(const ActiveJob& job) const
{
  if (std::none_of(job.placement.begin(), job.placement.end(), [](const auto& c) { return shares_a_host(c); }))
    return; // every component's is NaN, which the trace writes for a component with none (no list per job)
  std::vector<double> work(job.placement.size(), NAN);
  for (size_t k = 0; k < job.placement.size(); ++k)
    if (shares_a_host(job.placement[k]))
      work[k] = parts_.runtime.cpu_seconds(job.run, k);
  parts_.lifecycle.cpu_work(job.spec.id, std::move(work));
}

bool GridScheduler::host_shareable(ClusterIndex c, int host) const
{
  return available(c) && parts_.managers.at(c)->host_shareable(host);
}

RunProgress GridScheduler::progress(JobId id) const
{
  const ActiveJob& job = active_.at(id);
  xbt_assert(job.phase == Phase::running, "progress of job %ld, which is not running", static_cast<long>(id));
  return {parts_.runtime.cpu_seconds(job.run), now() - job.start_time};
}

void GridScheduler::set_share(JobId id, size_t k, double share)
{
  ActiveJob& job = active_.at(id);
  xbt_assert(job.phase == Phase::running && k < job.placement.size() && shares_a_host(job.placement[k]),
             "set_share on job %ld component %zu, which does not run on a share of a host", static_cast<long>(id), k);
  xbt_assert(share >= smallest_share && share <= 1, "share %g for job %ld (at least %g, at most 1)", share,
             static_cast<long>(id), smallest_share);
  ComponentPlacement& c = job.placement[k];
  parts_.managers[c.cluster]->update_share(c.host, c.share, share, id, static_cast<int>(k));
  c.share = share;
  parts_.runtime.set_share(job.run, k, share);
}

void GridScheduler::end(JobId id)
{
  ActiveJob& job = active_.at(id);
  ++job.attempt; // the run's callbacks (a drawn component failure, SimGrid failing it) are stale now
  job.phase = Phase::completing;
  --running_;
  note_progress();
  // Every component ran to completion: its cluster's consecutive errors start again from zero, whichever the
  // policy (the errors of other policies' jobs are outages that killed them, see abort_attempt).
  if (health_)
    for (const auto& c : job.placement)
      health_->success(c.cluster);
  note_cpu_work(job);
  for (size_t k = 0; k < job.placement.size(); ++k) {
    release_component(job, k, HoldingOutcome::completed);
    job.claimed_at[k] = NAN;
  }
  give_back_core_lists(job);
  parts_.policy.on_run_ended(job.spec);
  const double completion_overhead = completion_overhead_.sample(overheads_);
  parts_.lifecycle.run_ended(id, now(), completion_overhead);
  // Drawn only when failures are enabled, so runs without them keep their random streams.
  job.run_failed =
      completion_failure_probability_ > 0 && completion_failures_.uniform() < completion_failure_probability_;
  at(now() + completion_overhead, [this, id] {
    if (active_.at(id).run_failed)
      fail_run(id);
    else
      complete(id);
  });
  request_pass();
}

void GridScheduler::fail_run(JobId id)
{
  ActiveJob& job = active_.at(id);
  XBT_VERB("job %ld: completion failure", static_cast<long>(id));
  parts_.lifecycle.run_failed(id);
  publish_failure(id, job.placement.empty() ? no_cluster : job.placement.front().cluster, "completion");
  stop_attempt(job, PlacementOutcome::run_failed);
  if (not parts_.policy.on_job_failed(job.spec)) {
    drop(id);
    return;
  }
  reset_to_waiting(job);
  requeued();
}

void GridScheduler::drop(JobId id)
{
  // The policy gave the job up (at a scheduling pass, or after its run failed): it leaves as failed, with the
  // row of its last attempt, when the user learns of it.
  publish_failure(id, no_cluster, "drop");
  parts_.lifecycle.done(id, now());
  leave(id, JobStatus::failed);
}

void GridScheduler::complete(JobId id)
{
  parts_.policy.on_job_finished(active_.at(id).spec);
  parts_.lifecycle.done(id, now());
  parts_.lifecycle.attempt_ended(id, PlacementOutcome::completed, now());
  leave(id, JobStatus::completed);
}

void GridScheduler::leave(JobId id, JobStatus status)
{
  ActiveJob& job = active_.at(id);
  publish_left(job, status);
  claims_done(job);
  give_back_core_lists(job);
  if (job.cores.capacity() > 0) // each pair of lists is a running job's or here: no more than ran at once
    spare_lists_.emplace_back(std::move(job.cores), std::move(job.core_ids));
  reused_jobs_.erase(active_, active_.find(id));
  if (on_job_done_)
    on_job_done_();
  if (source_exhausted_ && active_.empty() && not done_)
    finish_run(now());
}

void GridScheduler::finish_run(double time)
{
  done_ = true;
  drop_rest_timers();
  if (not run_ends_with_grid_)
    return;
  parts_.lifecycle.finished(time);
  parts_.recorder.finish(time);
}

void GridScheduler::stop_at(double time)
{
  if (done_)
    return;
  std::vector<JobId> ids;
  for (const auto& [id, job] : active_)
    ids.push_back(id);
  std::sort(ids.begin(), ids.end());
  for (JobId id : ids) {
    ActiveJob& job = active_.at(id);
    for (size_t k = 0; k < job.placement.size(); ++k) // the cores it holds, as unfinished
      if (holds_processors(job, k) && not shares_a_host(job.placement[k]))
        parts_.managers[job.placement[k].cluster]->report_held(job.core_ids[k], holding_of(job, k), time);
    parts_.lifecycle.stopped(id, time);
    if (job.phase == Phase::running)
      note_cpu_work(job);
    publish_left(job, JobStatus::unfinished);
  }
  active_.clear();
  finish_run(time);
}

void GridScheduler::report_economy(JobId id, const EconomyFigures& figures)
{
  xbt_assert(active_.count(id), "economy figures for job %ld, which is not in the system", static_cast<long>(id));
  parts_.lifecycle.economy(id, figures);
}

void GridScheduler::publish_left(const ActiveJob& job, JobStatus status)
{
  parts_.lifecycle.left(job.spec, status, job.placement, job.transfer_times);
}

} // namespace coalsim
