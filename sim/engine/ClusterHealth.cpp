#include "sim/engine/ClusterHealth.hpp"

#include "sim/config/InputError.hpp"
#include "sim/engine/Clock.hpp"

#include <algorithm>
#include <cmath>
#include <simgrid/kernel/ProfileBuilder.hpp>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_cluster_health, coalsim_engine, "ClusterHealth");

namespace coalsim {

namespace {
double exponential(RngStream& rng, double mean)
{
  return -std::log1p(-rng.uniform()) * mean;
}
} // namespace

ClusterHealth* ClusterHealth::current_ = nullptr;

ClusterHealth::ClusterHealth(const FaultConfig& config, const GridPlatform& platform,
                             std::vector<std::unique_ptr<LocalResourceManager>>& managers, uint64_t seed)
    : unusable_after_(config.unusable_after)
    , outages_(platform.clusters().size(), 0)
    , profile_down_(platform.clusters().size(), false)
    , up_(platform.clusters().size(), true)
    , usable_(platform.clusters().size(), true)
    , consecutive_(platform.clusters().size(), 0)
    , rng_(seed, "faults.components")
    , outages_rng_(seed, "faults.outages")
    , hosts_rng_(seed, "faults.hosts")
{
  xbt_assert(managers.size() == platform.clusters().size(), "one local resource manager per cluster");
  xbt_assert(current_ == nullptr, "one ClusterHealth per simulation");
  for (const auto& cluster : platform.clusters()) {
    faults_.push_back(config.of(cluster.name));
    managers_.push_back(managers[cluster.index].get());
    auto hosts = cluster.compute_hosts;
    for (const auto* host : cluster.compute_hosts)
      host_state_[host] = HostState{cluster.index, true};
    if (std::find(hosts.begin(), hosts.end(), cluster.file_server) == hosts.end()) {
      hosts.push_back(cluster.file_server);
      host_state_[cluster.file_server] = HostState{cluster.index, false};
    }
    hosts_.push_back(std::move(hosts));
    file_servers_.push_back(cluster.file_server);
    file_server_on_.push_back(cluster.file_server->is_on());
  }
  for (const auto& [name, scripted] : config.hosts) {
    auto* host = sg4::Host::by_name_or_null(name);
    if (host == nullptr || not host_state_.contains(host))
      scripted.location.fail("'" + name + "' is not a compute host or file server of the clusters in this run");
    host_outages_.emplace_back(host, scripted.outages);
    if (not scripted.profile.empty()) // SimGrid plays it; host_changed() sees it as a platform profile
      host->set_state_profile(simgrid::kernel::profile::ProfileBuilder::from_string(
          "faults.hosts." + name, scripted.profile.text, scripted.profile.periodicity));
  }
  current_              = this;
  static bool connected = false;
  if (not connected) {
    sg4::Host::on_state_change_cb([](const sg4::Host& host) {
      if (current_)
        current_->host_changed(host);
    });
    connected = true;
  }
}

ClusterHealth::~ClusterHealth()
{
  current_ = nullptr;
}

void ClusterHealth::start(ClusterListener on_cluster, HostListener on_host, std::function<bool()> keep_going)
{
  on_cluster_ = std::move(on_cluster);
  on_host_    = std::move(on_host);
  keep_going_ = std::move(keep_going);
  for (ClusterIndex c = 0; c < static_cast<int>(faults_.size()); ++c) {
    for (const auto& [start, duration] : faults_[c].outages)
      at(start, [this, c, duration = duration] { // an explicit copy: clang 14 cannot capture a structured binding
        go_down(c);
        at(now() + duration, [this, c] { come_up(c); });
      });
    if (faults_[c].mtbf > 0 && faults_[c].mttr > 0)
      at(exponential(outages_rng_, faults_[c].mtbf), [this, c] { random_outage(c); });
    if (not faults_[c].profile.empty())
      at(faults_[c].profile.events.front().first, [this, c] { play_profile(c, 0, 0); });
  }
  for (const auto& [host, outages] : host_outages_)
    for (const auto& [start, duration] : outages)
      at(start, [this, host = host, duration = duration] {
        host_fail(host);
        at(now() + duration, [this, host] { host_repair(host); });
      });
  for (const auto& cluster_hosts : hosts_)
    for (auto* host : cluster_hosts) {
      const HostState& state = host_state_.at(host);
      const auto& f          = faults_[state.cluster];
      if (state.compute && f.host_mtbf > 0 && f.host_mttr > 0)
        at(exponential(hosts_rng_, f.host_mtbf), [this, host, c = state.cluster] { random_host_failure(host, c); });
    }
}

void ClusterHealth::random_outage(ClusterIndex c)
{
  if (not keep_going_())
    return;
  go_down(c);
  at(now() + exponential(outages_rng_, faults_[c].mttr), [this, c] {
    come_up(c);
    if (keep_going_())
      at(now() + exponential(outages_rng_, faults_[c].mtbf), [this, c] { random_outage(c); });
  });
}

void ClusterHealth::play_profile(ClusterIndex c, int cycle, size_t event)
{
  const StateProfile& profile = faults_[c].profile;
  const bool up               = profile.events[event].second;
  if (not up && not profile_down_[c]) {
    profile_down_[c] = true;
    go_down(c);
  } else if (up && profile_down_[c]) {
    profile_down_[c] = false;
    come_up(c);
  }
  // A repeating profile starts another cycle only while there is work to fail (as random outages).
  if (event + 1 == profile.events.size() && (profile.periodicity <= 0 || not keep_going_()))
    return;
  size_t next      = (event + 1) % profile.events.size();
  int next_cycle   = next == 0 ? cycle + 1 : cycle;
  double next_time = profile.events[next].first + next_cycle * profile.periodicity;
  at(std::max(now(), next_time), [this, c, next_cycle, next] { play_profile(c, next_cycle, next); });
}

void ClusterHealth::random_host_failure(sg4::Host* host, ClusterIndex c)
{
  if (not keep_going_())
    return;
  host_fail(host);
  at(now() + exponential(hosts_rng_, faults_[c].host_mttr), [this, host, c] {
    host_repair(host);
    if (keep_going_())
      at(now() + exponential(hosts_rng_, faults_[c].host_mtbf), [this, host, c] { random_host_failure(host, c); });
  });
}

void ClusterHealth::host_fail(sg4::Host* host)
{
  if (host_state_.at(host).outages++ == 0 && host->is_on())
    host->turn_off(); // host_changed() does the rest
}

void ClusterHealth::host_repair(sg4::Host* host)
{
  // During an outage of its cluster the host stays off: it comes back with the cluster.
  HostState& state = host_state_.at(host);
  if (--state.outages == 0 && up_[state.cluster] && not host->is_on())
    host->turn_on();
}

void ClusterHealth::switch_host(sg4::Host* host, bool on)
{
  switching_ = true;
  if (on)
    host->turn_on();
  else
    host->turn_off();
  switching_ = false;
}

void ClusterHealth::host_changed(const sg4::Host& host)
{
  auto it = host_state_.find(&host);
  if (it == host_state_.end())
    return; // not a host of this run's clusters
  const ClusterIndex c = it->second.cluster;
  if (file_servers_[c] == &host) {
    file_server_on_[c] = host.is_on();
    ++changes_;
  }
  if (switching_)
    return;
  auto* changed = const_cast<sg4::Host*>(&host); // SimGrid's signal hands out a const host
  if (not up_[c]) {
    // A profile brought a host back during its cluster's outage: it stays off until the cluster is back.
    // Turning it off from within this signal has no effect in SimGrid 3.32, hence the timer.
    if (host.is_on())
      at(now(), [this, c, changed] {
        if (not up_[c] && changed->is_on())
          switch_host(changed, false);
      });
    return;
  }
  const bool on            = host.is_on();
  it->second.reported_down = not on;
  if (it->second.compute) {
    if (on)
      managers_[c]->host_up(&host);
    else
      managers_[c]->host_down(&host);
  }
  on_host_(c, host, on);
}

void ClusterHealth::go_down(ClusterIndex c)
{
  if (outages_[c]++ > 0)
    return; // already down
  up_[c] = false;
  ++changes_;
  managers_[c]->go_down();
  on_cluster_(c, false);
  xbt_assert(managers_[c]->busy_grid() == 0, "cluster %d went down with %d processors still held by grid jobs", c,
             managers_[c]->busy_grid());
  for (auto* host : hosts_[c])
    if (host->is_on())
      switch_host(host, false);
}

void ClusterHealth::come_up(ClusterIndex c)
{
  if (--outages_[c] > 0)
    return; // another outage goes on
  // The cluster comes back whole, hosts that had failed on their own included.
  for (auto* host : hosts_[c])
    if (not host->is_on())
      switch_host(host, true);
  up_[c] = true;
  ++changes_;
  managers_[c]->come_up();
  on_cluster_(c, true);
  // Hosts whose own failure was reported are back with the cluster: report that too.
  for (auto* host : hosts_[c])
    if (auto& state = host_state_.at(host); state.reported_down) {
      state.reported_down = false;
      on_host_(c, *host, true);
    }
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
    ++changes_;
    return true;
  }
  return false;
}

} // namespace coalsim
