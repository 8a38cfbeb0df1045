/* The interface of a grid scheduling policy. A policy keeps its own queues; the engine tells it what
 * happened (events) and asks it for decisions over a read-only GridView. */
#pragma once

#include "sim/api/Decision.hpp"
#include "sim/api/GridView.hpp"
#include "sim/api/Job.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace coalsim {

/** Why a job placed with incremental claiming came back to its placement queue. */
enum class ReturnReason {
  claiming_deadline, // its JST came with components still unclaimed
  preempted,         // a higher-priority job took its processors
  component_failed,  // a component failed to run (the clusters are given)
  claiming_tries_exceeded // its claiming tries exceeded IncrementalClaiming::max_tries: the job has failed,
                          // and the policy reports it as a failed rejection (Section 6.1: "the job submission fails")
};

class GridPolicy {
public:
  virtual ~GridPolicy() = default;

  /** Whether the policy places jobs of this request type; a run that would give it others is an input
   *  error, checked before it starts. */
  virtual bool takes(RequestType /*type*/) const { return true; }
  /** Whether a placement is claimed after the middleware's submission delay (`overheads.submission`).
   *  A policy that times its own claims (KOALA's JCTs) says no, and a run giving it one is an input error. */
  virtual bool claims_after_submission_overhead() const { return true; }
  /** Whether the policy's jobs claim through KOALA's incremental claiming, where `faults.component_failure`
   *  is drawn as each component starts; the other claiming paths have no component failures to draw. */
  virtual bool claims_incrementally() const { return false; }

  /** A job arrived; the policy now owns its waiting. The reference stays valid until the job is
   *  started, rejected or dropped. */
  virtual void on_job_submitted(const JobSpec& job) = 0;
  /** The processors of a placement were gone at claim time (or, claiming after the transfer, its file copy
   *  failed in an outage); the job is back with the policy. */
  virtual void on_claim_failed(const JobSpec& job) = 0;
  /** All components of the job claimed their processors; the policy may forget the job. */
  virtual void on_job_started(const JobSpec& /*job*/) {}
  /** The job completed: its processes ended and its run did not fail (else on_job_failed comes instead).
   *  The policy may forget it. */
  virtual void on_job_finished(const JobSpec& /*job*/) {}
  /** The job's run failed (a completion failure, or an outage of one of its clusters killed it while its
   *  files were copied or it ran; its processors are free again). Return true to take
   *  the job back: it waits with the policy again, as after a failed claim. Return false and the engine
   *  records it as failed. Fault-tolerant policies (DCS re-queueing, KOALA) override this. */
  virtual bool on_job_failed(const JobSpec& /*job*/) { return false; }
  /** Whether the engine calls decide() again right after a job's claim succeeded. A policy that submits
   *  one job at a time (the DCS co-allocator's blocking DUROC submission) needs that moment. */
  virtual bool decides_after_start() const { return false; }

  /** A job placed with incremental claiming is back with the policy (its components were aborted);
   *  `clusters` names the clusters whose components failed. By default: like a failed claim. */
  virtual void on_job_returned(const JobSpec& job, ReturnReason /*reason*/,
                               const std::vector<ClusterIndex>& /*clusters*/)
  {
    on_claim_failed(job);
  }
  /** KOALA's ICP re-places one unclaimable component with the policy that placed the job (Algorithm 2,
   *  line 5). None by default: the component stays where it is. */
  virtual std::optional<ComponentPlacement> replace_component(const JobSpec& /*job*/, size_t /*component*/,
                                                              const GridView& /*view*/)
  {
    return std::nullopt;
  }

  virtual Decisions decide(const GridView& view) = 0;
  /** Jobs waiting in the policy's queues (traced as the placement-queue length). */
  virtual size_t waiting_jobs() const = 0;
};

} // namespace coalsim
