/* The `stop` section: when a run ends before its work is done. */
#pragma once

#include "sim/config/KeyList.hpp"

#include <cmath>

namespace coalsim {

class ConfigNode;

struct StopConfig {
  double max_time = INFINITY; // simulated seconds; jobs still in the system are recorded as unfinished
};

const KeyList& stop_keys();

StopConfig read_stop(ConfigNode stop);

} // namespace coalsim
