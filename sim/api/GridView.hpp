/* What a grid policy is allowed to see: the information service's picture of the grid.
 * Idle counts may be stale (polled), exactly as a co-allocator's resource monitor or MDS cache was. */
#pragma once

#include "sim/api/Job.hpp"

#include <string>
#include <vector>

namespace coalsim {

struct ClusterState {
  ClusterIndex index = 0;
  std::string name;
  std::string site;
  int processors = 0;
  /** Idle processors as the scheduler believes: last report minus what it has claimed or placed since. */
  int idle = 0;
  /** False when the cluster is down (an outage) or marked unusable: no component may be placed there. */
  bool usable = true;
  /** False while the cluster is down: its file server cannot be read either (a replica there is out of
   *  reach). A cluster marked unusable is still up. */
  bool up = true;
  /** Marked unusable for the rest of the run (after too many consecutive errors). */
  bool marked_unusable = false;
};

/** Estimated file transfer times between clusters' file servers (route latency + size / bottleneck bandwidth). */
class TransferEstimator {
public:
  virtual ~TransferEstimator()                                                    = default;
  virtual double estimate(ClusterIndex from, ClusterIndex to, double bytes) const = 0;
};

class GridView {
public:
  GridView(double now, std::vector<ClusterState> clusters, const TransferEstimator& transfers)
      : now_(now)
      , clusters_(std::move(clusters))
      , transfers_(&transfers)
  {
  }
  double now() const { return now_; }
  const std::vector<ClusterState>& clusters() const { return clusters_; }
  const ClusterState& cluster(ClusterIndex c) const { return clusters_.at(c); }
  size_t cluster_count() const { return clusters_.size(); }
  /** Estimated time to copy `bytes` from the file server of `from` to that of `to` (0 when from == to). */
  double estimated_transfer_time(ClusterIndex from, ClusterIndex to, double bytes) const
  {
    return from == to ? 0.0 : transfers_->estimate(from, to, bytes);
  }
  /** The idle counts, one per cluster (0 for unusable clusters): the starting point of a fitting pass. */
  std::vector<int> idle_counts() const;
  /** Whether some cluster is marked unusable (for the rest of the run). */
  bool any_marked_unusable() const;
  /** What the grid can ever offer from now on: every cluster's processors, 0 for those marked unusable (outages
   *  and host failures end; the marking does not). */
  std::vector<int> lasting_capacities() const;

private:
  double now_;
  std::vector<ClusterState> clusters_;
  const TransferEstimator* transfers_;
};

} // namespace coalsim
