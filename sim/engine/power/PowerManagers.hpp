/* The power managers: what switches a cluster's idle compute hosts off and on again (PowerManager.hpp). Each
 * registers by name beside its code (COALSIM_REGISTER(PowerManagers, ...), sim/config/Registry.hpp), with its
 * parameters (keys of the `power` section); `power.manager` names one. */
#pragma once

#include "sim/config/Registry.hpp"
#include "sim/engine/power/PowerConfig.hpp"
#include "sim/engine/power/PowerManager.hpp"

#include <functional>
#include <memory>

namespace coalsim {

struct PowerManagers {
  /** Builds the manager of one cluster. */
  using Factory                        = std::function<std::unique_ptr<PowerManager>(const PowerConfig&)>;
  using Traits                         = NoTraits;
  static constexpr const char* heading = "Power managers (power.manager: NAME; parameters under `power:`)";
  static constexpr const char* thing   = "power manager";
};

} // namespace coalsim
