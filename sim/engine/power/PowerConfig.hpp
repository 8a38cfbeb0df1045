/* The `power` section: which power manager switches each cluster's idle compute hosts off and on
 * (PowerManagers.hpp). `manager` names a registered one; the other keys are the registered managers' parameters.
 * The section is optional: without it every host stays on (`always_on`), and the resolved configuration gains
 * nothing. */
#pragma once

#include "sim/config/KeyList.hpp"

#include <map>
#include <string>

namespace coalsim {

class ConfigNode;

struct PowerConfig {
  std::string manager = "always_on";
  /** Every registered manager's parameters, by key, with their defaults where not given. */
  std::map<std::string, double> parameters;

  /** The value of the parameter `key` (a declared one). */
  double parameter(const std::string& key) const;
};

const KeyList& power_keys();

PowerConfig read_power(ConfigNode power);

} // namespace coalsim
