/* The `trace` section shared by grid replays (`workload.trace`) and background replays (`background.trace`):
 * which records of a log (SWF, plain or gzip; or GWF) are replayed, and how their times and sizes map onto
 * the simulation. */
#pragma once

#include "sim/config/KeyList.hpp"
#include "sim/config/KeyLocation.hpp"

#include <cmath>
#include <optional>
#include <string>

namespace coalsim {

class ConfigNode;

struct TraceReplayConfig {
  std::string file;               // as written; resolved like the platform
  KeyLocation location;           // of the `trace` section, for errors about the records
  KeyLocation file_location;      // of `trace.file`, for a log that cannot be read
  double window_start = 0;        // trace seconds from the log's origin
  double window_end   = INFINITY; // records submitted at or after this are not replayed
  double offset       = 0;        // simulated time at which the window starts
  double time_scale   = 1;        // trace seconds -> simulated seconds of arrival spacing (< 1 compresses)
  enum class SizeScaling { none, fit, factor } size_scaling = SizeScaling::none;
  double size_factor                                        = 1; // SizeScaling::factor
  std::optional<std::string> partition;                          // only this partition's records
};

/** The keys both kinds of replay accept. */
const KeyList& trace_replay_keys();

/** Reads those keys of `trace` (the caller checks that no other is there). */
TraceReplayConfig read_trace_replay(ConfigNode& trace);

} // namespace coalsim
