/* One local resource manager on SimGrid's clock, without a grid: a hand-made cluster named "a" on the test
 * platform, for tests that drive the manager (and what sits on it) event by event with `at`. */
#pragma once

#include "sim/engine/InstantStep.hpp"
#include "sim/engine/LocalResourceManager.hpp"
#include "sim/trace/UtilizationRecorder.hpp"

#include <simgrid/s4u.hpp>
#include <vector>
#include <xbt/log.h>

namespace coalsim::testing {

class StandaloneManager {
public:
  explicit StandaloneManager(int processors)
      : cluster_(make_cluster(processors))
      , manager(cluster_, recorder_, step, false)
  {
    engine.load_platform(COALSIM_SOURCE_DIR "/platforms/test/two-clusters.xml");
    manager.set_on_local_job_done([this](const LocalJobRecord& r) { ended.push_back(r); });
  }

private:
  static Cluster make_cluster(int processors)
  {
    Cluster cluster;
    cluster.name       = std::string(1, 'a'); // not = "a": GCC 12 warns falsely (-Wrestrict) once inlined
    cluster.processors = processors;
    return cluster;
  }

  bool quiet_    = (xbt_log_control_set("root.thres:critical"), true); // before the engine logs anything
  int argc_      = 1;
  char name_[5]  = "test";
  char* argv_[2] = {name_, nullptr};

public:
  sg4::Engine engine{&argc_, argv_};

  InstantStep step;

private:
  Cluster cluster_;
  UtilizationRecorder recorder_{1, 60, [](const UtilizationSample&) {}};

public:
  LocalResourceManager manager;
  std::vector<LocalJobRecord> ended; // the local jobs that ended, in order
};

} // namespace coalsim::testing
