/* The runtime models: how long a started grid job runs (RuntimeModel.hpp). Each registers by name beside its
 * code (COALSIM_REGISTER(RuntimeModels, ...), sim/config/Registry.hpp), with its parameters (keys of the
 * `runtime_model` section) and what the run must set up for it; `runtime_model.kind` names one. */
#pragma once

#include "sim/config/Registry.hpp"
#include "sim/engine/RuntimeModel.hpp"

#include <functional>
#include <memory>
#include <string>

namespace coalsim {

struct RuntimeModels {
  using Factory = std::function<std::unique_ptr<RuntimeModel>(const RuntimeModelConfig&, ActivityTracker&)>;
  struct Traits {
    /** The SimGrid host model the runs need (`host/model`), or nullptr for SimGrid's default. */
    const char* simgrid_host_model = nullptr;
    /** Whether several jobs may share a host's CPU at shares a policy sets (RuntimeModel::shares_hosts). */
    bool shares_hosts = false;
  };
  static constexpr const char* heading = "Runtime models (runtime_model.kind: NAME; parameters under `runtime_model:`)";
  static constexpr const char* thing   = "runtime model";
};

/** "timeshared": the models on which jobs may share hosts, for the error of a policy that shares them. */
inline std::string host_sharing_runtime_models()
{
  std::string names;
  for (const auto& [name, entry] : Registry<RuntimeModels>::instance().entries())
    if (entry.traits.shares_hosts)
      names += (names.empty() ? "" : " or ") + name;
  return names;
}

} // namespace coalsim
