#include "setup/StopConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_setup_stop_config, coalsim_setup, "StopConfig");

namespace coalsim {

const KeyList& stop_keys()
{
  static const KeyList keys = {"max_time", "stall_after"};
  return keys;
}

StopConfig read_stop(ConfigNode stop)
{
  StopConfig c;
  stop.allow_only(stop_keys());
  c.max_time    = stop.get("max_time", INFINITY, 0.0);
  c.stall_after = stop.get("stall_after", c.stall_after, 0.0);
  return c;
}

} // namespace coalsim
