/* How a message between sites' schedulers ended (sim/engine/MessageService.hpp sends them): what the trace keeps of
 * it, as the /messages row (docs/trace-format.md) and its job's message counts. */
#pragma once

#include "sim/api/Job.hpp"

#include <cmath>
#include <string>

namespace coalsim {

/** How a message ended: `received` is NaN when it failed, `failed_at` NaN when it arrived. */
struct MessageRecord {
  double sent      = 0;
  double received  = 0;
  double failed_at = NAN;
  int from         = 0;
  int to           = 0;
  std::string kind;
  double bytes = 0;
  JobId job    = -1;
  // The route at the send: its links' latencies summed (s) and their smallest bandwidth (bytes/s; infinite for a
  // route without links), so that a delivered message took at least route_latency + bytes / route_bandwidth.
  double route_latency   = 0;
  double route_bandwidth = 0;
  bool delivered() const { return not std::isnan(received); }
};

} // namespace coalsim
