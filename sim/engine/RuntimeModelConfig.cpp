#include "sim/engine/RuntimeModelConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include "sim/engine/RuntimeModels.hpp"
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_runtime_model_config, coalsim_engine, "RuntimeModelConfig");

namespace coalsim {

double RuntimeModelConfig::parameter(const std::string& key) const
{
  auto it = parameters.find(key);
  xbt_assert(it != parameters.end(), "runtime model parameter '%s' was never declared", key.c_str());
  return it->second;
}

const KeyList& runtime_model_keys()
{
  static const KeyList keys = [] {
    KeyList all = {"kind"};
    for (const auto& [name, entry] : Registry<RuntimeModels>::instance().entries())
      for (const auto& parameter : entry.parameters)
        all.emplace_back(parameter.name);
    return all;
  }();
  return keys;
}

RuntimeModelConfig read_runtime_model(ConfigNode model)
{
  const auto& models = Registry<RuntimeModels>::instance();
  RuntimeModelConfig c;
  model.allow_only(runtime_model_keys());
  c.kind = model.get_choice("kind", "delay", models.names());
  for (const auto& [name, entry] : models.entries())
    for (const auto& p : entry.parameters)
      c.parameters[p.name] = p.type == ParameterSpec::Type::integer
                                 ? model.get(p.name, static_cast<int>(p.fallback), static_cast<int>(p.min))
                                 : model.get(p.name, p.fallback, p.min);
  return c;
}

} // namespace coalsim
