/* Stage-in of input files as SimGrid communications between the clusters' file servers, over the
 * platform network: concurrent transfers share bandwidth as the network model says. A stage-in can be
 * cancelled (a data manager stops the transfers of a job that was aborted): its transfers stop
 * taking bandwidth at once and no longer count as flows on their links. A stage-in fails when a file
 * server it uses is off (its cluster is down): at once if it was off at the start, else when SimGrid
 * fails the communication; its other transfers are then cancelled. */
#pragma once

#include <map>

#include "sim/engine/ActivityTracker.hpp"
#include "sim/platform/GridPlatform.hpp"

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
  /** How a stage-in ended. */
  struct Outcome {
    std::vector<double> durations;       // when all arrived: each transfer's duration, in the order given
    bool failed = false;                 // a transfer failed
    std::vector<ClusterIndex> failed_at; // then: the clusters whose file server was off (sorted; empty when a
                                         // link of the route failed, e.g. by a state profile of the platform)
    bool arrived() const { return not failed; }
  };
  using Done = std::function<void(const Outcome&)>;

  FileStager(const GridPlatform& platform, ActivityTracker& tracker) : platform_(&platform), tracker_(&tracker) {}

  /** Starts all transfers now; calls `done` once the last has arrived, or once one has failed (never from
   *  within this call). */
  StageId stage(const std::vector<Transfer>& transfers, Done done);
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
    std::vector<Transfer> transfers;
    std::vector<const std::vector<sg4::Link*>*> routes; // per transfer
    std::vector<uint64_t> activities;                   // per transfer: the tracker's key, 0 once ended
    size_t remaining;
    double started;
    std::vector<double> durations;
    Done done;
  };
  void arrived(StageId id, size_t transfer, const sg4::Activity& comm);
  /** The transfer no longer crosses its links. */
  void ended(Stage& stage, size_t transfer);
  /** Cancels the stage-in's other transfers and reports the clusters of `transfer` whose file server is off. */
  void fail(StageId id, const Transfer& transfer);
  bool server_on(ClusterIndex c) const { return platform_->cluster(c).file_server->is_on(); }

  std::map<const sg4::Link*, int> flows_;
  std::unordered_map<StageId, Stage> stages_;
  StageId next_id_ = 1;
  const GridPlatform* platform_;
  ActivityTracker* tracker_;
};

} // namespace coalsim
