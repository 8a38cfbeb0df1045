#include "sim/trace/TraceConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include "sim/engine/TimeHorizon.hpp"
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
  c.sample_interval = trace.get("sample_interval", 60.0, finest_interval);
  c.local_jobs      = trace.get("local_jobs", false);
  return c;
}

} // namespace coalsim
