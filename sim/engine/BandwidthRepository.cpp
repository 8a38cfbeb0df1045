#include "sim/engine/BandwidthRepository.hpp"

#include "sim/engine/Clock.hpp"

#include <algorithm>
#include <limits>
#include <xbt/config.hpp>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_bandwidth_repository, coalsim_engine, "BandwidthRepository");

namespace coalsim {

BandwidthRepository::BandwidthRepository(const GridPlatform& platform, double expiry)
    : platform_(&platform)
    , expiry_(expiry)
    , tcp_gamma_(simgrid::config::get_value<double>("network/TCP-gamma"))
{
  size_t n = platform.clusters().size();
  cache_.assign(n, std::vector<Entry>(n));
}

double BandwidthRepository::measure(ClusterIndex from, ClusterIndex to) const
{
  double available = std::numeric_limits<double>::infinity();
  for (const auto* link : platform_->route(from, to)) {
    // What a new flow gets: the unused bandwidth, and at least a fair share against the flows in progress
    // (counted by the stager; without it a busy link counts as one flow).
    int flows = stager_ ? stager_->flows_on(link) : (link->get_usage() > 0 ? 1 : 0);
    double bw = link->get_bandwidth();
    available = std::min(available, std::max(bw - link->get_usage(), bw / (flows + 1)));
  }
  // A single TCP flow is also bounded by its window: SimGrid's CM02 caps a flow at TCP-gamma / (2 x route
  // latency), and so would Iperf's measurement.
  double latency = platform_->latency(from, to);
  if (tcp_gamma_ > 0 && latency > 0)
    available = std::min(available, tcp_gamma_ / (2 * latency));
  return available;
}

double BandwidthRepository::estimate(ClusterIndex from, ClusterIndex to, double bytes) const
{
  if (from == to)
    return 0;
  Entry& entry = cache_[from][to];
  if (entry.measured < 0 || now() - entry.measured >= expiry_) {
    entry.bandwidth = measure(from, to);
    entry.measured  = now();
  }
  return platform_->latency(from, to) + bytes / entry.bandwidth;
}

} // namespace coalsim
