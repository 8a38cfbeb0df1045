/* Measured bandwidth information (Mohamed and Epema 2008, Section 4.1): Iperf measurements between file servers kept in
 * a repository, read through the information service's cache with a fixed expiry time. A measurement is
 * what Iperf's TCP flow gets on the route's bottleneck at that moment: the bandwidth left over by the
 * transfers in progress, and at least a fair share 1/(n+1) against the n file transfers crossing the link
 * (sharing is max-min fair); between measurements the estimate is stale, as the cached value was. */
#pragma once

#include "sim/engine/FileStager.hpp"

#include "sim/platform/GridPlatform.hpp"

#include <vector>

namespace coalsim {

class BandwidthRepository : public TransferEstimator {
public:
  BandwidthRepository(const GridPlatform& platform, double expiry);
  /** The file transfers in progress, counted per link for the fair share (none: each link's usage is
   *  taken as a single flow). */
  void set_stager(const FileStager* stager) { stager_ = stager; }
  /** Latency plus size over the cached bandwidth (measured again when the cached value has expired). */
  double estimate(ClusterIndex from, ClusterIndex to, double bytes) const override;
  /** Measures the available bandwidth from `from` to `to` now (bytes/s). */
  double measure(ClusterIndex from, ClusterIndex to) const;

private:
  struct Entry {
    double bandwidth = 0;
    double measured  = -1; // simulated time of the measurement; < 0: never
  };
  const GridPlatform* platform_;
  const FileStager* stager_ = nullptr;
  double expiry_;
  double tcp_gamma_; // SimGrid's TCP window (bytes), read once: the engine is configured before the run
  mutable std::vector<std::vector<Entry>> cache_;
};

} // namespace coalsim
