#include "workloads/background/ReplayedBackground.hpp"

#include "sim/engine/Clock.hpp"
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

} // namespace coalsim
