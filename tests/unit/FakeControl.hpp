/* Hand-written engine interfaces for policy unit tests (Claims, HostShares, Timers, LiveView, JobReports): it plays
 * the engine's part for placements claimed by the policy without a simulation, and grants the policy only the
 * interfaces its needs() declare, as the engine does. Placements are applied with place(); claims succeed where `idle`
 * has room, files arrive at once (a job starts as soon as all its components are claimed), and wake-ups run with
 * run_until(). */
#pragma once

#include "PolicyTestKit.hpp"
#include "sim/api/Capabilities.hpp"
#include "sim/api/GridPolicy.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace coalsim::testing {

class FakeControl : public Claims, public HostShares, public Timers, public LiveView, public JobReports {
public:
  double time = 0;
  std::vector<int> idle; // what claims get and the view shows
  const TransferEstimator* transfers = &zero_transfers();
  GridPolicy* policy                 = nullptr;

  struct Job {
    const JobSpec* spec;
    std::vector<ComponentPlacement> placement;
    std::vector<double> claimed_at;
    bool started = false;
  };
  std::map<JobId, Job> jobs;                            // placed, not aborted
  std::map<JobId, JobMetrics> metrics;                  // as reported
  std::map<JobId, std::pair<double, double>> estimates; // (FTT, start) of the last placement
  std::vector<std::pair<JobId, AbortReason>> aborts;    // in order
  std::multimap<double, uint64_t> wakes;
  std::map<JobId, EconomyFigures> economy;                   // as reported
  std::set<std::pair<ClusterIndex, int>> unshareable;        // hosts that cannot take shares, set by the test
  std::map<JobId, RunProgress> progresses;                   // what progress() reports, set by the test
  std::vector<std::tuple<JobId, size_t, double>> shares_set; // set_share calls, in order

  FakeControl(GridPolicy& p, std::vector<int> idle_counts) : idle(std::move(idle_counts)), policy(&p)
  {
    p.grant(declared_only(p.needs(), offered()));
  }
  /** Every interface it implements. */
  Capabilities offered()
  {
    Capabilities all;
    all.claims      = this;
    all.host_shares = this;
    all.timers      = this;
    all.live_view   = this;
    all.reports     = this;
    return all;
  }

  /** The engine applies the placement of `job` (from a decision). */
  void place(const Placement& placement, const JobSpec& job)
  {
    jobs[job.id] = {&job, placement.components, std::vector<double>(placement.components.size(), NAN), false};
    policy->on_job_placed(job);
  }
  /** Applies every placement of `decisions`; `specs` holds the jobs by id. */
  void place_all(const Decisions& decisions, const std::map<JobId, const JobSpec*>& specs)
  {
    for (const auto& p : decisions.placements)
      place(p, *specs.at(p.job));
  }
  /** The engine ends the attempt (a fault, or the policy's own abort_job). */
  void end_attempt(JobId id, AbortReason reason, std::vector<ClusterIndex> clusters = {})
  {
    Job job = jobs.at(id);
    jobs.erase(id);
    for (size_t k = 0; k < job.placement.size(); ++k)
      if (not std::isnan(job.claimed_at[k]))
        idle[job.placement[k].cluster] += job.placement[k].processors;
    aborts.emplace_back(id, reason);
    policy->on_job_aborted(*job.spec, {reason, std::move(clusters), job.started, job.placement, job.claimed_at});
  }
  /** Runs the wake-ups due until `until`, in time order. */
  void run_until(double until)
  {
    while (not wakes.empty() && wakes.begin()->first <= until) {
      auto [when, token] = *wakes.begin();
      wakes.erase(wakes.begin());
      time = when;
      policy->on_wake(token);
    }
    time = until;
  }

  double now() const override { return time; }
  GridView view() const override { return view_at(time, idle, *transfers); }
  std::vector<int> claimable() const override { return idle; }
  int claimable_on(ClusterIndex c) const override
  {
    ++one_cluster_reads;
    return idle.at(static_cast<size_t>(c));
  }
  mutable int one_cluster_reads = 0;
  bool available(ClusterIndex) const override { return true; }
  const ComponentCores& component_cores() const override { return pool_; } // every cluster a pool
  const ComponentCores& claim_cores() const override { return pool_; }
  const ComponentCores& capacity_cores() const override { return pool_; }
  const std::vector<ComponentPlacement>& placement(JobId job) const override { return jobs.at(job).placement; }
  const std::vector<double>& claimed_at(JobId job) const override { return jobs.at(job).claimed_at; }
  void stage(JobId) override {}
  void claim(JobId id, const std::vector<size_t>& components) override
  {
    Job& job = jobs.at(id);
    for (size_t k : components) {
      auto& c = job.placement[k];
      if (idle[c.cluster] < c.processors)
        continue;
      idle[c.cluster] -= c.processors;
      job.claimed_at[k] = time;
    }
    if (std::none_of(job.claimed_at.begin(), job.claimed_at.end(), [](double t) { return std::isnan(t); })) {
      policy->on_job_started(*job.spec);
      job.started = true;
      policy->on_run_started(*job.spec);
    }
  }
  void move(JobId id, size_t component, const ComponentPlacement& to) override
  {
    jobs.at(id).placement[component] = to;
  }
  void abort_job(JobId id, AbortReason reason, ClusterIndex) override { end_attempt(id, reason); }
  std::vector<Holding> holders(ClusterIndex c) const override
  {
    std::vector<Holding> found;
    for (const auto& [id, job] : jobs) {
      int held = 0;
      for (size_t k = 0; k < job.placement.size(); ++k)
        if (job.placement[k].cluster == c && not std::isnan(job.claimed_at[k]))
          held += job.placement[k].processors;
      if (held > 0)
        found.push_back({id, held});
    }
    return found;
  }
  bool host_shareable(ClusterIndex c, int host) const override { return unshareable.count({c, host}) == 0; }
  RunProgress progress(JobId job) const override { return progresses.at(job); }
  void set_share(JobId job, size_t component, double share) override { shares_set.emplace_back(job, component, share); }
  void wake_at(double when, uint64_t token) override { wakes.emplace(std::max(when, time), token); }
  void report(JobId job, const JobMetrics& m) override { metrics[job] = m; }
  void report_economy(JobId job, const EconomyFigures& figures) override { economy[job] = figures; }
  void report_estimates(JobId job, double ftt, double start) override { estimates[job] = {ftt, start}; }

private:
  ComponentCores pool_;
};

} // namespace coalsim::testing
