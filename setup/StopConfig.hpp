/* The `stop` section: when a run ends before its work is done. */
#pragma once

#include "sim/config/KeyList.hpp"

#include <cmath>

namespace coalsim {

class ConfigNode;

struct StopConfig {
  double max_time = INFINITY; // simulated seconds; jobs still in the system are recorded as unfinished
  // Simulated seconds after the last arrival, start or end of a grid job, once every job has arrived, after which
  // the jobs still waiting are given up ("stalled"); 0: never (GridScheduler::set_stall_after).
  double stall_after = 1e6;
};

const KeyList& stop_keys();

StopConfig read_stop(ConfigNode stop);

} // namespace coalsim
