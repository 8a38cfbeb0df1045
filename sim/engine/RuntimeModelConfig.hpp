/* The `runtime_model` section: how a grid job's runtime is simulated. */
#pragma once

#include "sim/config/KeyList.hpp"

namespace coalsim {

class ConfigNode;

struct RuntimeModelConfig {
  enum class Kind { delay, network, timeshared } kind = Kind::delay;
  double coallocation_slowdown = 1.0; // delay: runtime factor when a job spans more than one cluster
  int iterations               = 1;   // network: sequential compute+exchange phases
  double halo_bytes            = 0;   // network: bytes exchanged with each neighbour per iteration
};

const KeyList& runtime_model_keys();

RuntimeModelConfig read_runtime_model(ConfigNode model);

} // namespace coalsim
