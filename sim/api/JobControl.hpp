/* What a policy may do between its decisions, carried out at once by the engine: the mechanisms behind
 * Claiming::by_policy (stage, claim, move, abort_job), timers, what the claims see, and the figures the policy
 * reports for the trace. The engine implements it; a unit test gives the policy a hand-written one. */
#pragma once

#include "sim/api/Decision.hpp"
#include "sim/api/GridView.hpp"
#include "sim/api/Job.hpp"
#include "sim/api/Message.hpp"
#include "sim/api/RouteQuality.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

namespace coalsim {

/** Why the attempt of a job placed with Claiming::by_policy ended before its completion. */
enum class AbortReason {
  claim_deadline,   // the policy's claims did not all succeed in time: a submission failure (a `claim` failure row)
  preempted,        // the policy took its processors for another job (a `preempted` failure row on that cluster)
  component_failed, // a component failed: drawn at its start, killed by an outage or a host failure, or its file
                    // copy failed (the engine counts an error against each failed cluster)
  given_up          // the policy gives the job up (e.g. too many claiming tries): it rejects it as failed next
};

/** How an attempt ended, as the policy learns it (GridPolicy::on_job_aborted). */
struct Abort {
  AbortReason reason = AbortReason::component_failed;
  std::vector<ClusterIndex> clusters;        // component_failed: the clusters whose components failed (may be empty)
  bool started = false;                      // the job's run was under way
  std::vector<ComponentPlacement> placement; // the attempt's components, as they were when it ended
  std::vector<double> claimed_at;            // per component: when its processors were claimed (NaN: never)
};

/** Processors a job holds (claimed, not yet released) on one cluster. */
struct Holding {
  JobId job      = 0;
  int processors = 0;
};

/** Figures of a job a policy reports for its /jobs row (each report replaces the previous one). A job no
 *  policy reported on gets the engine's: one placement, placed at its placement time, no estimates. */
struct JobMetrics {
  int placements              = 0;   // placements over all attempts
  double total_placement_time = NAN; // time spent waiting for placements, over all attempts
  double estimated_ftt        = NAN; // of the last placement
  double estimated_start      = NAN; // the last placement's estimated start time
  int claiming_tries          = 0;
  // Figures of the run: written only when the job has started.
  double start_delay = NAN; // last JST minus first JST
  double pgt         = NAN; // processor gained time, over all attempts
  double pwt         = NAN; // processor wasted time, over all attempts
};

/** How far a running job has got (time-shared runtime model). */
struct RunProgress {
  double cpu_seconds  = 0; // CPU time its processes have done, summed
  double wall_seconds = 0; // since its run started
};

/** What an economy policy computed for a job (the trace's /economy row). */
struct EconomyFigures {
  double cost = NAN; // the price; an accepted job is charged it
  double load = NAN; // the load of the node that took it, or for a job no node took the least any would have had
};

class JobControl {
public:
  virtual ~JobControl() = default;

  virtual double now() const = 0;
  /** The information service's view, as decide() gets it. */
  virtual GridView view() const = 0;
  /** What a claim gets now, per cluster: the idle processors of the local resource managers (a claim is a
   *  submission that gets its processors or not), 0 on clusters that are down or marked unusable. */
  virtual std::vector<int> claimable() const = 0;
  /** The cluster is up and not marked unusable. */
  virtual bool available(ClusterIndex c) const = 0;

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

  /** Whether compute host `host` of cluster c could take a share now (time-shared runtime model): it is on, its
   *  cluster is usable, and it runs time-shared components or nothing at all (no local job, no space-shared
   *  component). */
  virtual bool host_shareable(ClusterIndex c, int host) const = 0;
  /** A running job's progress (time-shared runtime model). */
  virtual RunProgress progress(JobId job) const = 0;
  /** A running job's component placed on a host with a share (ComponentPlacement::host) now gets `share`
   *  (smallest_share <= share <= 1) of one core's speed. */
  virtual void set_share(JobId job, size_t component, double share) = 0;

  /** Calls GridPolicy::on_wake(token) at `time` (not before now), in the engine's event order. */
  virtual void wake_at(double time, uint64_t token) = 0;
  /** The job's figures for the trace. */
  virtual void report(JobId job, const JobMetrics& metrics) = 0;
  /** An economy policy's figures of the job (its /economy row): what it costs, charged if it is accepted. */
  virtual void report_economy(JobId job, const EconomyFigures& figures) = 0;
  /** The estimated file transfer time and start time of the job's open placement (its /placements row). */
  virtual void report_estimates(JobId job, double estimated_ftt, double estimated_start) = 0;

  // For a policy with one scheduler per site (each cluster's, on its scheduler host):
  /** Sends `message` from site `from`'s scheduler host to site `to`'s now, as a communication of its size over the
   *  platform; the policy gets GridPolicy::on_message at its arrival (or failure, when a scheduler host is off),
   *  at that instant's step. */
  virtual void send(ClusterIndex from, ClusterIndex to, const Message& message);
  /** The route between the two sites' scheduler hosts: latency, bandwidth, loss and jitter. */
  virtual RouteQuality route(ClusterIndex from, ClusterIndex to) const;
  /** The site `job` was submitted to, whose scheduler decides it first (its /jobs `submission_site`; a job of
   *  which none is recorded has -1 there). */
  virtual void record_submission_site(JobId job, ClusterIndex site);
  /** The job waiting with site `from`'s scheduler now waits with site `to`'s (a /migrations row). */
  virtual void record_migration(JobId job, ClusterIndex from, ClusterIndex to);
  /** Site `site`'s scheduler, in a check begun at `started`, examined `examined` of its waiting jobs for migration
   *  and sent `migrated` of them away (a /migration_checks row, written now, when it decided). */
  virtual void record_migration_check(ClusterIndex site, double started, int examined, int migrated);
};

} // namespace coalsim
