#include "sim/engine/power/PowerConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include "sim/engine/power/PowerManagers.hpp"

#include <xbt/asserts.h>

namespace coalsim {

double PowerConfig::parameter(const std::string& key) const
{
  auto it = parameters.find(key);
  xbt_assert(it != parameters.end(), "power manager parameter '%s' was never declared", key.c_str());
  return it->second;
}

const KeyList& power_keys()
{
  static const KeyList keys = [] {
    KeyList all = {"manager"};
    for (const auto& [name, entry] : Registry<PowerManagers>::instance().entries())
      for (const auto& parameter : entry.parameters)
        all.emplace_back(parameter.name);
    return all;
  }();
  return keys;
}

PowerConfig read_power(ConfigNode power)
{
  const auto& managers = Registry<PowerManagers>::instance();
  PowerConfig c;
  power.allow_only(power_keys());
  c.manager = power.get_choice("manager", "always_on", managers.names());
  for (const auto& [name, entry] : managers.entries())
    for (const auto& p : entry.parameters)
      c.parameters[p.name] = power.get(p.name, p.fallback, p.min);
  return c;
}

} // namespace coalsim
