/* The background-load models by kind (BackgroundModel::Kind), built for one cluster. */
#pragma once

#include "sim/engine/LocalResourceManager.hpp"
#include "workloads/background/BackgroundConfig.hpp"
#include "workloads/background/BackgroundLoad.hpp"

#include <functional>
#include <memory>
#include <string>

namespace coalsim {

/** `locate` resolves the log a replay or a fitted model names to a path (and fails, naming the key, when it
 *  cannot be read). */
std::unique_ptr<BackgroundLoad>
make_background_load(const BackgroundModel& model, LocalResourceManager& manager, uint64_t seed,
                     const std::function<std::string(const TraceReplayConfig&)>& locate);

} // namespace coalsim
