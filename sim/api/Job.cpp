#include "sim/api/Job.hpp"
#include <xbt/log.h>

#include <algorithm>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_api_job, coalsim_api, "Job");

namespace coalsim {

const char* to_string(RequestType type)
{
  switch (type) {
    case RequestType::ordered:
      return "ordered";
    case RequestType::unordered:
      return "unordered";
    case RequestType::flexible:
      return "flexible";
    case RequestType::total:
      return "total";
  }
  return "?";
}

const char* to_string(Priority priority)
{
  switch (priority) {
    case Priority::super_high:
      return "super_high";
    case Priority::high:
      return "high";
    case Priority::low:
      return "low";
    case Priority::super_low:
      return "super_low";
  }
  return "?";
}

int processors_needed(const JobSpec& job)
{
  if (job.type == RequestType::flexible || job.components.empty())
    return job.total_processors;
  int total = 0;
  for (const auto& component : job.components)
    total += component.processors;
  return total;
}

int largest_component(const JobSpec& job)
{
  int largest = 1;
  for (const auto& component : job.components)
    largest = std::max(largest, component.processors);
  return largest;
}

} // namespace coalsim
