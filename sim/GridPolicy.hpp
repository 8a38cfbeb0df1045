/* The interface of a grid scheduling policy. A policy keeps its own queues; the engine tells it what
 * happened (events) and asks it for decisions over a read-only GridView. */
#pragma once

#include "sim/Decision.hpp"
#include "sim/GridView.hpp"
#include "sim/Job.hpp"

#include <cstddef>

namespace coalsim {

class GridPolicy {
public:
  virtual ~GridPolicy() = default;

  /** A job arrived; the policy now owns its waiting. The reference stays valid until the job is
   *  started, rejected or dropped. */
  virtual void on_job_submitted(const JobSpec& job) = 0;
  /** The processors of a placement were gone at claim time; the job is back with the policy. */
  virtual void on_claim_failed(const JobSpec& job) = 0;
  /** All components of the job claimed their processors; the policy may forget the job. */
  virtual void on_job_started(const JobSpec& /*job*/) {}
  /** The job's processes ended and its processors are free again. */
  virtual void on_job_finished(const JobSpec& /*job*/) {}
  /** The job's run failed (a completion failure; its processors are free again). Return true to take
   *  the job back: it waits with the policy again, as after a failed claim. Return false and the engine
   *  records it as failed. Fault-tolerant policies (DCS re-queueing, KOALA) override this. */
  virtual bool on_job_failed(const JobSpec& /*job*/) { return false; }
  /** Whether the engine calls decide() again right after a job's claim succeeded. A policy that submits
   *  one job at a time (the DCS co-allocator's blocking DUROC submission) needs that moment. */
  virtual bool decides_after_start() const { return false; }

  virtual Decisions decide(const GridView& view) = 0;
  /** Jobs waiting in the policy's queues (traced as the placement-queue length). */
  virtual size_t waiting_jobs() const = 0;
};

} // namespace coalsim
