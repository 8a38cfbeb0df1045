#include "sim/ClusterHealth.hpp"

#include "sim/Clock.hpp"

#include <cmath>

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

ClusterHealth::ClusterHealth(const FaultConfig& config, const std::vector<std::string>& cluster_names, uint64_t seed)
    : unusable_after_(config.unusable_after)
    , up_(cluster_names.size(), true)
    , usable_(cluster_names.size(), true)
    , consecutive_(cluster_names.size(), 0)
    , rng_(seed, "faults.components")
    , outages_rng_(seed, "faults.outages")
{
  for (const auto& name : cluster_names) {
    auto it = config.per_cluster.find(name);
    faults_.push_back(it == config.per_cluster.end() ? config.defaults : it->second);
  }
}

void ClusterHealth::start(std::function<void(ClusterIndex, bool)> on_change, std::function<bool()> keep_going)
{
  on_change_  = std::move(on_change);
  keep_going_ = std::move(keep_going);
  for (ClusterIndex c = 0; c < static_cast<int>(faults_.size()); ++c) {
    for (const auto& [start, duration] : faults_[c].outages) {
      at(start, [this, c] {
        up_[c] = false;
        on_change_(c, false);
      });
      at(start + duration, [this, c] {
        up_[c] = true;
        on_change_(c, true);
      });
    }
    if (faults_[c].mtbf > 0 && faults_[c].mttr > 0)
      at(-std::log1p(-outages_rng_.uniform()) * faults_[c].mtbf, [this, c] { random_outage(c); });
  }
}

void ClusterHealth::random_outage(ClusterIndex c)
{
  if (not keep_going_())
    return;
  up_[c] = false;
  on_change_(c, false);
  double down = -std::log1p(-outages_rng_.uniform()) * faults_[c].mttr;
  at(now() + down, [this, c] {
    up_[c] = true;
    on_change_(c, true);
    if (keep_going_())
      at(now() - std::log1p(-outages_rng_.uniform()) * faults_[c].mtbf, [this, c] { random_outage(c); });
  });
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
