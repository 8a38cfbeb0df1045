/* The interface of a grid scheduling policy. A policy keeps its own queues; the engine tells it what
 * happened (events) and asks it for decisions over a read-only GridView. A policy that claims by itself
 * (Claiming::by_policy) acts between decisions through the JobControl it is given. */
#pragma once

#include "sim/api/Decision.hpp"
#include "sim/api/GridView.hpp"
#include "sim/api/Job.hpp"
#include "sim/api/JobControl.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace coalsim {

class GridPolicy {
public:
  virtual ~GridPolicy() = default;

  /** Whether the policy places jobs of this request type; a run that would give it others is an input
   *  error, checked before it starts. */
  virtual bool takes(RequestType /*type*/) const { return true; }
  /** Whether a placement is claimed after the middleware's submission delay (`overheads.submission`).
   *  A policy that times its own claims says no, and a run giving it one is an input error. */
  virtual bool claims_after_submission_overhead() const { return true; }
  /** Whether the policy's placements ask for component failures (Placement::component_failures); a run
   *  with `faults.component_failure` and a policy that does not is an input error. */
  virtual bool draws_component_failures() const { return false; }
  /** Whether the policy places components on shares of hosts (ComponentPlacement::host); a run whose runtime
   *  model has no shares (runtime_model.kind other than timeshared) is an input error. */
  virtual bool shares_hosts() const { return false; }
  /** Whether the policy needs every job's estimate and deadline; a synthetic workload without
   *  workload.estimate_factor and workload.deadline_factor is an input error. */
  virtual bool needs_deadlines() const { return false; }
  /** Whether the policy may place the components of one job (or a flexible job's processors) on several clusters.
   *  A policy that puts every processor of a job on one cluster says no. With uses_cluster, this is what the
   *  engine knows of the placements the policy can make: a job that none of them could ever hold is rejected at
   *  its arrival and never reaches the policy (sim/engine/NeverFits.hpp). */
  virtual bool co_allocates() const { return true; }
  /** Whether the policy may place jobs on cluster `c` (every cluster of the run by default). */
  virtual bool uses_cluster(ClusterIndex /*c*/) const { return true; }
  /** The engine's controls, given once before the run starts (and kept by the policy for its lifetime). */
  virtual void set_control(JobControl& /*control*/) {}

  /** A job arrived; the policy now owns its waiting. The reference stays valid until the job is
   *  started, rejected or dropped. */
  virtual void on_job_submitted(const JobSpec& job) = 0;
  /** The processors of a placement were gone at claim time (or, claiming after the transfer, its file copy
   *  failed in an outage); the job is back with the policy. */
  virtual void on_claim_failed(const JobSpec& job) = 0;
  /** All components of the job claimed their processors; the policy may forget the job. */
  virtual void on_job_started(const JobSpec& /*job*/) {}
  /** The job's components started together: its run began. */
  virtual void on_run_started(const JobSpec& /*job*/) {}
  /** The job's processes ended and its processors are released; on_job_finished (or on_job_failed, for a
   *  completion failure) follows after the completion overhead. */
  virtual void on_run_ended(const JobSpec& /*job*/) {}
  /** The job completed: its processes ended and its run did not fail (else on_job_failed comes instead).
   *  The policy may forget it. */
  virtual void on_job_finished(const JobSpec& /*job*/) {}
  /** The job's run failed (a completion failure, or an outage of one of its clusters killed it while its
   *  files were copied or it ran; its processors are free again). Return true to take
   *  the job back: it waits with the policy again, as after a failed claim. Return false and the engine
   *  records it as failed. Fault-tolerant policies override this. */
  virtual bool on_job_failed(const JobSpec& /*job*/) { return false; }
  /** Whether the engine calls decide() again right after a job's claim succeeded. A policy that submits
   *  one job at a time (a blocking DUROC submission) needs that moment. */
  virtual bool decides_after_start() const { return false; }

  /** A job placed with Claiming::by_policy was applied: it is the policy's to stage and claim (JobControl).
   *  Nothing is staged or claimed yet. */
  virtual void on_job_placed(const JobSpec& /*job*/) {}
  /** The attempt of a job placed with Claiming::by_policy ended before its completion (the policy aborted it,
   *  or a component failed): its processors are released and it waits with the policy again. By default: like
   *  a failed claim. */
  virtual void on_job_aborted(const JobSpec& job, const Abort& /*abort*/) { on_claim_failed(job); }
  /** A wake-up asked for with JobControl::wake_at is due: called at the instant's step, just before decide(),
   *  with the wake-ups due at that instant in the order of their tokens. */
  virtual void on_wake(uint64_t /*token*/) {}
  /** A message sent with JobControl::send arrived at site `to` (`delivered`), or failed: called at the instant's
   *  step, before the wake-ups, in the order the messages were sent. */
  virtual void on_message(ClusterIndex /*from*/, ClusterIndex /*to*/, const Message& /*message*/, bool /*delivered*/) {}

  virtual Decisions decide(const GridView& view) = 0;
  /** Jobs waiting in the policy's queues (traced as the placement-queue length). */
  virtual size_t waiting_jobs() const = 0;
};

} // namespace coalsim
