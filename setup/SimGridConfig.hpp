/* The `simgrid` section: SimGrid's network model and further `--cfg` settings for the run's engine. */
#pragma once

#include "sim/config/KeyList.hpp"
#include "sim/config/KeyLocation.hpp"

#include <string>
#include <vector>

namespace coalsim {

class ConfigNode;

struct SimGridConfig {
  std::string network_model = "CM02";
  std::vector<std::string> options; // name:value
  KeyLocation options_location;     // SimGrid itself refuses unknown settings when the engine is built
};

const KeyList& simgrid_keys();

SimGridConfig read_simgrid(ConfigNode simgrid);

} // namespace coalsim
