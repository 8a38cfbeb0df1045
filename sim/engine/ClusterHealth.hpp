/* Faults of the simulated grid and the scheduler's reaction to them (Mohamed and Epema 2008, Section 4.5): components
 * fail with a per-cluster probability (mis-configured nodes, resource-manager bugs), clusters go down for scripted or
 * random outages, and the scheduler counts each cluster's consecutive errors and marks it unusable past a threshold. An
 * outage is a failure of the whole cluster, in this order when it goes down: its local resource manager stops (its
 * running local and dummy jobs are killed, queued ones wait, no claim succeeds); the scheduler is told (`on_change(c,
 * false)`: it aborts every grid component holding processors there and releases them); then SimGrid turns the cluster's
 * hosts off, so transfers from or to its file server fail. When it comes back: hosts on, the manager starts its queue,
 * the scheduler is told (`on_change(c, true)`). Overlapping outages of one cluster make one outage, from the first
 * start to the last end. A single host fails when SimGrid turns it off: from a state profile of the platform file (a
 * `<trace_connect kind="HOST_AVAIL">`), from a scripted host outage or from random host failures of the
 * experiment. Whatever turned it off, SimGrid's state-change signal reaches host_changed(): a compute
 * host's manager loses its cores (killing the local jobs on it), and the scheduler is told
 * (`on_host(c, host, false)`: it aborts the grid components with a core there); a file server that is off
 * makes its replicas unreadable and its copies fail. During an outage of its cluster a host's own events
 * are ignored, and the cluster comes back whole. */
#pragma once

#include "sim/api/Job.hpp"
#include "sim/config/Random.hpp"
#include "sim/engine/FaultConfig.hpp"
#include "sim/engine/LocalResourceManager.hpp"
#include "sim/platform/GridPlatform.hpp"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace coalsim {

class ClusterHealth {
public:
  using ClusterListener = std::function<void(ClusterIndex, bool up)>;
  using HostListener    = std::function<void(ClusterIndex, const sg4::Host&, bool up)>;

  /** `managers[c]` is cluster c's local resource manager; they must track hosts. Throws InputError for a
   *  scripted host outage naming no host of the run's clusters. One per simulation. */
  ClusterHealth(const FaultConfig& config, const GridPlatform& platform,
                std::vector<std::unique_ptr<LocalResourceManager>>& managers, uint64_t seed);
  ~ClusterHealth();
  ClusterHealth(const ClusterHealth&)            = delete;
  ClusterHealth& operator=(const ClusterHealth&) = delete;

  /** Schedules the outages and host failures; `on_cluster(c, up)` is called when a cluster goes down (after
   *  its manager, before its hosts) or comes back, `on_host(c, host, up)` when one of its hosts fails (after
   *  its manager) or is back. Random outages and failures stop once `keep_going` returns false. */
  void start(ClusterListener on_cluster, HostListener on_host, std::function<bool()> keep_going);

  bool up(ClusterIndex c) const { return up_[c]; }
  /** The cluster is up and its file server on: its replicas can be read. */
  bool files_reachable(ClusterIndex c) const { return up_[c] && file_server_on_[c]; }
  bool usable(ClusterIndex c) const { return usable_[c]; }
  bool available(ClusterIndex c) const { return up_[c] && usable_[c]; }
  /** Grows at every change of what up(), files_reachable() or usable() say of some cluster: the information service
   *  refreshes these for every cluster only when it moved (rare), not at every view. */
  uint64_t changes() const { return changes_; }

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
  /** Plays event `event` of cluster c's state profile in its `cycle`-th repetition, then schedules the next. */
  void play_profile(ClusterIndex c, int cycle, size_t event);
  void go_down(ClusterIndex c);
  void come_up(ClusterIndex c);
  /** SimGrid turned `host` off or on (a profile, or one of ours). */
  void host_changed(const sg4::Host& host);
  void random_host_failure(sg4::Host* host, ClusterIndex c);
  /** Scripted and random host outages overlap: the host is off from the first start to the last end. */
  void host_fail(sg4::Host* host);
  void host_repair(sg4::Host* host);
  /** Turns `host` on or off as part of a cluster outage (host_changed ignores it). */
  void switch_host(sg4::Host* host, bool on);

  int unusable_after_;
  std::vector<ClusterFaults> faults_;
  std::vector<LocalResourceManager*> managers_;
  std::vector<std::vector<sg4::Host*>> hosts_; // per cluster: compute hosts and file server
  std::vector<sg4::Host*> file_servers_;
  /** Whether each cluster's file server is on, as SimGrid's state-change signal last said: every view of the
   *  grid asks about every cluster, and Host::is_on costs a cache miss or two per host (17% of a pass on 1,000
   *  clusters). Kept by host_changed() for every change, its own cluster outages' included. */
  std::vector<bool> file_server_on_;
  struct HostState {
    ClusterIndex cluster;
    bool compute;               // a compute host (else only the file server)
    int outages        = 0;     // scripted and random outages of this host in progress
    bool reported_down = false; // its failure was reported (on_host) and its return not yet
  };
  std::unordered_map<const sg4::Host*, HostState> host_state_;
  std::vector<std::pair<sg4::Host*, Outages>> host_outages_; // scripted, in the order the experiment names them
  bool switching_ = false;                                   // a cluster outage is turning its hosts off or on
  std::vector<int> outages_;                                 // per cluster: outages in progress
  std::vector<bool> profile_down_;                           // per cluster: its state profile has it down
  std::vector<bool> up_, usable_;
  std::vector<int> consecutive_;
  uint64_t changes_ = 0;
  RngStream rng_, outages_rng_, hosts_rng_;
  ClusterListener on_cluster_;
  HostListener on_host_;
  std::function<bool()> keep_going_;
  static ClusterHealth* current_; // SimGrid's state-change signal is global
};

} // namespace coalsim
