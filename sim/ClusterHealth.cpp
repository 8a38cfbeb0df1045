#include "sim/ClusterHealth.hpp"

#include "sim/Clock.hpp"

#include <algorithm>
#include <cmath>
#include <xbt/asserts.h>

namespace coalsim {

bool FaultConfig::any() const
{
  auto faulty = [](const ClusterFaults& f) {
    return f.component_failure > 0 || not f.outages.empty() || (f.mtbf > 0 && f.mttr > 0);
  };
  if (faulty(defaults))
    return true;
  for (const auto& [name, f] : per_cluster)
    if (faulty(f))
      return true;
  return false;
}

ClusterHealth::ClusterHealth(const FaultConfig& config, const GridPlatform& platform,
                             std::vector<std::unique_ptr<LocalResourceManager>>& managers, uint64_t seed)
    : unusable_after_(config.unusable_after)
    , outages_(platform.clusters().size(), 0)
    , up_(platform.clusters().size(), true)
    , usable_(platform.clusters().size(), true)
    , consecutive_(platform.clusters().size(), 0)
    , rng_(seed, "faults.components")
    , outages_rng_(seed, "faults.outages")
{
  xbt_assert(managers.size() == platform.clusters().size(), "one local resource manager per cluster");
  for (const auto& cluster : platform.clusters()) {
    auto it = config.per_cluster.find(cluster.name);
    faults_.push_back(it == config.per_cluster.end() ? config.defaults : it->second);
    managers_.push_back(managers[cluster.index].get());
    auto hosts = cluster.compute_hosts;
    if (std::find(hosts.begin(), hosts.end(), cluster.file_server) == hosts.end())
      hosts.push_back(cluster.file_server);
    hosts_.push_back(std::move(hosts));
  }
}

void ClusterHealth::start(std::function<void(ClusterIndex, bool)> on_change, std::function<bool()> keep_going)
{
  on_change_  = std::move(on_change);
  keep_going_ = std::move(keep_going);
  for (ClusterIndex c = 0; c < static_cast<int>(faults_.size()); ++c) {
    for (const auto& [start, duration] : faults_[c].outages)
      at(start, [this, c, duration] {
        go_down(c);
        at(now() + duration, [this, c] { come_up(c); });
      });
    if (faults_[c].mtbf > 0 && faults_[c].mttr > 0)
      at(-std::log1p(-outages_rng_.uniform()) * faults_[c].mtbf, [this, c] { random_outage(c); });
  }
}

void ClusterHealth::random_outage(ClusterIndex c)
{
  if (not keep_going_())
    return;
  go_down(c);
  double down = -std::log1p(-outages_rng_.uniform()) * faults_[c].mttr;
  at(now() + down, [this, c] {
    come_up(c);
    if (keep_going_())
      at(now() - std::log1p(-outages_rng_.uniform()) * faults_[c].mtbf, [this, c] { random_outage(c); });
  });
}

void ClusterHealth::go_down(ClusterIndex c)
{
  if (outages_[c]++ > 0)
    return; // already down
  up_[c] = false;
  managers_[c]->go_down();
  on_change_(c, false);
  xbt_assert(managers_[c]->busy_grid() == 0, "cluster %d went down with %d processors still held by grid jobs", c,
             managers_[c]->busy_grid());
  for (auto* host : hosts_[c])
    host->turn_off();
}

void ClusterHealth::come_up(ClusterIndex c)
{
  if (--outages_[c] > 0)
    return; // another outage goes on
  for (auto* host : hosts_[c])
    host->turn_on();
  up_[c] = true;
  managers_[c]->come_up();
  on_change_(c, true);
}

bool ClusterHealth::draw_component_failure(ClusterIndex c)
{
  double p = faults_[c].component_failure;
  return p > 0 && rng_.uniform() < p;
}

bool ClusterHealth::error(ClusterIndex c)
{
  ++consecutive_[c];
  if (unusable_after_ > 0 && usable_[c] && consecutive_[c] >= unusable_after_) {
    usable_[c] = false;
    return true;
  }
  return false;
}

} // namespace coalsim
