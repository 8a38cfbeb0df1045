/* What a policy that stages and claims its own placements (Claiming::by_policy) may do between its decisions,
 * carried out at once by the engine, and what its claims see. Granted only to a policy that declares
 * PolicyNeeds::claims; the engine refuses a by_policy placement from any other. */
#pragma once

#include "sim/api/Abort.hpp"
#include "sim/api/ComponentCores.hpp"
#include "sim/api/Decision.hpp"
#include "sim/api/Job.hpp"

#include <cstddef>
#include <vector>

namespace coalsim {

/** Processors a job holds (claimed, not yet released) on one cluster: on a shaped cluster, the cores its components
 *  hold (Claims::capacity_cores). */
struct Holding {
  JobId job      = 0;
  int processors = 0;
};

class Claims {
public:
  virtual ~Claims() = default;

  /** What a claim gets now, per cluster: the idle processors of the local resource managers (a claim is a
   *  submission that gets its processors or not), 0 on clusters that are down or marked unusable. */
  virtual std::vector<int> claimable() const = 0;
  /** claimable()'s count for cluster c alone (a try that touches a few clusters of many reads only those). */
  virtual int claimable_on(ClusterIndex c) const = 0;
  /** The cluster is up and not marked unusable. */
  virtual bool available(ClusterIndex c) const = 0;
  /** What a component holds on each cluster for a claim now (ComponentCores.hpp): what its claim takes from
   *  claimable_on(c), more than its processors on a shaped cluster, `unholdable` on a `nodes` cluster when it needs
   *  more nodes than the hosts with room for one now (as claimable() counts them). The object is the engine's, read
   *  again at each call: ask it at the time of the claim. */
  virtual const ComponentCores& claim_cores() const = 0;
  /** The same limited by the clusters' hosts only: what a claimed component holds (its cores are the same number
   *  under either), and what a cluster could ever hold (ComponentCores.hpp). */
  virtual const ComponentCores& capacity_cores() const = 0;

  // A job placed with Claiming::by_policy, from its placement (GridPolicy::on_job_placed) to its start:
  /** Its components as placed now (moved ones included). */
  virtual const std::vector<ComponentPlacement>& placement(JobId job) const = 0;
  /** Per component: when its processors were claimed in this attempt (NaN: not yet). */
  virtual const std::vector<double>& claimed_at(JobId job) const = 0;
  /** Copies each component's input file to its cluster's file server now (components on one cluster reading
   *  from one site share a copy). A failed copy aborts the job (AbortReason::component_failed). */
  virtual void stage(JobId job) = 0;
  /** Claims these components' processors now, in this order (a claim the local manager refuses is skipped:
   *  freed processors may go to its queued local jobs first). Once every component is claimed, the policy gets
   *  on_job_started and the job starts as soon as its files are there (a DUROC barrier). */
  virtual void claim(JobId job, const std::vector<size_t>& components) = 0;
  /** Moves an unclaimed component to another cluster and file site; its file copy starts again there (the old
   *  one stops unless another component waits for it). */
  virtual void move(JobId job, size_t component, const ComponentPlacement& to) = 0;
  /** Ends the job's attempt (its processors released, its copies and run stopped): it is back with the policy
   *  (on_job_aborted). `where`: the cluster of a preemption. */
  virtual void abort_job(JobId job, AbortReason reason, ClusterIndex where = no_cluster) = 0;
  /** The jobs holding processors on cluster c (claimed and not released), in job id order. */
  virtual std::vector<Holding> holders(ClusterIndex c) const = 0;
};

} // namespace coalsim
