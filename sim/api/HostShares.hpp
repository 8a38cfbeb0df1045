/* What a policy that runs components on shares of hosts (time-shared runtime model) may see and do between its
 * decisions. Granted only to a policy that declares PolicyNeeds::host_shares, in a run whose runtime model is
 * timeshared (checked before the run). */
#pragma once

#include "sim/api/Job.hpp"

#include <cstddef>

namespace coalsim {

/** How far a running job has got. */
struct RunProgress {
  double cpu_seconds  = 0; // CPU time its processes have done, summed
  double wall_seconds = 0; // since its run started
};

class HostShares {
public:
  virtual ~HostShares() = default;

  /** Whether compute host `host` of cluster c could take a share now: it is on, its cluster is usable, and it runs
   *  time-shared components or nothing at all (no local job, no space-shared component). */
  virtual bool host_shareable(ClusterIndex c, int host) const = 0;
  /** A running job's progress. */
  virtual RunProgress progress(JobId job) const = 0;
  /** A running job's component placed on a host with a share (ComponentPlacement::host) now gets `share`
   *  (smallest_share <= share <= 1) of one core's speed. */
  virtual void set_share(JobId job, size_t component, double share) = 0;
};

} // namespace coalsim
