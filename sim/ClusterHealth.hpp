/* Faults of the simulated grid and KOALA's reaction to them (paper 001, Section 4.5): components fail
 * with a per-cluster probability (mis-configured nodes, resource-manager bugs), clusters go down for
 * scripted or random outages, and the scheduler counts each cluster's consecutive errors and marks it
 * unusable past a threshold. Outages are timers on the scheduler's side (the cluster refuses claims and
 * kills the grid components on it); they do not turn SimGrid hosts off, so file transfers and local
 * jobs are not interrupted. */
#pragma once

#include "sim/Job.hpp"
#include "sim/Random.hpp"

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace coalsim {

struct ClusterFaults {
  double component_failure = 0;                  // probability that a component started here fails
  std::vector<std::pair<double, double>> outages; // scripted (start, duration), seconds
  double mtbf = 0, mttr = 0;                      // random outages: exponential up and down times (0: none)
};

struct FaultConfig {
  int unusable_after = 0; // consecutive errors that mark a cluster unusable (0: never)
  /** Probability that a whole run fails, found out after the completion overhead (DUROC's completion
   *  failure, the DCS model); independent of the cluster, so not part of ClusterHealth's work. */
  double completion_failure = 0;
  ClusterFaults defaults;
  std::map<std::string, ClusterFaults> per_cluster;
  std::string origin;
  bool any() const;
};

class ClusterHealth {
public:
  ClusterHealth(const FaultConfig& config, const std::vector<std::string>& cluster_names, uint64_t seed);

  /** Schedules the outages; `on_change(cluster, up)` is called when a cluster goes down or comes back.
   *  Random outages stop once `keep_going` returns false. */
  void start(std::function<void(ClusterIndex, bool)> on_change, std::function<bool()> keep_going);

  bool up(ClusterIndex c) const { return up_[c]; }
  bool usable(ClusterIndex c) const { return usable_[c]; }
  bool available(ClusterIndex c) const { return up_[c] && usable_[c]; }

  /** Draws whether a component started on `c` fails, and when (a fraction of its runtime). */
  bool draw_component_failure(ClusterIndex c);
  double draw_fraction() { return rng_.uniform(); }

  /** Counts an error of `c`; true when this error marked it unusable. */
  bool error(ClusterIndex c);
  /** A component ran to completion on `c`: its consecutive errors start again from zero. */
  void success(ClusterIndex c) { consecutive_[c] = 0; }
  int consecutive_errors(ClusterIndex c) const { return consecutive_[c]; }

private:
  void random_outage(ClusterIndex c);

  int unusable_after_;
  std::vector<ClusterFaults> faults_;
  std::vector<bool> up_, usable_;
  std::vector<int> consecutive_;
  RngStream rng_, outages_rng_;
  std::function<void(ClusterIndex, bool)> on_change_;
  std::function<bool()> keep_going_;
};

} // namespace coalsim
