/* The energy of a run whose platform gives its hosts' power (HostPower.hpp): each compute host's power follows its
 * busy cores (the cores its cluster's core map holds, whoever holds them) and whether it is on, as SimGrid's host
 * energy plugin computes it from a host's load; it is integrated exactly between changes. So it covers every runtime
 * model alike: the `delay` model runs no activity on the hosts and the plugin does not support the `network` model's
 * parallel tasks (ptask_L07), so the plugin could not be used for either.
 *
 * Attribution (docs/concepts.md, Energy): while a host is on with `b` of its `c` cores held, each held core is charged
 * Idle / c plus (P(b) - Idle) / b, so the holders of a host's cores share its idle power by cores held and its
 * dynamic power (above Idle) equally per busy core; the idle power of the free cores, the power of hosts that are off
 * and of hosts booting stay with the cluster (unattributed). A holding (a grid component's or a local job's cores,
 * CoreHolding.hpp) gets the energy its cores were charged from their claim to their release. */
#pragma once

#include "sim/engine/CoreHolding.hpp"
#include "sim/engine/CoreMap.hpp"
#include "sim/platform/GridPlatform.hpp"
#include "sim/platform/HostPower.hpp"
#include "sim/trace/PowerRecorder.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

namespace coalsim {

/** A cluster's energy over the run (J), and how it splits. */
struct ClusterEnergy {
  double joules       = 0; // everything its compute hosts drew
  double grid_joules  = 0; // charged to grid components' holdings
  double local_joules = 0; // charged to local and dummy jobs' holdings
  double off_joules   = 0; // drawn by hosts while off (failed, or switched off)
  double boot_joules  = 0; // drawn by hosts while booting
  int64_t boots       = 0;
  /** The idle power of free cores: what no holding was charged, off and boots apart. */
  double idle_joules() const { return joules - grid_joules - local_joules - off_joules - boot_joules; }
};

class EnergyAccounting {
public:
  /** `hosts[c][h]`: the power of host h of cluster c; `clock` is the simulated time. */
  EnergyAccounting(std::vector<std::vector<HostPower>> hosts, std::function<double()> clock,
                   std::unique_ptr<PowerRecorder> recorder);
  ~EnergyAccounting();
  EnergyAccounting(const EnergyAccounting&)            = delete;
  EnergyAccounting& operator=(const EnergyAccounting&) = delete;

  /** What cluster c's core map tells (CoreMap::add_observer). */
  CoreObserver& observer(size_t cluster);
  /** `hosts[c][h]` is host h of cluster c in SimGrid: it draws its off power whenever SimGrid has it off (a failure,
   *  an outage), as the plugin has it. Without this call, hosts never fail. */
  void follow_hosts(const std::vector<std::vector<const sg4::Host*>>& hosts);

  /** A host is switched off (power management), begins to boot (drawing `boot_watts` until it is on, plus
   *  `boot_joules` at once for a boot that takes no time), or is on. A host that has failed draws its off power
   *  whatever it is switched to. */
  void switch_off(size_t cluster, int host);
  void begin_boot(size_t cluster, int host, double boot_watts, double boot_joules = 0);
  void switch_on(size_t cluster, int host);

  /** The energy charged to `held` (cores of cluster `cluster`, whose core map is `map`, being given back now, or held
   *  at the stop time), added to its owner's. */
  void charge(size_t cluster, const HeldCores& held, const CoreMap& map);

  /** The run ends at `end`: every host's energy is taken up to then, and nothing after counts. */
  void finish(double end);
  bool finished() const { return finished_; }

  const ClusterEnergy& cluster(size_t c) const;
  double joules() const;
  /** Called with every grid holding charged (a component's cores given back, or held at the stop time), so that the
   *  trace writes it at once: nothing per job is kept. */
  void set_on_grid_charge(std::function<void(const HeldCores&, size_t cluster, double joules)> callback)
  {
    on_grid_charge_ = std::move(callback);
  }
  /** Cluster c's power now (W). */
  double watts(size_t c) const;

private:
  class Meter;
  std::vector<std::unique_ptr<Meter>> meters_;
  std::function<double()> clock_;
  std::unique_ptr<PowerRecorder> recorder_;
  std::function<void(const HeldCores&, size_t, double)> on_grid_charge_;
  bool finished_ = false;
  double end_    = 0;
  std::unordered_map<const sg4::Host*, std::pair<size_t, int>> where_; // host -> (cluster, index)
  static EnergyAccounting* current_;                                   // the run's, for SimGrid's host state signal
  friend class Meter;
};

} // namespace coalsim
