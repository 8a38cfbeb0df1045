/* The `info_service` section: how fresh the grid state is that the scheduler sees. */
#pragma once

#include "sim/config/KeyList.hpp"

namespace coalsim {

class ConfigNode;

struct InformationServiceConfig {
  double poll_interval    = 10; // seconds between polls of the local resource managers; 0: exact
  double bandwidth_expiry = 0;  // > 0: transfer estimates from measured bandwidths cached this long (s)
};

const KeyList& information_service_keys();

InformationServiceConfig read_information_service(ConfigNode info);

} // namespace coalsim
