/* Stage-in of input files as SimGrid communications between the clusters' file servers, over the
 * platform network: concurrent transfers share bandwidth as the network model says. */
#pragma once

#include <map>

#include "sim/ActivityTracker.hpp"
#include "sim/GridPlatform.hpp"

#include <functional>
#include <vector>

namespace coalsim {

class FileStager {
public:
  struct Transfer {
    ClusterIndex from;
    ClusterIndex to;
    double bytes;
  };
  FileStager(const GridPlatform& platform, ActivityTracker& tracker) : platform_(&platform), tracker_(&tracker) {}

  /** Starts all transfers now; calls `done` with each one's duration (in the order given) once the last
   *  has arrived. */
  void stage(const std::vector<Transfer>& transfers, std::function<void(const std::vector<double>&)> done);
  /** File transfers in progress that cross `link`. */
  int flows_on(const sg4::Link* link) const
  {
    auto it = flows_.find(link);
    return it == flows_.end() ? 0 : it->second;
  }

private:
  std::map<const sg4::Link*, int> flows_;
  const GridPlatform* platform_;
  ActivityTracker* tracker_;
};

} // namespace coalsim
