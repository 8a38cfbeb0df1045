#include "sim/api/Job.hpp"
#include <xbt/log.h>

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

} // namespace coalsim
