/* Stage-in of input files as SimGrid communications between the clusters' file servers, over the
 * platform network: concurrent transfers share bandwidth as the network model says. A stage-in can be
 * cancelled (KOALA's Data Manager stops the transfers of a job that was aborted): its transfers stop
 * taking bandwidth at once and no longer count as flows on their links. */
#pragma once

#include <map>

#include "sim/ActivityTracker.hpp"
#include "sim/GridPlatform.hpp"

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

namespace coalsim {

class FileStager {
public:
  struct Transfer {
    ClusterIndex from;
    ClusterIndex to;
    double bytes;
  };
  /** Identifies a stage-in, to cancel it. */
  using StageId = uint64_t;

  FileStager(const GridPlatform& platform, ActivityTracker& tracker) : platform_(&platform), tracker_(&tracker) {}

  /** Starts all transfers now; calls `done` with each one's duration (in the order given) once the last
   *  has arrived. */
  StageId stage(const std::vector<Transfer>& transfers, std::function<void(const std::vector<double>&)> done);
  /** Stops the stage-in's transfers still under way; `done` is not called. Unknown or ended stages are
   *  ignored. */
  void cancel(StageId id);
  /** File transfers in progress that cross `link`. */
  int flows_on(const sg4::Link* link) const
  {
    auto it = flows_.find(link);
    return it == flows_.end() ? 0 : it->second;
  }
  /** Stage-ins under way (for tests). */
  size_t stages() const { return stages_.size(); }

private:
  struct Stage {
    std::vector<const std::vector<sg4::Link*>*> routes; // per transfer
    std::vector<uint64_t> activities;                    // per transfer: the tracker's key, 0 once arrived
    size_t remaining;
    double started;
    std::vector<double> durations;
    std::function<void(const std::vector<double>&)> done;
  };
  void arrived(StageId id, size_t transfer, const sg4::Activity& comm);
  /** The transfer no longer crosses its links. */
  void ended(Stage& stage, size_t transfer);

  std::map<const sg4::Link*, int> flows_;
  std::unordered_map<StageId, Stage> stages_;
  StageId next_id_ = 1;
  const GridPlatform* platform_;
  ActivityTracker* tracker_;
};

} // namespace coalsim
