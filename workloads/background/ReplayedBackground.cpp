#include "workloads/background/ReplayedBackground.hpp"

#include "sim/engine/Clock.hpp"
#include "workloads/background/BackgroundModels.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_background_replayed_background, coalsim_background, "ReplayedBackground");

namespace coalsim {

ReplayedBackground::ReplayedBackground(const TraceReplayConfig& config, const std::string& path,
                                       LocalResourceManager& manager)
    : trace_(config, path, manager.processors())
    , manager_(&manager)
{
}

void ReplayedBackground::start(std::function<bool()> keep_going)
{
  keep_going_ = std::move(keep_going);
  has_next_   = trace_.next(next_);
  if (has_next_)
    at(next_.submit_time, [this] { arrive(); });
}

void ReplayedBackground::arrive()
{
  if (not keep_going_())
    return;
  // One timer per distinct submit time: jobs submitted together keep their trace order in the local queue.
  while (has_next_ && next_.submit_time <= now()) {
    if (next_.processors > manager_->largest_job()) { // by its shape
      ++too_large_;
    } else {
      manager_->submit_background({next_.processors, next_.runtime, next_.estimate, next_.trace_id});
      ++submitted_;
    }
    has_next_ = trace_.next(next_);
  }
  if (has_next_)
    at(next_.submit_time, [this] { arrive(); });
}

COALSIM_REGISTER(BackgroundModels, replay, "replay",
                 "a log replayed on the cluster: every usable record of its window submitted at its (shifted, scaled) "
                 "time, with its run and requested times",
                 [](const BackgroundModel& model, LocalResourceManager& manager, uint64_t,
                    const BackgroundModels::LogLocator& locate) {
                   return std::make_unique<ReplayedBackground>(model.replay, locate(model.replay), manager);
                 },
                 {{"trace", ParameterSpec::Type::section, "-", "", "the log to replay, with its window and scaling"}});

} // namespace coalsim
