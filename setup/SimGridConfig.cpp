#include "setup/SimGridConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_setup_sim_grid_config, coalsim_setup, "SimGridConfig");

namespace coalsim {

const KeyList& simgrid_keys()
{
  static const KeyList keys = {"network_model", "options"};
  return keys;
}

SimGridConfig read_simgrid(ConfigNode simgrid)
{
  SimGridConfig c;
  simgrid.allow_only(simgrid_keys());
  c.network_model = simgrid.get_choice("network_model", "CM02", {"CM02", "LV08", "SMPI", "IB"});
  auto options    = simgrid.find("options");
  if (not options)
    return c;
  c.options          = options->as_strings();
  c.options_location = options->location();
  for (const auto& option : c.options) {
    auto colon = option.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == option.size()) // SimGrid aborts on these
      options->fail("expected SimGrid settings like 'network/TCP-gamma:4194304' (name:value), got '" + option + "'");
    std::string name = option.substr(0, colon);
    if (name == "network/model" || name == "host/model" || name == "cpu/model" || name == "disk/model")
      options->fail("'" + name +
                    "' is set by simgrid.network_model and runtime_model.kind, not here (an unknown "
                    "model made SimGrid abort; a known one overrode those keys without a word)");
  }
  return c;
}

} // namespace coalsim
