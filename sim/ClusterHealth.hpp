/* Faults of the simulated grid and KOALA's reaction to them (paper 001, Section 4.5): components fail
 * with a per-cluster probability (mis-configured nodes, resource-manager bugs), clusters go down for
 * scripted or random outages, and the scheduler counts each cluster's consecutive errors and marks it
 * unusable past a threshold.
 * An outage is a failure of the whole cluster, in this order when it goes down: its local resource manager
 * stops (its running local and dummy jobs are killed, queued ones wait, no claim succeeds); the scheduler
 * is told (`on_change(c, false)`: it aborts every grid component holding processors there and releases
 * them); then SimGrid turns the cluster's hosts off, so transfers from or to its file server fail. When it
 * comes back: hosts on, the manager starts its queue, the scheduler is told (`on_change(c, true)`).
 * Overlapping outages of one cluster make one outage, from the first start to the last end. */
#pragma once

#include "sim/GridPlatform.hpp"
#include "sim/Job.hpp"
#include "sim/LocalResourceManager.hpp"
#include "sim/Random.hpp"

#include <functional>
#include <map>
#include <memory>
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
  /** `managers[c]` is cluster c's local resource manager. */
  ClusterHealth(const FaultConfig& config, const GridPlatform& platform,
                std::vector<std::unique_ptr<LocalResourceManager>>& managers, uint64_t seed);

  /** Schedules the outages; `on_change(cluster, up)` is called when a cluster goes down (after its manager,
   *  before its hosts) or comes back. Random outages stop once `keep_going` returns false. */
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
  void go_down(ClusterIndex c);
  void come_up(ClusterIndex c);

  int unusable_after_;
  std::vector<ClusterFaults> faults_;
  std::vector<LocalResourceManager*> managers_;
  std::vector<std::vector<sg4::Host*>> hosts_; // per cluster: compute hosts and file server
  std::vector<int> outages_;                   // per cluster: outages in progress
  std::vector<bool> up_, usable_;
  std::vector<int> consecutive_;
  RngStream rng_, outages_rng_;
  std::function<void(ClusterIndex, bool)> on_change_;
  std::function<bool()> keep_going_;
};

} // namespace coalsim
