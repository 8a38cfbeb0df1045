#include "workloads/background/BackgroundLoads.hpp"

#include "workloads/background/BandBackground.hpp"
#include "workloads/background/FittedBackgroundModel.hpp"
#include "workloads/background/ReplayedBackground.hpp"
#include "workloads/background/SyntheticBackground.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_background_loads, coalsim_background, "BackgroundLoads");

namespace coalsim {

std::unique_ptr<BackgroundLoad> make_background_load(const BackgroundModel& model, LocalResourceManager& manager,
                                                     uint64_t seed,
                                                     const std::function<std::string(const TraceReplayConfig&)>& locate)
{
  switch (model.kind) {
    case BackgroundModel::Kind::replay:
      return std::make_unique<ReplayedBackground>(model.replay, locate(model.replay), manager);
    case BackgroundModel::Kind::fitted:
      return std::make_unique<SyntheticBackground>(
          fit_background(model, locate(model.replay), manager.processors()).model, manager, seed);
    case BackgroundModel::Kind::band: {
      auto others = model.band_others ? make_background_load(*model.band_others, manager, seed, locate)
                                      : std::make_unique<SyntheticBackground>(model, manager, seed);
      return std::make_unique<BandBackground>(model, manager, std::move(others));
    }
    case BackgroundModel::Kind::none:
    case BackgroundModel::Kind::synthetic:
      break;
  }
  return std::make_unique<SyntheticBackground>(model, manager, seed);
}

} // namespace coalsim
