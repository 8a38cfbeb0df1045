/* The queue of a cluster's local resource manager: the local jobs waiting, and the discipline that says
 * which of them start at a pass. FCFS (FcfsQueue.cpp) starts only the head; EASY (EasyBackfilling.hpp) and
 * conservative backfilling (ConservativeBackfilling.hpp) also start later jobs that delay no reservation. The
 * disciplines register by name (LocalDisciplines.hpp). */
#pragma once

#include "sim/api/ShapedCapacity.hpp"

#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace coalsim {

/** A local job as its user submitted it. */
struct LocalJobRequest {
  int size         = 1;
  double runtime   = 0;
  double estimate  = NAN; // requested wall time (backfilling plans with it); NaN: the runtime is known exactly
  int64_t trace_id = -1;  // the job's number in a replayed trace, -1 for synthetic jobs
};

struct QueuedLocalJob {
  LocalJobRequest request;
  double submit_time;
  double estimate;     // never NaN here
  int64_t number = -1; // its number at the local managers (LocalJobRecord::id)
};

/** Estimated end -> processors, of the running local jobs. */
using RunningByEnd = std::multimap<double, int>;

/** What a queue sees at a pass. */
struct LocalPass {
  double now;
  int idle;                      // processors free now; lowered by each start
  const RunningByEnd& running;   // the running local jobs (each start adds one)
  const int& running_processors; // the sum of their sizes (each start adds its own)
  bool only_arrivals;            // nothing but arrivals since the last pass
  bool capacity_changed;         // processors were taken or given back with no estimated end since the last pass
                                 // (grid components, dummy jobs, failed hosts, outages, killed local jobs)
  /** With shaped jobs (JobShape.hpp): where jobs fit host by host; nullptr when every job is a pool job, and
   *  counting processors suffices. */
  const ShapedCapacity* shaped = nullptr;
  /** The hosts the next start must take (a conservative reservation's); empty: first fit. */
  std::vector<HostCores> start_on = {};
};

/** Whether a waiting job of `size` fits now: by its shape when jobs are shaped, else by the idle count. */
inline bool fits_now(const LocalPass& pass, int size)
{
  return size <= pass.idle && (pass.shaped == nullptr || pass.shaped->fits_now(size));
}

class LocalQueue {
public:
  using Start           = std::function<void(const QueuedLocalJob&)>;
  virtual ~LocalQueue() = default;

  virtual void push(const QueuedLocalJob& job) = 0;
  /** Whether `job`, just pushed, might start at once with `idle` processors free and nothing else changed
   *  (if not, its arrival needs no pass). */
  virtual bool arrival_may_start(const QueuedLocalJob& job, int idle) const = 0;
  /** Whether losing processors (with no estimated end) may let a waiting job start: a backfilling plan that
   *  counted on them changes. */
  virtual bool passes_on_capacity_loss() const { return true; }
  /** Starts, through `start`, the waiting jobs the discipline lets start now, in the order they start. */
  virtual void pass(LocalPass& pass, const Start& start) = 0;
  /** A running local job ended (at or before its estimated end, or killed). */
  virtual void ended(double /*estimated_end*/, int /*size*/, double /*now*/) {}
  /** After a pass: the earliest later time at which a waiting job is due to start even if nothing else happens
   *  (no end, arrival or change of capacity): the manager wakes up then. Infinite when every start waits for an
   *  event. FCFS and EASY start a job only when processors become idle, which is an event; a conservative
   *  reservation falls due by the clock alone. */
  virtual double next_due() const { return INFINITY; }
  virtual size_t size() const = 0;
  /** The waiting job the discipline starts first, which no later one may delay (the first in queue order under
   *  every discipline here); only while size() > 0. A power manager switches on the hosts it needs when it does
   *  not fit on those that are on (LocalResourceManager::wake_for_waiting). */
  virtual const QueuedLocalJob& head() const = 0;
};

} // namespace coalsim
