#include "workloads/TraceReplayConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_workloads_trace_replay_config, coalsim_workloads, "TraceReplayConfig");

namespace coalsim {

const KeyList& trace_replay_keys()
{
  static const KeyList keys = {
      "file", {"window", {"start", "end", "duration"}}, "offset", "time_scale", "size_scale", "partition"};
  return keys;
}

TraceReplayConfig read_trace_replay(ConfigNode& trace)
{
  TraceReplayConfig r;
  r.location = trace.location();
  if (not trace.has("file"))
    trace.fail("a trace replay needs 'file' (an SWF or GWF log)");
  r.file          = trace.child("file").as_string();
  r.file_location = trace.child("file").location();
  if (auto window = trace.find("window")) {
    window->allow_only(trace_replay_keys()[1].keys);
    r.window_start = window->get("start", 0.0, 0.0);
    if (window->has("end") && window->has("duration"))
      window->child("duration").fail("give either end or duration, not both");
    if (window->has("end"))
      r.window_end = window->child("end").as_number(r.window_start, true);
    if (window->has("duration"))
      r.window_end = r.window_start + window->child("duration").as_number(0, true);
    if (r.window_end <= r.window_start)
      window->fail("the window is empty (end must be after start)");
  }
  r.offset     = trace.get("offset", 0.0, 0.0);
  r.time_scale = trace.get("time_scale", 1.0, 0.0);
  if (r.time_scale <= 0)
    trace.child("time_scale").fail("must be above 0");
  std::string scale = trace.has("size_scale") ? trace.child("size_scale").as_string() : "none";
  if (scale == "none" || scale == "fit") {
    r.size_scaling = scale == "fit" ? TraceReplayConfig::SizeScaling::fit : TraceReplayConfig::SizeScaling::none;
    trace.get("size_scale", std::string("none")); // written back when defaulted
  } else {
    r.size_scaling   = TraceReplayConfig::SizeScaling::factor;
    ConfigNode value = trace.child("size_scale");
    auto factor      = value.is_scalar() ? parse_quantity(scale) : std::nullopt;
    if (not factor || not(*factor > 0))
      value.fail("must be 'none', 'fit' or a factor above 0 (got '" + scale + "')");
    r.size_factor = *factor;
  }
  if (trace.has("partition"))
    r.partition = trace.child("partition").as_string();
  return r;
}

} // namespace coalsim
