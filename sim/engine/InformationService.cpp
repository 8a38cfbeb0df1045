#include "sim/engine/InformationService.hpp"

#include "sim/engine/Clock.hpp"

#include <algorithm>
#include <cmath>
#include <utility>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_information_service, coalsim_engine, "InformationService");

namespace coalsim {

namespace {
/** Per cluster, the cores its manager gives a component of one processor (its node's) and the most nodes a
 *  component may have there. */
ComponentCores component_cores_of(const std::vector<std::unique_ptr<LocalResourceManager>>& managers)
{
  std::vector<int> cores, most;
  for (const auto& manager : managers) {
    cores.push_back(manager->holds(1));
    most.push_back(manager->most_nodes());
  }
  return ComponentCores(std::move(cores), std::move(most));
}
} // namespace

InformationService::InformationService(const GridPlatform& platform,
                                       std::vector<std::unique_ptr<LocalResourceManager>>& managers,
                                       double poll_interval)
    : platform_(&platform)
    , managers_(&managers)
    , held_(component_cores_of(managers))
    , poll_interval_(poll_interval)
    , reported_idle_(managers.size(), 0)
    , reported_width_(managers.size(), 0)
    , unclaimed_(managers.size(), 0)
    , claimed_since_poll_(managers.size(), 0)
    , learned_at_(managers.size(), -INFINITY)
    , moved_(managers.size(), false)
{
  for (size_t c = 0; c < managers.size(); ++c) {
    reported_idle_[c]  = managers[c]->available();
    reported_width_[c] = managers[c]->available_width();
    if (managers[c]->nodes_shaped())
      nodes_clusters_.push_back(c);
    if (not exact())
      report_local(c);
  }
}

std::shared_ptr<const ComponentCores> InformationService::deciding_cores() const
{
  if (nodes_clusters_.empty())
    return nullptr; // one limit only: held_
  // The width as reported (exact: the manager's), lowered by what was placed or claimed since, as far as the count
  // left proves: each node taken may have been a host's last room (the width less the nodes taken), but the node-cores
  // left lie on at least ceil(left / the most a host holds) hosts. Never more than reported: a placement counted on it
  // is not refused for room taken since, which the count alone would hide (its node-cores all on one host).
  // Per `nodes` cluster: its width and the idle count the view shows with it (what fits() lowers the width from).
  auto width = [this](size_t c) -> std::pair<int, int> {
    const LocalResourceManager& manager = *(*managers_)[c];
    const int reported                  = exact() ? manager.available_width() : reported_width_[c];
    const int taken                     = unclaimed_[c] + (exact() ? 0 : claimed_since_poll_[c]);
    const int count                     = std::max(0, (exact() ? manager.available() : reported_idle_[c]) - taken);
    if (taken <= 0)
      return {reported, count};
    const int unit     = held_(static_cast<ClusterIndex>(c), 1); // the node's cores
    const int per_host = per_host_nodes(c);
    const int left     = count / unit;
    return {std::min(reported, std::max(reported - taken / unit, (left + per_host - 1) / per_host)), count};
  };
  bool same = deciding_ != nullptr;
  for (size_t c = 0; same && c < nodes_clusters_.size(); ++c) {
    const auto at          = static_cast<ClusterIndex>(nodes_clusters_[c]);
    const auto [now, idle] = width(nodes_clusters_[c]);
    same                   = deciding_->most_nodes(at) == now && deciding_->width_count(at) == idle;
  }
  if (not same) {
    auto now = std::make_shared<ComponentCores>(held_);
    for (size_t c : nodes_clusters_) {
      const auto [most, idle] = width(c);
      now->limit_nodes(static_cast<ClusterIndex>(c), most, idle, per_host_nodes(c));
    }
    deciding_ = std::move(now);
  }
  return deciding_;
}

int InformationService::per_host_nodes(size_t c) const
{
  const LocalResourceManager& manager = *(*managers_)[c];
  const int unit                      = held_(static_cast<ClusterIndex>(c), 1);
  return std::max(1, manager.grid_capacity() / std::max(1, manager.most_nodes()) / unit);
}

void InformationService::start(std::function<void()> on_change, std::function<bool()> keep_going)
{
  on_change_  = std::move(on_change);
  keep_going_ = std::move(keep_going);
  for (size_t c = 0; c < managers_->size(); ++c)
    (*managers_)[c]->set_on_up_for_claim([this, c] { up_for_claim(c); });
  if (exact()) {
    for (auto& manager : *managers_)
      manager->set_on_change([this] { on_change_(); });
  } else {
    observe_at(now() + poll_interval_, [this] { poll(); });
  }
}

// An observation (observe_at()): it reads the managers and asks for the grid scheduler's pass, which decides nothing
// when the polls may wait (Simulation::allow_polls_to_wait).
void InformationService::poll()
{
  if (not keep_going_())
    return;
  bool changed = false;
  for (size_t c = 0; c < managers_->size(); ++c) {
    const int idle  = (*managers_)[c]->available();
    const int width = width_now(c);
    if (idle != reported_idle_[c] || width != reported_width_[c] || claimed_since_poll_[c] != 0) {
      changed = true;
      moved(c);
    }
    reported_idle_[c]  = idle;
    reported_width_[c] = width;
    report_local(c);
    claimed_since_poll_[c] = 0;
  }
  if (changed) {
    on_change_();
  } else if (polls_may_end_ && polls_may_end_()) {
    // Nothing changed since the last poll and nothing is left to happen: every later poll would find the same.
    XBT_VERB("nothing changed and nothing is left to happen: the polls end");
    return;
  }
  observe_at(now() + poll_interval_, [this] { poll(); });
}

bool InformationService::learn_idle(ClusterIndex c)
{
  const int idle  = (*managers_)[c]->available();
  const int width = width_now(static_cast<size_t>(c));
  const bool changed =
      not exact() && (idle != reported_idle_[c] || width != reported_width_[c] || claimed_since_poll_[c] != 0);
  reported_idle_[c]  = idle;
  reported_width_[c] = width;
  learned_at_[c]     = now();
  moved(c);
  if (not exact())
    report_local(c);
  claimed_since_poll_[c] = 0;
  return changed;
}

void InformationService::up_for_claim(size_t c)
{
  learn_idle(static_cast<ClusterIndex>(c));
  on_change_();
}

bool InformationService::idle_is_current(ClusterIndex c) const
{
  return exact() || learned_at_.at(c) == now();
}

const EstimatedEnds& InformationService::running_local(ClusterIndex c) const
{
  const LocalResourceManager& manager = *(*managers_)[c];
  return exact() ? manager.running_local() : manager.running_local_at_mark();
}

void InformationService::refresh(size_t c, ClusterState& state, ClusterSummary& summary, bool health) const
{
  read_state(c, state, health);
  summary.usable_idle[c] = state.usable ? state.idle : 0;
}

ClusterState InformationService::cluster(ClusterIndex c) const
{
  const Cluster& cluster = platform_->cluster(c);
  ClusterState state{cluster.index, cluster.name, cluster.site, cluster.processors};
  read_state(static_cast<size_t>(c), state, true);
  return state;
}

void InformationService::read_state(size_t c, ClusterState& state, bool health) const
{
  const auto cluster = static_cast<ClusterIndex>(c);
  int idle           = exact() ? (*managers_)[c]->available() - unclaimed_[c]
                               : reported_idle_[c] - unclaimed_[c] - claimed_since_poll_[c];
  state.idle         = std::max(0, idle);
  if (health) {
    state.usable          = not health_ || health_->available(cluster);
    state.up              = not health_ || health_->files_reachable(cluster);
    state.marked_unusable = health_ && not health_->usable(cluster);
  }
}

GridView InformationService::view() const
{
  return build_view(std::exchange(spare_states_, {}), std::exchange(spare_summary_, {}));
}

GridView InformationService::fresh_view() const
{
  return build_view({}, {});
}

GridView InformationService::build_view(std::vector<ClusterState> states, ClusterSummary summary) const
{
  const size_t n      = managers_->size();
  const bool recycled = states.size() == n && summary.usable_idle.size() == n;
  if (not recycled) {
    states.clear();
    for (size_t c = 0; c < n; ++c) {
      const Cluster& cluster = platform_->cluster(static_cast<ClusterIndex>(c));
      states.push_back(ClusterState{cluster.index, cluster.name, cluster.site, cluster.processors});
    }
    summary.usable_idle.assign(n, 0);
  }
  // What changes from one view to the next; the rest (index, name, site, processors) stays as built. In exact mode
  // the managers' idle counts move unseen (available() counts the hosts the power manager switched off), so every
  // cluster is read; in polled mode only those whose reported, placed or claimed processors moved since view
  // moved_since_, when the states are of that view or a later one and the health did not move.
  const uint64_t health_now = health_ ? health_->changes() : 0;
  const bool incremental    = recycled && moved_since_ > 0 && summary.view_number >= moved_since_;
  const bool health         = not incremental || health_now != health_seen_;
  if (health || exact()) {
    for (size_t c = 0; c < n; ++c)
      refresh(c, states[c], summary, health);
  } else {
    for (size_t c : moved_list_)
      refresh(c, states[c], summary, false);
  }
  if (health) {
    summary.marked_unusable = static_cast<int>(
        std::count_if(states.begin(), states.end(), [](const ClusterState& s) { return s.marked_unusable; }));
    summary.largest_lasting = 0;
    for (const auto& s : states)
      if (not s.marked_unusable)
        summary.largest_lasting = std::max(summary.largest_lasting, s.processors);
  }
  summary.view_number = ++views_built_;
  if (recycled) {
    // The scheduler's views (built, decided on and given back) start the list anew; a view built afresh while
    // another is out (a live view during decide()) leaves it for the one out to come back to.
    for (size_t c : moved_list_)
      moved_[c] = false;
    moved_list_.clear();
    moved_since_ = summary.view_number;
    health_seen_ = health_now;
  }
  return GridView(now(), std::move(states), transfers(), this, std::move(summary), &held_, deciding_cores());
}

} // namespace coalsim
