#include "workloads/swf/TraceJob.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_swf_trace_job, coalsim_swf, "TraceJob");

namespace coalsim {

const char* skip_reason_name(SkipReason reason)
{
  switch (reason) {
    case SkipReason::none:
      return "none";
    case SkipReason::negative_submit:
      return "negative_submit";
    case SkipReason::partial_execution:
      return "partial_execution";
    case SkipReason::cancelled_before_start:
      return "cancelled_before_start";
    case SkipReason::missing_runtime:
      return "missing_runtime";
    case SkipReason::zero_runtime:
      return "zero_runtime";
    case SkipReason::no_processors:
      return "no_processors";
  }
  return "unknown";
}

SkipReason classify_record(double submit_time, double run_time, int64_t status, int64_t allocated_processors,
                           int64_t requested_processors)
{
  if (submit_time < 0)
    return SkipReason::negative_submit;
  if (status == 2 || status == 3 || status == 4)
    return SkipReason::partial_execution;
  if (status == 5 && run_time <= 0)
    return SkipReason::cancelled_before_start;
  if (run_time < 0)
    return SkipReason::missing_runtime;
  if (run_time == 0)
    return SkipReason::zero_runtime;
  if (effective_processors(allocated_processors, requested_processors) <= 0)
    return SkipReason::no_processors;
  return SkipReason::none;
}

uint64_t SkipCounts::total() const
{
  uint64_t sum = 0;
  for (size_t i = 1; i < skip_reason_count; ++i)
    sum += counts_[i];
  return sum;
}

} // namespace coalsim
