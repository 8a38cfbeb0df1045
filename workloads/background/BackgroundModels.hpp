/* The background models (`background.model`): each registers by name beside its code
 * (COALSIM_REGISTER(BackgroundModels, ...), sim/config/Registry.hpp), with the keys of a model's section it reads
 * (its parameters) and what it checks of them. The reader (BackgroundConfig) and the run (Simulation, RunInputs,
 * RunLimits) ask the registry; none of them names a model. */
#pragma once

#include "sim/config/Registry.hpp"
#include "sim/engine/LocalResourceManager.hpp"
#include "workloads/background/BackgroundConfig.hpp"
#include "workloads/background/BackgroundLoad.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace coalsim {

/** A simulated time one of a model's values sets (`key` under its section), checked against the run's horizon. */
struct BackgroundTime {
  std::string key;
  double seconds;
  std::string what; // "a run time of"
};

struct BackgroundModels {
  /** Resolves the log a model reads to a path (and fails, naming the key, when it cannot be read). */
  using LogLocator = std::function<std::string(const TraceReplayConfig&)>;
  using Factory    = std::function<std::unique_ptr<BackgroundLoad>(const BackgroundModel&, LocalResourceManager&,
                                                                uint64_t seed, const LogLocator&)>;
  struct Traits {
    /** Checks a model read from `node` once all its keys are read (a combination its keys alone cannot refuse). */
    std::function<void(ConfigNode& node, const BackgroundModel&)> check = {};
    /** The simulated times its values set. */
    std::function<std::vector<BackgroundTime>(const BackgroundModel&)> times = {};
  };
  static constexpr const char* heading = "Background models (background.model: NAME; parameters under `background:`)";
  static constexpr const char* thing   = "background model";
};

/** Whether background model `model` reads `key` of its section (declares it as a parameter). */
bool background_model_reads(const std::string& model, const std::string& key);

/** "only read with 'model: a' or 'model: b'": the models that read `key`, for the error of one given to another. */
std::string background_key_readers(const std::string& key);

/** The load `model` puts on `manager`'s cluster. */
std::unique_ptr<BackgroundLoad> make_background_load(const BackgroundModel& model, LocalResourceManager& manager,
                                                     uint64_t seed, const BackgroundModels::LogLocator& locate);

} // namespace coalsim
