#include "sim/trace/TraceConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include "sim/config/TimeHorizon.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_config, coalsim_trace, "TraceConfig");

namespace coalsim {

const KeyList& trace_keys()
{
  static const KeyList keys = {"sample_interval", "local_jobs", "decisions"};
  return keys;
}

TraceConfig read_trace(ConfigNode trace)
{
  TraceConfig c;
  trace.allow_only(trace_keys());
  c.sample_interval = trace.get("sample_interval", 60.0, finest_interval);
  c.local_jobs      = trace.get("local_jobs", false);
  // Read only when given, so that the resolved configuration of a run without the log (the trace's `config`) is
  // what it was before the log existed.
  if (auto decisions = trace.find("decisions"))
    c.decisions = decisions->as_bool();
  return c;
}

} // namespace coalsim
