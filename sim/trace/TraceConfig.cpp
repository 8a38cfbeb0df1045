#include "sim/trace/TraceConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_config, coalsim_trace, "TraceConfig");

namespace coalsim {

const KeyList& trace_keys()
{
  static const KeyList keys = {"sample_interval", "local_jobs"};
  return keys;
}

TraceConfig read_trace(ConfigNode trace)
{
  TraceConfig c;
  trace.allow_only(trace_keys());
  c.sample_interval = trace.get("sample_interval", 60.0, 0.0);
  c.local_jobs      = trace.get("local_jobs", false);
  if (c.sample_interval <= 0)
    trace.child("sample_interval").fail("must be above 0");
  return c;
}

} // namespace coalsim
