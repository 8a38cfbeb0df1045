#include "sim/engine/RuntimeModelConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_runtime_model_config, coalsim_engine, "RuntimeModelConfig");

namespace coalsim {

const KeyList& runtime_model_keys()
{
  static const KeyList keys = {"kind", "coallocation_slowdown", "iterations", "halo_bytes"};
  return keys;
}

RuntimeModelConfig read_runtime_model(ConfigNode model)
{
  RuntimeModelConfig c;
  model.allow_only(runtime_model_keys());
  const std::string kind  = model.get_choice("kind", "delay", {"delay", "network", "timeshared"});
  c.kind                  = kind == "network"      ? RuntimeModelConfig::Kind::network
                            : kind == "timeshared" ? RuntimeModelConfig::Kind::timeshared
                                                   : RuntimeModelConfig::Kind::delay;
  c.coallocation_slowdown = model.get("coallocation_slowdown", 1.0, 0.0);
  c.iterations            = model.get("iterations", 1, 1);
  c.halo_bytes            = model.get("halo_bytes", 0.0, 0.0);
  return c;
}

} // namespace coalsim
