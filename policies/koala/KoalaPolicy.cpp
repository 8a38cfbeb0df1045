#include "policies/koala/KoalaPolicy.hpp"

#include "policies/common/CloseToFiles.hpp"
#include "policies/common/PlacementLog.hpp"
#include "policies/koala/ClaimingTimes.hpp"
#include "sim/api/PolicyRegistry.hpp"

#include <algorithm>
#include <cmath>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_koala_policy, coalsim_koala, "KoalaPolicy");

namespace coalsim::koala {

KoalaSettings KoalaSettings::read(PolicyParameters& p)
{
  KoalaSettings s;
  s.scan_interval = p.get_double("scan_interval", 60, 0.001, "seconds between scans of the placement queues", "s");
  s.queues.N_h    = p.get_int("N_h", 1, 1, "scans of the higher queues before the lower ones", "scans");
  s.queues.N_l    = p.get_int("N_l", 1, 1, "scans of the lower queues before the higher ones", "scans");
  s.queues.n[0]   = p.get_int("n1", 1, 1, "scans of the super-high queue in a turn of the higher queues", "scans");
  s.queues.n[1]   = p.get_int("n2", 1, 1, "scans of the high queue in a turn of the higher queues", "scans");
  s.queues.n[2]   = p.get_int("n3", 1, 1, "scans of the low queue in a turn of the lower queues", "scans");
  s.queues.n[3]   = p.get_int("n4", 1, 1, "scans of the super-low queue in a turn of the lower queues", "scans");
  s.queues.max_tries =
      p.get_int("max_placement_tries", 0, 0, "placement tries before a job fails (0: no limit)", "tries");
  s.claiming.max_tries   = p.get_int("max_claiming_tries", 0, 0,
                                     "claiming tries, over all placements, before a job fails (0: no limit)", "tries");
  s.queues.promote_after = p.get_int("promote_after", 0, 0, "P: tries between promotions (0: never)", "tries");
  s.claiming.L           = p.get_fraction("L", 0.75, "initial L: JCT_0 = JPT + L * FTT");
  s.L_step               = p.get_fraction("L_step", 0.25, "decrease of L each time the JST is reached unclaimed");
  s.L_floor              = p.get_fraction("L_floor", 0, "lower bound of L");
  if (s.L_floor > s.claiming.L) // (the default floor is 0, so a floor above L was given)
    p.reject("L_floor", "must not be above L: lowering L would raise it");
  s.claiming.T = p.get_fraction("T", 1, "ICP threshold on the fraction of started components (1: atomic)");
  s.claiming.count_pending =
      p.get_bool("count_pending", true, "count placed, unclaimed processors as taken when placing other jobs");
  s.claiming.min_step =
      p.get_double("claim_min_step", 1, 0.001, "seconds: closer claiming tries are made at the JST", "s");
  return s;
}

KoalaPolicy::KoalaPolicy(KoalaSettings settings, std::unique_ptr<PlacementRule> rule)
    : settings_(settings)
    , rule_(std::move(rule))
    , queues_(settings.queues)
    , claimer_(settings.claiming, [this](const JobSpec& job, size_t component, const GridView& view) {
      return replace_component(job, component, view);
    })
{
}

PolicyNeeds KoalaPolicy::needs() const
{
  PolicyNeeds needs;
  needs.request_types      = {RequestType::ordered, RequestType::unordered, RequestType::total};
  needs.claim_timing       = ClaimTiming::own_times;
  needs.component_failures = true;
  needs.claims             = true;
  needs.timers             = true;
  needs.live_view          = true;
  needs.reports            = true;
  return needs;
}

void KoalaPolicy::grant(const Capabilities& granted)
{
  claimer_.grant(granted);
  log_ = granted.decisions;
}

void KoalaPolicy::on_job_submitted(const JobSpec& job)
{
  state_[job.id] = {settings_.claiming.L, {}};
  arrivals_.push_back(&job);
  claimer_.submitted(job);
}

void KoalaPolicy::on_claim_failed(const JobSpec& job)
{
  requeue(job, AbortReason::claim_deadline, {});
}

void KoalaPolicy::on_job_placed(const JobSpec& job)
{
  claimer_.placed(job, placed_.at(job.id).level, state_.at(job.id).L);
}

void KoalaPolicy::on_run_started(const JobSpec& job)
{
  claimer_.run_started(job);
}

void KoalaPolicy::on_job_aborted(const JobSpec& job, const Abort& ended)
{
  claimer_.aborted(job, ended);
  requeue(job, ended.reason, ended.clusters);
}

void KoalaPolicy::on_job_withdrawn(const JobSpec& job)
{
  std::erase(arrivals_, &job);
  queues_.remove(job.id);
  state_.erase(job.id);
  placed_.erase(job.id);
  claimer_.forget(job.id);
  std::erase_if(failed_, [&job](const Rejection& r) { return r.job == job.id; });
}

void KoalaPolicy::requeue(const JobSpec& job, AbortReason reason, const std::vector<ClusterIndex>& clusters)
{
  if (reason == AbortReason::given_up) {
    // The job submission fails (Section 6.1), as a job out of placement tries does.
    failed_.push_back({job.id, "claiming failed more than " + std::to_string(settings_.claiming.max_tries) + " times",
                       true, "claiming_tries"});
    state_.erase(job.id);
    placed_.erase(job.id);
    claimer_.forget(job.id);
    return;
  }
  JobState& state = state_.at(job.id);
  if (reason == AbortReason::claim_deadline)
    state.L = claiming::lowered(state.L, settings_.L_step, settings_.L_floor);
  if (reason == AbortReason::component_failed)
    state.avoid = clusters;
  auto entry     = placed_.find(job.id);
  Priority level = entry == placed_.end() ? job.priority : entry->second.level;
  int tries      = entry == placed_.end() ? 0 : entry->second.tries;
  if (entry != placed_.end())
    placed_.erase(entry);
  queues_.push(job, level, tries);
}

void KoalaPolicy::on_job_finished(const JobSpec& job)
{
  state_.erase(job.id);
  placed_.erase(job.id);
  claimer_.forget(job.id);
}

bool KoalaPolicy::on_job_failed(const JobSpec& job)
{
  claimer_.requeued(job);
  requeue(job, AbortReason::component_failed, {});
  return true;
}

std::optional<fitting::Components> KoalaPolicy::place(const JobSpec& job, std::vector<int>& idle, const GridView& view)
{
  if (not log_->enabled())
    return choose(job, idle, view);
  const std::vector<int> before = idle;
  auto placed                   = choose(job, idle, view);
  log_placement_try(*log_, job, view, before, placed, file_readable(job, view));
  return placed;
}

std::optional<fitting::Components> KoalaPolicy::choose(const JobSpec& job, std::vector<int>& idle, const GridView& view)
{
  // A failed job is placed elsewhere next time (Section 4.5): its failed clusters look full. When the
  // other clusters cannot take it, it may go back to them (else a job could wait forever).
  auto& avoid = state_.at(job.id).avoid;
  if (not avoid.empty()) {
    std::vector<int> others = idle;
    for (ClusterIndex c : avoid)
      others[c] = 0;
    if (auto placed = place_on(job, others, view)) {
      for (ClusterIndex c : avoid) // nothing was placed there: the other jobs still see their idle processors
        others[c] = idle[c];
      avoid.clear();
      idle = std::move(others);
      return placed;
    }
  }
  return place_on(job, idle, view);
}

std::optional<fitting::Components> KoalaPolicy::place_on(const JobSpec& job, std::vector<int>& idle,
                                                         const GridView& view)
{
  std::vector<int> seen = idle;
  std::optional<fitting::Components> placed;
  if (not file_readable(job, view))
    return placed;
  if (job.type == RequestType::ordered) {
    placed = fitting::fit_ordered(job.components, seen, view.component_cores()); // now: the widths of `nodes`
    if (placed)
      assign_nearest_replicas(job, *placed, view);
  } else {
    placed = rule_->place(job, seen, view);
  }
  if (placed)
    idle = std::move(seen);
  return placed;
}

Placement KoalaPolicy::placement_of(const JobSpec& job, fitting::Components components)
{
  // The placement's level and L are read back when the engine applies it (on_job_placed).
  Placement placement{job.id, std::move(components), Claiming::by_policy};
  placement.reserve            = settings_.claiming.count_pending;
  placement.component_failures = true;
  return placement;
}

std::optional<ComponentPlacement> KoalaPolicy::replace_component(const JobSpec& job, size_t component,
                                                                 const GridView& view)
{
  // An ordered job's components are fixed to their clusters by the user: the ICP may not move them.
  if (job.type == RequestType::ordered)
    return std::nullopt;
  JobSpec single               = job;
  single.type                  = RequestType::unordered;
  single.components            = {job.components.at(component)};
  single.components[0].cluster = no_cluster;
  std::vector<int> idle        = view.idle_counts();
  auto placed                  = rule_->place(single, idle, view);
  if (not placed)
    return std::nullopt;
  return placed->front();
}

void KoalaPolicy::scan(Priority level, std::vector<int>& idle, const GridView& view, Decisions& decisions)
{
  auto& queue = queues_.queue(level);
  for (auto it = queue.begin(); it != queue.end();) {
    const JobSpec& job = *it->job;
    if (auto placed = place(job, idle, view)) {
      placed_[job.id] = *it;
      decisions.placements.push_back(placement_of(job, std::move(*placed)));
      it = queue.erase(it);
      continue;
    }
    if (can_never_fit(job, view)) {
      decisions.rejections.push_back(never_fitting_rejection(job, view));
      state_.erase(job.id);
      it = queue.erase(it);
      continue;
    }
    decisions.not_placed.push_back(job.id);
    auto current = it++;
    if (queues_.exhausted(*current)) {
      // Counted before the promotion check: a job out of tries fails even if it would move up.
      ++current->tries;
      decisions.rejections.push_back(
          {job.id, "placement failed " + std::to_string(current->tries) + " times", true, "placement_tries"});
      state_.erase(job.id);
      queue.erase(current);
      continue;
    }
    queues_.count_failed_try(current, level);
  }
}

Decisions KoalaPolicy::decide(const GridView& view)
{
  Decisions decisions;
  decisions.rejections = std::move(failed_);
  failed_.clear();
  std::vector<int> idle = view.idle_counts();
  std::vector<const JobSpec*> not_placed;
  for (const JobSpec* job : arrivals_) {
    if (auto placed = place(*job, idle, view)) {
      placed_[job->id] = {job, job->priority, 0};
      decisions.placements.push_back(placement_of(*job, std::move(*placed)));
    } else {
      not_placed.push_back(job);
    }
  }
  arrivals_.clear();
  double now = view.now();
  if (now + 1e-9 >= next_scan_ && queues_.size() > 0) {
    if (auto level = queues_.next_scan())
      scan(*level, idle, view, decisions);
    next_scan_ = (std::floor(now / settings_.scan_interval + 1e-9) + 1) * settings_.scan_interval;
  }
  // Queued only after the scan: a job just tried on arrival would fail again on the same idle counts, and
  // that second try would count against its limit and its promotion and take a turn of the scan pattern.
  for (const JobSpec* job : not_placed)
    queues_.push(*job, job->priority);
  if (queues_.size() > 0) {
    next_scan_ = std::max(next_scan_, (std::floor(now / settings_.scan_interval + 1e-9) + 1) * settings_.scan_interval);
    decisions.wake_at = next_scan_;
  }
  return decisions;
}

namespace {

std::unique_ptr<GridPolicy> make_koala(PolicyParameters& parameters, const PolicyContext& context)
{
  auto settings = KoalaSettings::read(parameters);
  auto placement =
      parameters.get_choice("placement", "cf", {"cf", "wf"}, "Close-to-Files, or Worst-Fit with the nearest replica");
  auto history = parameters.get_choice("history", "all_pairs", {"all_pairs", "empty"},
                                       "CF: initial history table H of (execution site, file site) pairs");
  std::unique_ptr<PlacementRule> rule;
  if (placement == "cf")
    rule = std::make_unique<CloseToFiles>(context.cluster_names, history == "empty"
                                                                     ? CloseToFiles::InitialHistory::empty
                                                                     : CloseToFiles::InitialHistory::all_pairs);
  else
    rule = std::make_unique<FitRule>(fitting::Rule::worst_fit, false);
  return std::make_unique<KoalaPolicy>(settings, std::move(rule));
}

} // namespace

COALSIM_REGISTER_POLICY(koala, "koala",
                        "KOALA: placement queues, Close-to-Files or Worst-Fit, incremental claiming (JCT, ICP)",
                        make_koala);

} // namespace coalsim::koala
