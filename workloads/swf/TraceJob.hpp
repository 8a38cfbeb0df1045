/* What the trace readers share: the fields of a job that statistics and fitting use, and the rules that decide
 * whether a record describes a job that really ran.
 *
 * Usability rules, checked in this order; the first that applies is the reason a record is skipped:
 *  1. negative_submit:        submit time < 0 (SWF: -1 means unknown; a job that never arrived cannot be replayed).
 *  2. partial_execution:      status 2, 3 or 4. In SWF 2.2 a checkpointed or swapped job has one summary line
 *                             (status 0, 1 or 5, whole run time) and one line per partial execution; keeping the
 *                             partial lines would count the same work twice.
 *  3. cancelled_before_start: status 5 and run time <= 0. A job cancelled after it started (positive run time)
 *                             used its processors and is kept.
 *  4. missing_runtime:        run time < 0 (unknown).
 *  5. zero_runtime:           run time == 0 (less than 0.5 s once rounded): no load, and log(0) breaks fitting.
 *  6. no_processors:          allocated processors <= 0 and requested processors <= 0.
 * Failed jobs (status 0) with a positive run time are kept: they occupied their processors.
 * The job's size is the allocated processor count, or the requested count when allocated is missing (<= 0).
 * A negative wait time (-1: not recorded) leaves the job usable; it then starts at its submit time and is left
 * out of the wait statistics. */
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace coalsim {

enum class SkipReason : int {
  none = 0,
  negative_submit,
  partial_execution,
  cancelled_before_start,
  missing_runtime,
  zero_runtime,
  no_processors
};
constexpr size_t skip_reason_count = 7;

/** snake_case name, e.g. "zero_runtime"; "none" for a usable record. */
const char* skip_reason_name(SkipReason reason);

/** The reason a record is skipped (SkipReason::none when usable), by the rules above. */
SkipReason classify_record(double submit_time, double run_time, int64_t status, int64_t allocated_processors,
                           int64_t requested_processors);

/** Allocated processors, else requested processors, else -1. */
inline int64_t effective_processors(int64_t allocated, int64_t requested)
{
  return allocated > 0 ? allocated : (requested > 0 ? requested : -1);
}

/** A usable job, as statistics and fitting see it. Times in seconds from the trace's origin. */
struct TraceJob {
  int64_t id         = -1;
  double submit_time = 0;
  double wait_time   = -1; // < 0: not recorded
  double run_time    = 0;
  int64_t processors = 0;
  int64_t status     = -1;
  int line           = 0; // line in the trace file

  bool has_wait() const { return wait_time >= 0; }
  double start_time() const { return submit_time + (wait_time > 0 ? wait_time : 0.0); }
  double end_time() const { return start_time() + run_time; }
};

/** How many records were skipped, by reason. */
class SkipCounts {
public:
  void add(SkipReason reason) { ++counts_[static_cast<size_t>(reason)]; }
  uint64_t count(SkipReason reason) const { return counts_[static_cast<size_t>(reason)]; }
  /** All skipped records (SkipReason::none is not counted here). */
  uint64_t total() const;

private:
  std::array<uint64_t, skip_reason_count> counts_{};
};

} // namespace coalsim
