#include "sim/engine/InformationService.hpp"

#include "sim/engine/Clock.hpp"

#include <algorithm>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_information_service, coalsim_engine, "InformationService");

namespace coalsim {

InformationService::InformationService(const GridPlatform& platform,
                                       std::vector<std::unique_ptr<LocalResourceManager>>& managers,
                                       double poll_interval)
    : platform_(&platform)
    , managers_(&managers)
    , poll_interval_(poll_interval)
    , reported_idle_(managers.size(), 0)
    , reported_local_(exact() ? 0 : managers.size())
    , reported_changes_(exact() ? 0 : managers.size(), 0)
    , unclaimed_(managers.size(), 0)
    , claimed_since_poll_(managers.size(), 0)
{
  for (size_t c = 0; c < managers.size(); ++c) {
    reported_idle_[c] = managers[c]->available();
    if (not exact())
      report_local(c);
  }
}

void InformationService::report_local(size_t c)
{
  const LocalResourceManager& manager = *(*managers_)[c];
  if (reported_changes_[c] == manager.running_local_changes())
    return; // nothing started or ended since (both counts start at 0, with no job running)
  reported_local_[c]   = manager.running_local();
  reported_changes_[c] = manager.running_local_changes();
}

void InformationService::start(std::function<void()> on_change, std::function<bool()> keep_going)
{
  on_change_  = std::move(on_change);
  keep_going_ = std::move(keep_going);
  if (exact()) {
    for (auto& manager : *managers_)
      manager->set_on_change([this] { on_change_(); });
  } else {
    at(now() + poll_interval_, [this] { poll(); });
  }
}

void InformationService::poll()
{
  if (not keep_going_())
    return;
  bool changed = false;
  for (size_t c = 0; c < managers_->size(); ++c) {
    int idle          = (*managers_)[c]->available();
    changed           = changed || idle != reported_idle_[c] || claimed_since_poll_[c] != 0;
    reported_idle_[c] = idle;
    report_local(c);
    claimed_since_poll_[c] = 0;
  }
  if (changed)
    on_change_();
  at(now() + poll_interval_, [this] { poll(); });
}

void InformationService::learn_idle(ClusterIndex c)
{
  reported_idle_[c] = (*managers_)[c]->available();
  if (not exact())
    report_local(c);
  claimed_since_poll_[c] = 0;
}

const EstimatedEnds& InformationService::running_local(ClusterIndex c) const
{
  return exact() ? (*managers_)[c]->running_local() : reported_local_[c];
}

GridView InformationService::view() const
{
  std::vector<ClusterState> states = std::move(spare_states_);
  spare_states_.clear();
  if (states.size() != managers_->size()) {
    states.clear();
    for (size_t c = 0; c < managers_->size(); ++c) {
      const Cluster& cluster = platform_->cluster(static_cast<ClusterIndex>(c));
      states.push_back(ClusterState{cluster.index, cluster.name, cluster.site, cluster.processors});
    }
  }
  // What changes from one view to the next; the rest (index, name, site, processors) stays as built.
  for (size_t c = 0; c < managers_->size(); ++c) {
    const auto cluster    = static_cast<ClusterIndex>(c);
    int idle              = exact() ? (*managers_)[c]->available() - unclaimed_[c]
                                    : reported_idle_[c] - unclaimed_[c] - claimed_since_poll_[c];
    ClusterState& state   = states[c];
    state.idle            = std::max(0, idle);
    state.usable          = not health_ || health_->available(cluster);
    state.up              = not health_ || health_->files_reachable(cluster);
    state.marked_unusable = health_ && not health_->usable(cluster);
  }
  return GridView(now(), std::move(states), estimator_ ? *estimator_ : *platform_, this);
}

} // namespace coalsim
