/* DIANA's network cost (report 3.2.1): the Mathis bound on TCP throughput (eq. 3.1) and
 * NetCost = Losses / Bandwidth with Losses = W1 RTT + W2 loss + W3 jitter (eq. 3.2). Pure arithmetic over what a
 * path is measured to be. */
#pragma once

#include "policies/diana/CostWeights.hpp"

namespace coalsim::diana {

/** What is known of a path between two sites. Latency and bandwidth come from the platform's route; loss and
 *  jitter from link or zone properties (SimGrid has neither). */
struct PathQuality {
  double rtt       = 0; // round-trip time (s): twice the route's latency
  double loss      = 0; // packet loss rate, in [0, 1)
  double jitter    = 0; // (s)
  double bandwidth = 0; // the route's bottleneck bandwidth (bytes/s), > 0
};

/** Eq. 3.1: the TCP rate bound (MSS / RTT) / sqrt(loss) in bytes/s; infinite without loss or without RTT. */
double mathis_rate(double mss, double rtt, double loss);

/** The bandwidth a transfer can use on the path: the route's, capped by the Mathis bound. */
double achievable_bandwidth(const PathQuality& path, double mss);

/** Eq. 3.2: (W1 RTT + W2 loss + W3 jitter) / achievable bandwidth, a cost per byte. A path inside one site with
 *  no RTT, loss or jitter costs 0. */
double network_cost(const PathQuality& path, const CostWeights& weights);

} // namespace coalsim::diana
