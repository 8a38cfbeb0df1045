/* The `faults` section: component and completion failures, scripted and random outages of clusters and
 * hosts. A light header (no SimGrid): workload and setup code read it without the engine. */
#pragma once

#include "sim/config/KeyList.hpp"
#include "sim/config/KeyLocation.hpp"
#include "sim/config/PerCluster.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace coalsim {

class ConfigNode;

using Outages = std::vector<std::pair<double, double>>; // scripted (start, duration), seconds

/** A SimGrid state profile: (time, up) events, repeated every `periodicity` seconds when positive. */
struct StateProfile {
  std::vector<std::pair<double, bool>> events;
  double periodicity = -1;
  std::string text; // as the experiment gives it ("<time> <0|1>" lines)
  bool empty() const { return events.empty(); }
};

struct ClusterFaults {
  double component_failure = 0;        // probability that a component started here fails
  Outages outages;                     // of the whole cluster
  StateProfile profile;                // of the whole cluster, instead of `outages`
  double mtbf = 0, mttr = 0;           // random outages of the whole cluster: exponential up and down times
  double host_mtbf = 0, host_mttr = 0; // random failures of each compute host on its own (0: none)
};

/** Scripted outages of one host (a compute host or a file server), by name: a list of outages, or a
 *  SimGrid state profile. */
struct HostOutages {
  Outages outages;
  StateProfile profile;
  KeyLocation location; // where the experiment names the host, for a name the platform does not have
};

struct FaultConfig : PerCluster<ClusterFaults> {
  int unusable_after = 0; // consecutive errors that mark a cluster unusable (0: never)
  /** Probability that a whole run fails, found out after the completion overhead (DUROC's completion
   *  failure, as in the co-allocation service); independent of the cluster, so not part of ClusterHealth's work. */
  double completion_failure = 0;
  std::map<std::string, HostOutages> hosts;
  /** The first `component_failure` above 0 that was read; not given() when none is. */
  KeyLocation component_failure_location;
};

/** The keys of `faults`, with those of its subsections. */
const KeyList& fault_keys();

/** Reads `faults` (written back with its defaults). */
FaultConfig read_faults(ConfigNode faults);

} // namespace coalsim
