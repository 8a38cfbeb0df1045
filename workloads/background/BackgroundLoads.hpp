/* The background-load models by kind (BackgroundModel::Kind), built for one cluster. */
#pragma once

#include "workloads/background/BackgroundLoad.hpp"
#include "sim/config/ExperimentConfig.hpp"
#include "sim/engine/LocalResourceManager.hpp"

#include <functional>
#include <memory>
#include <string>

namespace coalsim {

/** `locate` resolves a file named in the experiment (a replayed trace) to a path. */
std::unique_ptr<BackgroundLoad> make_background_load(const BackgroundModel& model, LocalResourceManager& manager,
                                                     uint64_t seed,
                                                     const std::function<std::string(const std::string&)>& locate);

} // namespace coalsim
