#include "policies/diana/DianaPolicy.hpp"

#include "policies/diana/MigrationChoice.hpp"
#include "policies/diana/NetworkCost.hpp"
#include "policies/diana/SiteCostModel.hpp"
#include "policies/diana/SubBulks.hpp"
#include "sim/api/PolicyRegistry.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_diana_policy, coalsim_diana, "DianaPolicy");

namespace coalsim::diana {
DianaPolicy::DianaPolicy(DianaSettings settings, size_t sites, uint64_t seed)
    : settings_(std::move(settings))
    , submission_sites_(seed, "diana.submission_sites")
    , job_sizes_(seed, "diana.job_sizes")
    , sites_(sites)
{
}

PolicyNeeds DianaPolicy::needs() const
{
  PolicyNeeds needs;
  needs.request_types = {RequestType::total, RequestType::unordered};
  needs.co_allocates  = false;
  needs.site_messages = true;
  needs.timers        = true;
  needs.live_view     = true;
  return needs;
}

void DianaPolicy::grant(const Capabilities& granted)
{
  channel_   = required(granted.site_channel, "SiteChannel", "DIANA");
  timers_    = required(granted.timers, "Timers", "DIANA");
  live_view_ = required(granted.live_view, "LiveView", "DIANA");
  log_       = granted.decisions;
  // The network costs between sites, from the routes of their scheduler hosts, each worked out when first needed
  // (all pairs at once was most of a short run on 1,000 sites). The engine checked every link's loss and jitter
  // before the run.
  network_cost_.assign(sites_.size() * sites_.size(), NAN);
}

double DianaPolicy::network_cost_between(ClusterIndex a, ClusterIndex b) const
{
  if (a == b)
    return 0.0;
  double& cost = network_cost_[static_cast<size_t>(a) * sites_.size() + static_cast<size_t>(b)];
  if (std::isnan(cost)) {
    RouteQuality route = channel_->route(a, b);
    PathQuality path{2 * route.latency, route.loss, route.jitter, route.bandwidth};
    cost = std::isinf(route.bandwidth) ? 0.0 : network_cost(path, settings_.weights);
  }
  return cost;
}

SiteLoad DianaPolicy::own_load(ClusterIndex site) const
{
  const ClusterState c = live_view_->cluster(site);
  return SiteLoad{static_cast<int>(sites_[site].queue.size()), c.processors, c.processors - c.idle};
}

void DianaPolicy::on_job_submitted(const JobSpec& job)
{
  ClusterIndex site = job.submit_site;
  if (site == no_cluster)
    site = settings_.fixed_site != no_cluster ? settings_.fixed_site
                                              : static_cast<ClusterIndex>(submission_sites_.below(sites_.size()));
  xbt_assert(site >= 0 && static_cast<size_t>(site) < sites_.size(), "job %ld submitted to site %d of %zu",
             static_cast<long>(job.id), site, sites_.size());
  JobState state;
  state.spec       = &job;
  state.submission = site;
  state.owner      = site;
  // The job's own sizes (workload.executable_size, output_size); the policy's parameters for jobs without.
  state.executable =
      std::isnan(job.executable_size) ? settings_.executable_size.sample(job_sizes_) : job.executable_size;
  state.output  = std::isnan(job.output_size) ? settings_.output_size.sample(job_sizes_) : job.output_size;
  jobs_[job.id] = state;
  sites_[site].arrived.push_back(job.id);
  channel_->record_submission_site(job.id, site);
  ++waiting_;
}

Decisions DianaPolicy::decide(const GridView& view)
{
  // A site marked unusable sends its queued jobs on once it is up (its scheduler host is back, if an outage took
  // it), at most once an instant. A job that found no live site comes back to its queue and waits for what could
  // change the answer: a cluster becoming usable, or `retry_interval` (a peer's scheduler back). The report sets no
  // period for asking peers again: a site asks them when a job arrives (4.6, the costs recomputed after each job)
  // and when a queued job is considered for migration (4.8, whose timing it leaves open); the retry is coalsim's
  // choice. Before, the stale wake-up of the round's own reply timeout, or any event, made it ask again at once.
  for (size_t s = 0; s < sites_.size(); ++s)
    if (const auto& cluster = view.cluster(static_cast<ClusterIndex>(s));
        cluster.marked_unusable && cluster.up && not sites_[s].queue.empty() && view.now() > sites_[s].resubmitted_at &&
        may_resubmit(static_cast<ClusterIndex>(s), view))
      resubmit_from_unusable(static_cast<ClusterIndex>(s), view);
  // The jobs submitted at this instant become batches: one per job (iterative), or one per site.
  for (size_t s = 0; s < sites_.size(); ++s) {
    Site& site = sites_[s];
    if (site.arrived.empty())
      continue;
    if (settings_.submission == Submission::iterative)
      for (JobId job : site.arrived)
        site.batches.push_back({job});
    else
      site.batches.push_back(site.arrived);
    site.arrived.clear();
    next_decision(static_cast<ClusterIndex>(s));
  }
  // Each scheduler starts its queue's head jobs on its own cluster, in priority order, while they fit.
  Decisions decisions;
  for (size_t s = 0; s < sites_.size(); ++s) {
    const auto& cluster = view.cluster(static_cast<ClusterIndex>(s));
    int idle            = cluster.usable ? cluster.idle : 0;
    auto& queue         = sites_[s].queue;
    while (not queue.empty()) {
      JobId id      = queue.front();
      JobState& job = jobs_.at(id);
      int needed    = processors_needed(*job.spec);
      if (not view.component_cores().job_fits(*job.spec, static_cast<ClusterIndex>(s), idle))
        break; // on a shaped cluster a job holds whole nodes' worth, on at most the hosts with room now
      if (not job.submitted) {
        // The head could start now but is not yet with the local scheduler: its submission starts (unless
        // another is under way), and nothing behind it starts first (strict priority order).
        if (not sites_[s].submitting)
          start_submission(static_cast<ClusterIndex>(s), job.local_submission);
        break;
      }
      Placement placement;
      placement.job          = id;
      ClusterIndex file_site = no_cluster;
      if (job.spec->file) {
        double best = std::numeric_limits<double>::infinity();
        for (ClusterIndex r : job.spec->file->replica_sites)
          if (view.cluster(r).up && network_cost_between(r, static_cast<ClusterIndex>(s)) < best) {
            best      = network_cost_between(r, static_cast<ClusterIndex>(s));
            file_site = r;
          }
        if (file_site == no_cluster)
          break; // no replica in reach: the head waits
      }
      if (job.spec->type == RequestType::flexible || job.spec->components.empty())
        placement.components.push_back({static_cast<ClusterIndex>(s), needed, file_site});
      else
        for (const auto& c : job.spec->components)
          placement.components.push_back({static_cast<ClusterIndex>(s), c.processors, file_site});
      decisions.placements.push_back(std::move(placement));
      idle -= static_cast<int>(view.capacity_cores().job_on(*job.spec, static_cast<ClusterIndex>(s))); // it holds
      queue.remove(id);
      job.execution = static_cast<ClusterIndex>(s);
      --waiting_;
    }
  }
  return decisions;
}

size_t DianaPolicy::usable_clusters(const GridView& view) const
{
  size_t usable = 0;
  for (size_t c = 0; c < sites_.size(); ++c)
    usable += view.cluster(static_cast<ClusterIndex>(c)).usable ? 1 : 0;
  return usable;
}

bool DianaPolicy::may_resubmit(ClusterIndex s, const GridView& view) const
{
  const Site& site = sites_[s];
  return view.now() >= site.retry_at || usable_clusters(view) > site.usable_then;
}

void DianaPolicy::back_off(ClusterIndex s)
{
  Site& site       = sites_[s];
  site.retry_at    = timers_->now() + settings_.retry_interval;
  site.usable_then = 0;
  for (size_t c = 0; c < sites_.size(); ++c)
    site.usable_then += live_view_->cluster(static_cast<ClusterIndex>(c)).usable ? 1 : 0;
  uint64_t token = next_token_++;
  retry_tokens_.insert(token);
  timers_->wake_at(site.retry_at, token);
}

void DianaPolicy::resubmit_from_unusable(ClusterIndex s, const GridView& view)
{
  // The site's cluster will run nothing more: its scheduler (still up) decides each queued job again as a new
  // submission, which sends it to the best live site (4.4: a job goes to the first live site; its own site is no
  // candidate now). Only once some other usable cluster could hold the job: until then it waits here (a job that
  // no usable cluster could ever hold is withdrawn by the engine). A job a migration round is asking about is left
  // to that round, which takes any offer for a job whose home cannot run it (4.8).
  Site& site = sites_[s];
  std::vector<JobId> leaving;
  for (JobId id : site.queue.in_order()) {
    const JobState& job = jobs_.at(id);
    bool held_elsewhere = false;
    for (size_t c = 0; c < sites_.size() && not held_elsewhere; ++c) {
      const auto other = static_cast<ClusterIndex>(c);
      held_elsewhere   = other != s && view.cluster(other).usable &&
                       view.cluster(other).processors >= view.capacity_cores().job_on(*job.spec, other);
    }
    if (held_elsewhere && not job.migrating)
      leaving.push_back(id);
  }
  if (leaving.empty())
    return;
  site.resubmitted_at = view.now();
  for (JobId id : leaving)
    site.queue.remove(id);
  if (settings_.submission == Submission::iterative)
    for (JobId id : leaving)
      site.batches.push_back({id});
  else
    site.batches.push_back(std::move(leaving));
  next_decision(s);
}

void DianaPolicy::next_decision(ClusterIndex s)
{
  Site& site = sites_[s];
  while (not site.decision_round && not site.batches.empty()) {
    auto jobs = std::move(site.batches.front());
    site.batches.pop_front();
    int priority        = jobs_.at(jobs.front()).priority;
    uint64_t id         = start_round(s, false, std::move(jobs), priority);
    site.decision_round = id;
    if (rounds_.at(id).second.replies.complete())
      finish_round(s, id);
  }
}

uint64_t DianaPolicy::start_round(ClusterIndex site, bool migration, std::vector<JobId> jobs, int asked_priority)
{
  uint64_t id = next_round_++;
  std::vector<int> peers;
  for (size_t p = 0; p < sites_.size(); ++p)
    if (static_cast<ClusterIndex>(p) != site)
      peers.push_back(static_cast<int>(p));
  JobId first = jobs.front();
  rounds_.emplace(id, std::make_pair(site, Round{migration, timers_->now(), std::move(jobs),
                                                 ReplyRound<Report>(peers, timers_->now() + settings_.reply_timeout)}));
  for (int peer : peers)
    channel_->send(site, peer, std::make_shared<Query>(id, first, asked_priority, migration, settings_.query_bytes));
  if (not peers.empty()) {
    uint64_t token   = next_token_++;
    timeouts_[token] = id;
    timers_->wake_at(timers_->now() + settings_.reply_timeout, token);
  }
  return id;
}

void DianaPolicy::answer_query(ClusterIndex from, ClusterIndex to, const Query& query)
{
  // `to` answers `from` with what it knows of itself now, including that its cluster will run nothing more when it
  // is marked unusable (4.4: a RootGrid's table of its nodes is updated as they leave; it has nothing to offer).
  SiteLoad load        = own_load(to);
  int jobs_ahead       = sites_[to].queue.jobs_ahead_of_newcomer(query.asked_priority);
  const bool runs_jobs = not live_view_->cluster(to).marked_unusable;
  channel_->send(to, from,
                 std::make_shared<Reply>(query.round, query.about, load, jobs_ahead, runs_jobs, settings_.reply_bytes));
}

std::vector<JobId> DianaPolicy::still_held(const std::vector<JobId>& jobs) const
{
  std::vector<JobId> held;
  for (JobId id : jobs)
    if (jobs_.count(id)) // else withdrawn on its way
      held.push_back(id);
  return held;
}

void DianaPolicy::on_message(ClusterIndex from, ClusterIndex to, const Message& message, bool delivered)
{
  if (const auto* query = message.as<Query>()) {
    if (delivered)
      answer_query(from, to, *query);
    else
      round_answered(from, query->round, to, std::nullopt);
  } else if (const auto* reply = message.as<Reply>()) {
    if (delivered)
      round_answered(to, reply->round, from, Report{reply->load, reply->jobs_ahead, reply->runs_jobs});
    // else: the replier's or the asker's host went off on the way; the asker hears nothing (its timeout decides).
  } else if (const auto* migration = message.as<JobMigration>()) {
    std::vector<JobId> jobs = still_held(migration->jobs);
    if (delivered)
      for (JobId id : jobs) {
        JobState& job = jobs_.at(id);
        ++job.migrations;
        ++job.priority; // 4.8: the migrated job's priority is raised
        channel_->record_migration(id, from, to);
      }
    if (not jobs.empty())
      enqueue_submission(delivered ? to : from, jobs); // the peer is gone: the jobs stay home
  } else if (const auto* submission = message.as<JobSubmission>()) {
    std::vector<JobId> jobs = still_held(submission->jobs);
    if (not jobs.empty())
      enqueue_submission(delivered ? to : from, jobs);
  }
  // Output: the job's output is back at its submission site; nothing waits for it.
}

void DianaPolicy::round_answered(ClusterIndex site, uint64_t round_id, ClusterIndex peer, std::optional<Report> report)
{
  auto it = rounds_.find(round_id);
  if (it == rounds_.end() || it->second.first != site)
    return; // the round is over (timed out): a stale reply
  auto& replies = it->second.second.replies;
  if (report)
    replies.answer(peer, *report);
  else
    replies.mark_dead(peer);
  if (replies.complete())
    finish_round(site, round_id);
}

void DianaPolicy::on_wake(uint64_t token)
{
  if (auto submission = submission_tokens_.find(token); submission != submission_tokens_.end()) {
    auto [site, id] = submission->second;
    submission_tokens_.erase(submission);
    end_submission(site, id);
    return;
  }
  if (retry_tokens_.erase(token) > 0)
    return; // a back-off is over: decide() follows
  if (migration_token_ && token == *migration_token_) {
    migration_token_.reset();
    check_migrations();
    return;
  }
  auto it = timeouts_.find(token);
  if (it == timeouts_.end())
    return;
  uint64_t round_id = it->second;
  timeouts_.erase(it);
  auto round = rounds_.find(round_id);
  if (round == rounds_.end())
    return;
  round->second.second.replies.expire();
  finish_round(round->second.first, round_id);
}

void DianaPolicy::finish_round(ClusterIndex site, uint64_t round_id)
{
  auto node    = rounds_.extract(round_id);
  Round& round = node.mapped().second;
  round.replies.close();
  for (auto it = timeouts_.begin(); it != timeouts_.end(); ++it)
    if (it->second == round_id) {
      timeouts_.erase(it);
      break;
    }
  if (round.migration) {
    sites_[site].migration_round.reset();
    if (not round.jobs.empty()) // else its job was withdrawn
      decide_migration(site, round);
  } else {
    sites_[site].decision_round.reset();
    if (not round.jobs.empty())
      decide_batch(site, round);
    next_decision(site);
  }
}

std::vector<SiteCosts> DianaPolicy::costs_for(ClusterIndex site, const Round& round, int bulk_jobs) const
{
  CostQuestion question;
  question.submission = site;
  question.network    = [this](int a, int b) { return network_cost_between(a, b); };
  question.bulk_jobs  = bulk_jobs;
  question.reports.resize(sites_.size());
  if (live_view_->cluster(site).usable)
    question.reports[site] = own_load(site);
  std::vector<bool> runs_jobs(sites_.size(), true);
  for (const auto& [peer, report] : round.replies.replies()) {
    question.reports[peer] = report.load;
    runs_jobs[peer]        = report.runs_jobs;
  }
  const JobSpec& job         = *jobs_.at(round.jobs.front()).spec;
  const ComponentCores& held = live_view_->capacity_cores(); // what a site could ever hold
  for (size_t s = 0; s < question.reports.size(); ++s) {
    auto& report = question.reports[s];
    if (not report)
      continue;
    if (settings_.costs == CostSource::static_costs)
      *report = SiteLoad{0, report->processors, 0};
    // Q of eq. 3.3 is the queues of all sites that answered (3.3.2), those too small for this job included.
    question.all_queued += report->queued;
    // The job can never run there (too small, or its cluster marked unusable, which would only send the job on
    // again, a round later: jobs bounced between such sites at round-trip rate): no candidate.
    if (report->processors < held.job_on(job, static_cast<ClusterIndex>(s)) || not runs_jobs[s])
      report.reset();
  }
  if (settings_.costs == CostSource::static_costs)
    question.all_queued = bulk_jobs;
  const JobState& first = jobs_.at(round.jobs.front());
  question.data         = JobData{job.file ? job.file->size_bytes : 0.0, first.executable, first.output};
  if (job.file)
    question.replica_sites.assign(job.file->replica_sites.begin(), job.file->replica_sites.end());
  return site_costs(question, settings_.weights);
}

void DianaPolicy::decide_batch(ClusterIndex site, const Round& round)
{
  int n      = static_cast<int>(round.jobs.size());
  auto costs = costs_for(site, round, n);
  if (settings_.submission == Submission::split && n > 1) {
    std::vector<double> totals;
    for (const auto& c : costs)
      totals.push_back(c.alive ? total_cost(c, settings_.weights) : std::numeric_limits<double>::infinity());
    bool any_alive = std::any_of(costs.begin(), costs.end(), [](const SiteCosts& c) { return c.alive; });
    if (any_alive) {
      auto sizes = sub_bulk_sizes(n, ranks_from_costs(totals));
      if (log_->enabled())
        log_round(site, round, costs, std::vector<int>(sizes.begin(), sizes.end()));
      size_t next = 0;
      for (size_t s = 0; s < sizes.size(); ++s) {
        if (sizes[s] == 0)
          continue;
        std::vector<JobId> part(round.jobs.begin() + next, round.jobs.begin() + next + sizes[s]);
        next += sizes[s];
        hand_over(site, static_cast<ClusterIndex>(s), part, false);
      }
      return;
    }
  }
  // Room for the whole round on its own site: each job in turn, on what the ones before it left (fits(): on a `nodes`
  // site, within the hosts surely left with room).
  const ClusterState own = live_view_->cluster(site);
  bool has_room          = own.usable;
  int left               = own.idle;
  for (size_t j = 0; has_room && j < round.jobs.size(); ++j) {
    const JobSpec& spec = *jobs_.at(round.jobs[j]).spec;
    has_room            = live_view_->component_cores().job_fits(spec, site, left);
    left -= has_room ? static_cast<int>(live_view_->capacity_cores().job_on(spec, site)) : 0; // what it holds
  }
  const JobSpec& first = *jobs_.at(round.jobs.front()).spec;
  JobKind kind         = settings_.kind.value_or(
              job_kind_by_input(first.file ? first.file->size_bytes : 0.0, settings_.data_intensive_bytes));
  auto target = choose_site(costs, kind, settings_.weights, site, settings_.local_first, has_room);
  if (log_->enabled()) {
    std::vector<int> given(sites_.size(), 0);
    given[target.value_or(site)] = n;
    log_round(site, round, costs, given);
  }
  if (not target && own.marked_unusable)
    back_off(site); // the jobs come back to a queue that runs nothing: not sent on again before the retry
  hand_over(site, target.value_or(site), round.jobs, false);
}

void DianaPolicy::log_round(ClusterIndex site, const Round& round, const std::vector<SiteCosts>& costs,
                            const std::vector<int>& given) const
{
  const uint64_t r     = log_->begin_round(round.jobs.front(), site);
  const auto replies   = round.replies.replies();
  const GridView view  = live_view_->view();
  const JobSpec& first = *jobs_.at(round.jobs.front()).spec;
  for (size_t s = 0; s < sites_.size(); ++s) {
    const auto c = static_cast<ClusterIndex>(s);
    std::optional<Report> report;
    if (c == site) {
      if (view.cluster(site).usable)
        report = Report{own_load(site), round.migration ? sites_[site].queue.jobs_ahead(round.jobs.front()) : 0};
    } else if (auto it = replies.find(static_cast<int>(s)); it != replies.end()) {
      report = it->second;
    }
    const char* outcome = given[s] > 0 ? "chosen" : "considered";
    const char* reason  = "";
    if (not report) {
      outcome = c == site ? "refused" : "no_reply";
      reason  = c == site ? "unusable" : "";
    } else {
      log_->term(r, c, -1, "queue_length", report->load.queued);
      log_->term(r, c, -1, "jobs_ahead", report->jobs_ahead);
      log_->term(r, c, -1, "processors", report->load.processors);
      log_->term(r, c, -1, "busy", report->load.busy);
      if (report->load.processors < view.capacity_cores().job_on(first, c)) {
        outcome = "refused";
        reason  = "too_small";
      } else if (not report->runs_jobs) {
        outcome = "refused";
        reason  = "unusable";
      }
    }
    if (costs[s].alive) {
      log_->term(r, c, -1, "cost.computation", costs[s].computation);
      log_->term(r, c, -1, "cost.network", costs[s].network);
      log_->term(r, c, -1, "cost.data_transfer", costs[s].data_transfer);
      log_->term(r, c, -1, "cost.total", total_cost(costs[s], settings_.weights));
    }
    if (given[s] > 0 && round.jobs.size() > 1)
      log_->term(r, c, -1, "jobs", given[s]);
    log_->candidate(r, c, -1, outcome, reason);
  }
}

void DianaPolicy::decide_migration(ClusterIndex site, const Round& round)
{
  bool moved = migrate_if_better(site, round);
  channel_->record_migration_check(site, round.started, 1, moved ? 1 : 0);
}

bool DianaPolicy::migrate_if_better(ClusterIndex site, const Round& round)
{
  JobId id = round.jobs.front();
  auto it  = jobs_.find(id);
  if (it == jobs_.end())
    return false;
  JobState& job = it->second;
  job.migrating = false;
  if (job.owner != site || not sites_[site].queue.contains(id))
    return false; // started meanwhile
  auto costs = costs_for(site, round, 1);
  LocalStanding local{sites_[site].queue.jobs_ahead(id), total_cost(costs[site], settings_.weights), job.migrations};
  if (not costs[site].alive) // the home cluster cannot take the job now (down, unusable, too small): any peer is better
    local = LocalStanding{std::numeric_limits<int>::max(), std::numeric_limits<double>::infinity(), job.migrations};
  std::vector<PeerOffer> offers;
  for (const auto& [peer, report] : round.replies.replies())
    if (costs[peer].alive)
      offers.push_back({peer, report.jobs_ahead, total_cost(costs[peer], settings_.weights)});
  auto target = choose_migration(local, offers, settings_.max_migrations);
  if (log_->enabled()) {
    std::vector<int> given(sites_.size(), 0);
    given[target.value_or(site)] = 1;
    log_round(site, round, costs, given);
  }
  if (not target)
    return false;
  sites_[site].queue.remove(id);
  job.migrating = true;
  hand_over(site, *target, {id}, true);
  return true;
}

void DianaPolicy::hand_over(ClusterIndex from, ClusterIndex to, const std::vector<JobId>& jobs, bool migration)
{
  if (from == to) {
    enqueue_submission(to, jobs);
    return;
  }
  std::vector<double> executables;
  for (JobId id : jobs)
    executables.push_back(jobs_.at(id).executable);
  if (migration)
    channel_->send(from, to, std::make_shared<JobMigration>(jobs, std::move(executables), settings_.query_bytes));
  else
    channel_->send(from, to, std::make_shared<JobSubmission>(jobs, std::move(executables), settings_.query_bytes));
}

void DianaPolicy::enqueue(ClusterIndex site, JobId id)
{
  JobState& job    = jobs_.at(id);
  job.owner        = site;
  job.queued_since = timers_->now();
  job.migrating    = false;
  sites_[site].queue.push(id, job.priority);
  schedule_migration_check();
}

void DianaPolicy::enqueue_submission(ClusterIndex site, const std::vector<JobId>& jobs)
{
  uint64_t submission = 0;
  if (settings_.local_submission_time > 0) {
    submission               = next_submission_++;
    submissions_[submission] = jobs;
  }
  for (JobId id : jobs) {
    JobState& job        = jobs_.at(id);
    job.local_submission = submission;
    job.submitted        = submission == 0;
    enqueue(site, id);
  }
}

void DianaPolicy::start_submission(ClusterIndex site, uint64_t submission)
{
  sites_[site].submitting   = true;
  uint64_t token            = next_token_++;
  submission_tokens_[token] = {site, submission};
  timers_->wake_at(timers_->now() + settings_.local_submission_time, token);
}

void DianaPolicy::end_submission(ClusterIndex site, uint64_t submission)
{
  sites_[site].submitting = false;
  auto it                 = submissions_.find(submission);
  if (it == submissions_.end())
    return;
  // Its jobs still waiting at this site are with the local scheduler now; one that moved on meanwhile (migrated)
  // belongs to another submission.
  for (JobId id : it->second)
    if (auto job = jobs_.find(id); job != jobs_.end() && job->second.local_submission == submission)
      job->second.submitted = true;
  submissions_.erase(it);
}

void DianaPolicy::schedule_migration_check()
{
  if (settings_.migration_interval <= 0 || settings_.max_migrations == 0 || migration_token_)
    return;
  migration_token_ = next_token_++;
  timers_->wake_at(timers_->now() + settings_.migration_interval, *migration_token_);
}

void DianaPolicy::check_migrations()
{
  double now  = timers_->now();
  bool queued = false;
  for (size_t s = 0; s < sites_.size(); ++s) {
    Site& site = sites_[s];
    queued     = queued || not site.queue.empty();
    if (site.migration_round)
      continue;
    // One job per site and check, so that a check costs a bounded number of messages: the first after the one
    // asked about at the last check, in queue order and wrapping around, that has waited long enough and may still
    // move; so every such job gets its turn.
    std::optional<JobId> chosen = site.queue.next_after(site.last_considered, [&](JobId id) {
      const JobState& job = jobs_.at(id);
      return not job.migrating && job.migrations < settings_.max_migrations &&
             now - job.queued_since >= settings_.migration_wait;
    });
    if (!chosen) {
      channel_->record_migration_check(static_cast<ClusterIndex>(s), now, 0, 0); // nothing to examine
      continue;
    }
    JobState& job        = jobs_.at(*chosen);
    job.migrating        = true;
    site.last_considered = site.queue.position(*chosen);
    uint64_t round       = start_round(static_cast<ClusterIndex>(s), true, {*chosen}, job.priority + 1);
    site.migration_round = round;
    if (rounds_.at(round).second.replies.complete())
      finish_round(static_cast<ClusterIndex>(s), round);
  }
  if (queued)
    schedule_migration_check();
}

void DianaPolicy::on_claim_failed(const JobSpec& job)
{
  JobState& state = jobs_.at(job.id);
  ++waiting_;
  enqueue(state.execution, job.id);
}

void DianaPolicy::on_job_started(const JobSpec& /*job*/) {}

void DianaPolicy::on_job_finished(const JobSpec& job)
{
  auto it = jobs_.find(job.id);
  if (it == jobs_.end())
    return;
  // 3.3.3: the output goes back to the submission site.
  if (it->second.execution != it->second.submission)
    channel_->send(it->second.execution, it->second.submission, std::make_shared<Output>(job.id, it->second.output));
  jobs_.erase(it);
}

void DianaPolicy::on_job_withdrawn(const JobSpec& job)
{
  const JobId id = job.id;
  for (Site& site : sites_) {
    std::erase(site.arrived, id);
    for (auto& batch : site.batches)
      std::erase(batch, id);
    std::erase_if(site.batches, [](const std::vector<JobId>& batch) { return batch.empty(); });
    site.queue.remove(id);
  }
  for (auto& [round_id, round] : rounds_) // a round left without jobs decides nothing when it ends
    std::erase(round.second.jobs, id);
  for (auto& [submission, jobs] : submissions_)
    std::erase(jobs, id);
  jobs_.erase(id); // a message carrying it delivers the others alone
  --waiting_;
}

bool DianaPolicy::on_job_failed(const JobSpec& job)
{
  jobs_.erase(job.id);
  return false;
}

COALSIM_REGISTER_POLICY(diana, "diana",
                        "DIANA: one meta-scheduler per site, peer queries as messages, cost-based site selection, "
                        "migration, bulk submission",
                        [](PolicyParameters& parameters, const PolicyContext& context) {
                          auto settings = read_diana_settings(parameters, context.cluster_names);
                          return std::make_unique<DianaPolicy>(settings, context.cluster_names.size(), context.seed);
                        });

} // namespace coalsim::diana
