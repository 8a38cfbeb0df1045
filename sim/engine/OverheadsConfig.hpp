/* The `overheads` section: the middleware's delays around a grid job's run. */
#pragma once

#include "sim/config/KeyList.hpp"
#include "sim/config/KeyLocation.hpp"
#include "sim/config/Random.hpp"

namespace coalsim {

class ConfigNode;

struct OverheadsConfig {
  Distribution submission = Distribution::constant(0); // from placement to claim (s)
  Distribution completion = Distribution::constant(0); // from the end of the processes to completion (s)
  KeyLocation submission_location; // a policy that claims at its own times refuses a submission overhead
};

const KeyList& overheads_keys();

OverheadsConfig read_overheads(ConfigNode overheads);

} // namespace coalsim
