/* What the grid scheduler publishes: each transition of a grid job's life cycle (docs/architecture.md), what its
 * policy reports about it, and the grid's events that concern the jobs. The engine keeps only what it needs to run
 * the jobs; a listener keeps what it wants to know of them (the trace's JobRecorder, sim/trace/JobRecorder.hpp,
 * builds the /jobs, /placements, /components, /economy, /failures, /messages, /migrations and /migration_checks rows
 * and the run's statistics from these). Each is called at the simulated time `time` it happened (or now). */
#pragma once

#include "sim/api/Abort.hpp"
#include "sim/api/Job.hpp"
#include "sim/api/JobReports.hpp"
#include "sim/trace/MessageRecord.hpp"
#include "sim/trace/TraceRows.hpp"

#include <string>
#include <vector>

namespace coalsim {

/** How the attempt that followed a placement ended: the `outcome` of its /placements row. */
enum class PlacementOutcome {
  completed,        // the run completed: the job is done
  run_failed,       // the run ended with a completion failure (faults.completion_failure)
  claim_failed,     // processors were gone at claim time, or the policy's claiming deadline came with components
                    // unclaimed
  component_failed, // a component failed (drawn by component_failure, killed by an outage) or its file copy did
  preempted,        // the policy gave its processors to a higher-priority job
  tries_exceeded,   // the policy gave it up (its claiming tries exceeded max_claiming_tries); the job fails
  unfinished        // still under way at the stop time
};

/** The outcome of an attempt of a policy-claimed job that was aborted for `reason`. */
PlacementOutcome outcome_of(AbortReason reason);

class JobLifecycleListener {
public:
  virtual ~JobLifecycleListener() = default;

  // The life cycle of a job
  /** It arrived (it enters its queue). */
  virtual void submitted(const JobSpec& job, double time) = 0;
  /** A scheduling pass considered it and could not place it (a placement try). */
  virtual void not_placed(JobId job) = 0;
  /** A placement was applied (the JPT). */
  virtual void placed(JobId job, double time) = 0;
  /** Engine claiming: the submission overhead drawn for its placement. */
  virtual void submission_overhead(JobId job, double overhead) = 0;
  /** Its input files are at the execution sites: the stage-in took `stage_time` (0 without copies). */
  virtual void staged(JobId job, double stage_time) = 0;
  /** A submission failure: a claim failed, or the attempt ended before every component was claimed. */
  virtual void submission_failed(JobId job) = 0;
  /** A failure of its run (a completion failure, a component or its file copy failed). */
  virtual void run_failed(JobId job) = 0;
  /** Its components started together; `running`: the grid jobs running now, it included. */
  virtual void run_started(JobId job, double time, int running) = 0;
  /** Its processes ended, its processors released; the completion overhead follows. */
  virtual void run_ended(JobId job, double time, double completion_overhead) = 0;
  /** The CPU work of each of its components when its run ended or at the stop (NaN: not on a share of a host). */
  virtual void cpu_work(JobId job, std::vector<double> per_component) = 0;
  /** The attempt that followed its last placement ended with `outcome`. */
  virtual void attempt_ended(JobId job, PlacementOutcome outcome, double time) = 0;
  /** It waits again, unplaced. */
  virtual void back_to_waiting(JobId job) = 0;
  /** It is done for the user: completed, or dropped as failed. */
  virtual void done(JobId job, double time) = 0;
  /** The policy or the engine turned it away at a pass (it leaves next, rejected or dropped as failed), with the
   *  rejection's short `code` (Rejection::code, docs/trace-format.md). */
  virtual void turned_away(JobId job, const std::string& code) = 0;
  /** At the stop time, with the job still in the system: an attempt under way is unfinished. */
  virtual void stopped(JobId job, double time) = 0;
  /** It left the system (or was still in it at the stop) with `status`, on `placement` (empty when it held none),
   *  whose components' files took `transfer_times` (empty if none was staged). */
  virtual void left(const JobSpec& job, JobStatus status, const std::vector<ComponentPlacement>& placement,
                    const std::vector<double>& transfer_times) = 0;
  /** The grid jobs are over at `time` (the last left, or the stop). */
  virtual void finished(double time) = 0;

  // What the policy reports (JobReports, SiteChannel)
  virtual void metrics(JobId job, const JobMetrics& metrics)                                               = 0;
  virtual void economy(JobId job, const EconomyFigures& figures)                                           = 0;
  virtual void estimates(JobId job, double estimated_ftt, double estimated_start)                          = 0;
  virtual void submission_site(JobId job, ClusterIndex site)                                               = 0;
  virtual void migration(double time, JobId job, ClusterIndex from, ClusterIndex to)                       = 0;
  virtual void migration_check(double time, double started, ClusterIndex site, int examined, int migrated) = 0;

  // Events of the grid
  /** A failure event (docs/trace-format.md, /failures kinds); job -1 and cluster -1 when none. */
  virtual void failure(double time, JobId job, ClusterIndex cluster, const char* kind, const std::string& host) = 0;
  /** A message between sites' schedulers arrived or failed. */
  virtual void message_ended(const MessageRecord& message) = 0;
};

} // namespace coalsim
