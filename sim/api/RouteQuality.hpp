/* What a route between two sites offers: latency and bottleneck bandwidth from the platform, packet loss and jitter
 * from link properties (sim/platform/RouteProperties.hpp says how they are read). */
#pragma once

namespace coalsim {

struct RouteQuality {
  double latency   = 0; // one way (s)
  double bandwidth = 0; // bottleneck (bytes/s); infinite for a route without links
  double loss      = 0; // packet loss rate in [0, 1)
  double jitter    = 0; // (s)
};

} // namespace coalsim
