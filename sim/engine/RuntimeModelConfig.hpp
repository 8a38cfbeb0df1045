/* The `runtime_model` section: how a grid job's runtime is simulated. `kind` names a registered runtime model
 * (RuntimeModels.hpp); the other keys are the registered models' parameters. */
#pragma once

#include "sim/config/KeyList.hpp"

#include <map>
#include <string>

namespace coalsim {

class ConfigNode;

struct RuntimeModelConfig {
  std::string kind = "delay";
  /** Every registered model's parameters, by key, with their defaults where not given: each is read (and written
   *  back) whatever the kind, as the section has always been. */
  std::map<std::string, double> parameters;

  /** The value of the parameter `key` (a declared one). */
  double parameter(const std::string& key) const;
};

const KeyList& runtime_model_keys();

RuntimeModelConfig read_runtime_model(ConfigNode model);

} // namespace coalsim
