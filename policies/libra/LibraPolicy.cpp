#include "policies/libra/LibraPolicy.hpp"

#include "policies/libra/MinimumShare.hpp"

#include <algorithm>
#include <cmath>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_libra_policy, coalsim_libra, "LibraPolicy");

namespace coalsim::libra {

LibraPolicy::LibraPolicy(Settings settings, std::vector<Node> nodes)
    : settings_(settings)
    , nodes_(std::move(nodes))
    , on_node_(nodes_.size())
    , changed_(nodes_.size(), false)
{
}

PolicyNeeds LibraPolicy::needs() const
{
  PolicyNeeds needs;
  needs.request_types = {RequestType::unordered, RequestType::total};
  needs.co_allocates  = false;
  needs.claim_timing  = ClaimTiming::own_times;
  needs.host_shares   = true;
  needs.deadlines     = true;
  needs.timers        = true;
  needs.reports       = true;
  return needs;
}

void LibraPolicy::grant(const Capabilities& granted)
{
  log_     = granted.decisions;
  shares_  = required(granted.host_shares, "HostShares", "Libra");
  timers_  = required(granted.timers, "Timers", "Libra");
  reports_ = required(granted.reports, "JobReports", "Libra");
}

LibraPolicy::Settings LibraPolicy::read_settings(PolicyParameters& parameters)
{
  Settings s;
  s.cost.a = parameters.get_double("cost_a", 1.0, 0.0, "cost per second of estimate (cost = a E + b E / D)", "cost/s");
  s.cost.b = parameters.get_double("cost_b", 1.0, 0.0, "cost per unit of urgency E / D (cost = a E + b E / D)", "cost");
  s.choice = parameters.get_choice("node_choice", "least_loaded", {"least_loaded", "best_fit"},
                                   "among the nodes that accept: the least loaded (5.1.1.2) or the one left with "
                                   "the least free share (6.2)") == "best_fit"
                 ? NodeChoice::best_fit
                 : NodeChoice::least_loaded;
  s.sharing  = parameters.get_choice("sharing", "proportional", {"proportional", "equal_slices"},
                                     "CPU shares as computed, or equal slices of a node's CPU (6.2's stock Linux)") ==
                      "equal_slices"
                   ? Sharing::equal_slices
                   : Sharing::proportional;
  s.when     = parameters.get_choice("recompute", "events", {"events", "interval"},
                                     "when a node recomputes its jobs' shares: when a job is admitted to it or leaves "
                                         "it, or every interval") == "interval"
                   ? Recompute::interval
                   : Recompute::events;
  s.interval = parameters.get_double("interval", 60.0, 1e-3,
                                     "seconds between share recomputations (recompute: "
                                     "interval)",
                                     "s");
  s.overrun  = parameters.get_choice("overrun", "leftover", {"leftover", "whole_core"},
                                     "what a job past its estimate or deadline runs on: what its node's other jobs' "
                                      "minimum shares leave, or a whole core's weight (taken from its neighbours)") ==
                      "whole_core"
                   ? Overrun::whole_core
                   : Overrun::leftover;
  return s;
}

std::vector<LibraPolicy::Node> LibraPolicy::nodes_of(const PolicyContext& context)
{
  std::vector<Node> nodes;
  for (size_t c = 0; c < context.host_cores.size(); ++c)
    for (size_t h = 0; h < context.host_cores[c].size(); ++h)
      nodes.push_back({static_cast<ClusterIndex>(c), static_cast<int>(h), context.host_cores[c][h]});
  return nodes;
}

void LibraPolicy::on_job_submitted(const JobSpec& job)
{
  arrived_.push_back(job);
}

LibraPolicy::Need LibraPolicy::need_of(JobId id, const Admitted& job) const
{
  const double now = timers_->now();
  if (not job.running) // placed at this instant, not started yet
    return {minimum_share(job.estimate, 0, job.deadline - now, 0), false};
  RunProgress done = shares_->progress(id);
  // The deadline counts from the start (the job started when it was admitted: there is no queue).
  const double deadline = job.deadline - (now - done.wall_seconds);
  return {minimum_share(job.estimate, done.cpu_seconds, deadline, done.wall_seconds),
          overran(job.estimate, done.cpu_seconds, deadline, done.wall_seconds)};
}

std::vector<double> LibraPolicy::shares_needed(size_t n) const
{
  std::vector<double> shares;
  for (JobId id : on_node_.at(n))
    shares.push_back(need_of(id, admitted_.at(id)).share);
  return shares;
}

void LibraPolicy::update_shares(size_t n, int jobs, double reserved)
{
  changed_[n]    = false;
  const auto& on = on_node_[n];
  std::vector<double> weights;
  if (settings_.sharing == Sharing::proportional) {
    std::vector<double> needs;
    std::vector<bool> over;
    for (JobId id : on) {
      Need need = need_of(id, admitted_.at(id));
      needs.push_back(need.share);
      over.push_back(need.overran);
    }
    weights = node_weights(needs, over, nodes_[n].cores, settings_.overrun, reserved);
  }
  for (size_t i = 0; i < on.size(); ++i) {
    if (not admitted_.at(on[i]).running)
      continue;
    shares_->set_share(on[i], 0,
                       settings_.sharing == Sharing::equal_slices ? equal_slice(jobs, nodes_[n].cores) : weights[i]);
  }
}

void LibraPolicy::forget(JobId id)
{
  auto it = admitted_.find(id);
  if (it == admitted_.end())
    return;
  auto& jobs = on_node_[it->second.node];
  jobs.erase(std::find(jobs.begin(), jobs.end(), id));
  changed_[it->second.node] = true;
  admitted_.erase(it);
}

void LibraPolicy::on_run_started(const JobSpec& job)
{
  admitted_.at(job.id).running = true;
}

void LibraPolicy::on_run_ended(const JobSpec& job)
{
  forget(job.id);
}

bool LibraPolicy::on_job_failed(const JobSpec& job)
{
  forget(job.id); // no retry: an admitted job that failed is not admitted again
  return false;
}

void LibraPolicy::on_claim_failed(const JobSpec& job)
{
  // The node could not take the share after all (its host failed, or jobs admitted at the same instant took
  // it): no queue, so the job is turned away.
  forget(job.id);
  to_reject_.push_back({job.id, reasons::no_node, false, reasons::no_node});
}

void LibraPolicy::on_wake(uint64_t)
{
  waking_ = false;
  for (size_t n = 0; n < nodes_.size(); ++n)
    update_shares(n, static_cast<int>(on_node_[n].size()));
  wake_later();
}

void LibraPolicy::wake_later()
{
  if (settings_.when == Recompute::interval && not waking_ && not admitted_.empty()) {
    waking_ = true;
    timers_->wake_at(timers_->now() + settings_.interval, 0);
  }
}

void LibraPolicy::on_job_withdrawn(const JobSpec& job)
{
  std::erase_if(arrived_, [&job](const JobSpec& waiting) { return waiting.id == job.id; });
  std::erase_if(to_reject_, [&job](const Rejection& r) { return r.job == job.id; });
}

void LibraPolicy::log_admission(const JobSpec& job, const GridView& view, double share, const std::vector<bool>& open,
                                const std::vector<NodeLoad>& answers, std::optional<size_t> chosen) const
{
  const uint64_t round = log_->begin_round(job.id, no_cluster);
  log_->term(round, no_cluster, -1, "share", share);
  for (size_t n = 0; n < nodes_.size(); ++n) {
    const Node& node = nodes_[n];
    if (not open[n]) {
      log_->candidate(round, node.cluster, node.host, "refused",
                      view.cluster(node.cluster).usable ? "not_shareable" : "unusable");
      continue;
    }
    log_->term(round, node.cluster, node.host, "load", answers[n].load);
    if (chosen == n)
      log_->candidate(round, node.cluster, node.host, "chosen", "");
    else if (answers[n].accepts)
      log_->candidate(round, node.cluster, node.host, "considered",
                      settings_.choice == NodeChoice::best_fit ? "not_best_fit" : "not_least_loaded");
    else
      log_->candidate(round, node.cluster, node.host, "refused", "over_capacity");
  }
}

void LibraPolicy::reject(JobId id, const char* reason, Decisions& decisions)
{
  XBT_VERB("job %ld rejected: %s", static_cast<long>(id), reason);
  decisions.rejections.push_back({id, reason, false, reason});
}

void LibraPolicy::consider(const JobSpec& job, const GridView& view, Decisions& decisions)
{
  const double now = view.now();
  if (job.total_processors != 1 || job.components.size() > 1)
    return reject(job.id, reasons::not_sequential, decisions);
  if (std::isnan(job.estimate) || not(job.estimate > 0) || not(job.deadline > now))
    return reject(job.id, reasons::no_deadline, decisions);
  EconomyFigures figures;
  figures.cost = settings_.cost.cost_of(job);
  reports_->report_economy(job.id, figures);
  if (not within_budget(job.budget, figures.cost))
    return reject(job.id, reasons::budget, decisions);
  // E / D above 1: a sequential job runs on one core at most, so no node could finish it by its deadline (the
  // report's shares sum to at most 100% of a CPU; one job alone cannot take more).
  if (job.estimate > job.deadline - now)
    return reject(job.id, reasons::over_core, decisions);

  const double share = minimum_share(job.estimate, 0, job.deadline - now, 0);
  std::vector<NodeLoad> answers(nodes_.size());
  std::vector<bool> open(nodes_.size(), false); // the node is dedicated to Libra's jobs now (5.1.1's assumption)
  for (size_t n = 0; n < nodes_.size(); ++n) {
    open[n] = view.cluster(nodes_[n].cluster).usable && shares_->host_shareable(nodes_[n].cluster, nodes_[n].host);
    if (open[n])
      answers[n] = admit(shares_needed(n), share, nodes_[n].cores, settings_.sharing);
  }
  auto chosen = choose_node(answers, settings_.choice);
  if (log_->enabled())
    log_admission(job, view, share, open, answers, chosen);
  if (not chosen) {
    // The least load an open node would have carried with the job (above 1: none could fit its share).
    for (size_t n = 0; n < nodes_.size(); ++n)
      if (open[n] && not(answers[n].load >= figures.load))
        figures.load = answers[n].load;
    reports_->report_economy(job.id, figures);
    return reject(job.id, reasons::no_node, decisions);
  }

  const size_t n = *chosen;
  const int jobs = static_cast<int>(on_node_[n].size()) + 1;
  // The node sets the shares it has just computed (the engine admits the new share against them).
  update_shares(n, jobs, share);
  ComponentPlacement placement;
  placement.cluster    = nodes_[n].cluster;
  placement.processors = 1;
  placement.host       = nodes_[n].host;
  placement.share      = settings_.sharing == Sharing::equal_slices ? equal_slice(jobs, nodes_[n].cores) : share;
  if (job.file && not job.file->replica_sites.empty()) {
    const auto& sites = job.file->replica_sites;
    placement.file_site =
        std::find(sites.begin(), sites.end(), placement.cluster) != sites.end() ? placement.cluster : sites.front();
  }
  Placement p;
  p.job        = job.id;
  p.components = {placement};
  p.claiming   = Claiming::immediate;
  decisions.placements.push_back(std::move(p));
  admitted_[job.id] = {job.estimate, job.deadline, n, false};
  on_node_[n].push_back(job.id);
  figures.load = answers[n].load;
  reports_->report_economy(job.id, figures);
  XBT_VERB("job %ld admitted on host %d of cluster %d at share %g (node load %g), charged %g",
           static_cast<long>(job.id), nodes_[n].host, nodes_[n].cluster, placement.share, answers[n].load,
           figures.cost);
}

Decisions LibraPolicy::decide(const GridView& view)
{
  Decisions decisions;
  decisions.rejections = std::move(to_reject_);
  to_reject_.clear();
  if (settings_.when == Recompute::events)
    for (size_t n = 0; n < nodes_.size(); ++n)
      if (changed_[n])
        update_shares(n, static_cast<int>(on_node_[n].size()));
  std::vector<JobSpec> arrived = std::move(arrived_);
  arrived_.clear();
  for (const JobSpec& job : arrived)
    consider(job, view, decisions);
  wake_later();
  return decisions;
}

namespace {
std::unique_ptr<GridPolicy> make_libra(PolicyParameters& parameters, const PolicyContext& context)
{
  return std::make_unique<LibraPolicy>(LibraPolicy::read_settings(parameters), LibraPolicy::nodes_of(context));
}
} // namespace

COALSIM_REGISTER_POLICY(libra, "libra",
                        "Libra: budget check, then admission on the node (least loaded or best fit) whose CPU can "
                        "still give every job its deadline share; time-shared nodes, no queue",
                        make_libra);

} // namespace coalsim::libra
