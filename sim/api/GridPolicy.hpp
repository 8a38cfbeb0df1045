/* The interface of a grid scheduling policy. A policy keeps its own queues; the engine tells it what
 * happened (events) and asks it for decisions over a read-only GridView. What it needs beyond that it declares in
 * one value (needs(): PolicyNeeds.hpp), checked against the experiment before the run; the engine then grants it
 * the interfaces it declared, and only those (grant(): Capabilities.hpp), to act between its decisions. */
#pragma once

#include "sim/api/Abort.hpp"
#include "sim/api/Capabilities.hpp"
#include "sim/api/Decision.hpp"
#include "sim/api/GridView.hpp"
#include "sim/api/Job.hpp"
#include "sim/api/Message.hpp"
#include "sim/api/PolicyNeeds.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace coalsim {

class GridPolicy {
public:
  virtual ~GridPolicy() = default;

  /** What the policy needs from the experiment and the engine (by default: nothing beyond decide()'s view, every
   *  request type, engine claiming after the submission overhead). Asked once, after construction. */
  virtual PolicyNeeds needs() const { return {}; }
  /** The interfaces its needs() declared, given once before the run starts (each kept by the policy for its
   *  lifetime; the undeclared ones are null). */
  virtual void grant(const Capabilities& /*granted*/) {}

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
  /** The engine took the waiting job away: no placement the policy can make could hold it any more, as clusters
   *  were marked unusable after it arrived (sim/engine/NeverFits.hpp). It leaves as failed (a `drop` row, rejection
   *  code `no_usable_fit`). The policy forgets it now: the reference is invalid after the call. Called at a
   *  scheduling pass, after decide(), only for a job waiting with the policy (submitted, or back after a failed
   *  claim, an abort or a failed run it took back). Every policy must implement it, so that no job waits for ever. */
  virtual void on_job_withdrawn(const JobSpec& job) = 0;
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

  /** A job placed with Claiming::by_policy was applied: it is the policy's to stage and claim (Claims).
   *  Nothing is staged or claimed yet. */
  virtual void on_job_placed(const JobSpec& /*job*/) {}
  /** The attempt of a job placed with Claiming::by_policy ended before its completion (the policy aborted it,
   *  or a component failed): its processors are released and it waits with the policy again. By default: like
   *  a failed claim. */
  virtual void on_job_aborted(const JobSpec& job, const Abort& /*abort*/) { on_claim_failed(job); }
  /** A wake-up asked for with Timers::wake_at is due: called at the instant's step, just before decide(),
   *  with the wake-ups due at that instant in the order of their tokens. */
  virtual void on_wake(uint64_t /*token*/) {}
  /** A message sent with SiteChannel::send arrived at site `to` (`delivered`), or failed: called at the instant's
   *  step, before the wake-ups, in the order the messages were sent. */
  virtual void on_message(ClusterIndex /*from*/, ClusterIndex /*to*/, const Message& /*message*/, bool /*delivered*/) {}

  virtual Decisions decide(const GridView& view) = 0;
  /** Whether decide() would now return no decision and change nothing: no job waits with the policy and nothing is
   *  owed (a rejection, a wake-up time). The engine then skips the pass's view and decide(): on a grid whose jobs
   *  seldom wait, most passes (after each poll, each job's end) find nothing to do. By default false, and decide()
   *  is called at every pass: a policy that acts in decide() on its own keeps it (a broker that rebalances, a
   *  policy that messages its sites). Asked at a pass, after the messages and the wake-ups, and after events (whether
   *  the information service's polls may wait, which they do only when it says yes): a question on the policy's
   *  state, which only the policy's events and decide() change. */
  virtual bool nothing_to_decide() const { return false; }
  /** Jobs waiting in the policy's queues (traced as the placement-queue length). */
  virtual size_t waiting_jobs() const = 0;
};

} // namespace coalsim
