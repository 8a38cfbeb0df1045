#include "sim/BandwidthRepository.hpp"

#include "sim/Clock.hpp"

#include <algorithm>
#include <limits>

namespace coalsim {

BandwidthRepository::BandwidthRepository(const GridPlatform& platform, double expiry)
    : platform_(&platform), expiry_(expiry)
{
  size_t n = platform.clusters().size();
  links_.assign(n, std::vector<std::vector<sg4::Link*>>(n));
  latency_.assign(n, std::vector<double>(n, 0));
  cache_.assign(n, std::vector<Entry>(n));
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b)
      if (a != b) {
        double latency = 0;
        platform.cluster(a).file_server->route_to(platform.cluster(b).file_server, links_[a][b], &latency);
        latency_[a][b] = latency;
      }
}

double BandwidthRepository::measure(ClusterIndex from, ClusterIndex to) const
{
  double available = std::numeric_limits<double>::infinity();
  for (const auto* link : links_[from][to]) {
    // What a new flow gets: the unused bandwidth, and at least a fair share against the flows in progress
    // (counted by the stager; without it a busy link counts as one flow).
    int flows  = stager_ ? stager_->flows_on(link) : (link->get_usage() > 0 ? 1 : 0);
    double bw  = link->get_bandwidth();
    available = std::min(available, std::max(bw - link->get_usage(), bw / (flows + 1)));
  }
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
  return latency_[from][to] + bytes / entry.bandwidth;
}

} // namespace coalsim
