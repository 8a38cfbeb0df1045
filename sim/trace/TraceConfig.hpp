/* The `trace` section of an experiment: what the HDF5 trace records besides the grid jobs. */
#pragma once

#include "sim/config/KeyList.hpp"

namespace coalsim {

class ConfigNode;

struct TraceConfig {
  double sample_interval = 60;    // seconds per utilization and queue-length sample
  bool local_jobs        = false; // write /local_jobs
  bool decisions         = false; // write the policy's decision log (/decisions, /decision_terms)
};

const KeyList& trace_keys();

TraceConfig read_trace(ConfigNode trace);

} // namespace coalsim
