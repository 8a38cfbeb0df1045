#include "sim/LocalResourceManager.hpp"

#include "sim/Clock.hpp"

#include <algorithm>
#include <xbt/asserts.h>

namespace coalsim {

LocalResourceManager::LocalResourceManager(const Cluster& cluster, UtilizationRecorder& recorder, bool track_hosts)
    : cluster_(&cluster), recorder_(&recorder), track_hosts_(track_hosts)
{
  if (track_hosts_)
    // Popped from the back: the first host's cores are handed out first.
    for (auto host = cluster.compute_hosts.rbegin(); host != cluster.compute_hosts.rend(); ++host)
      for (int core = 0; core < (*host)->get_core_count(); ++core)
        free_cores_.push_back(*host);
}

void LocalResourceManager::changed()
{
  recorder_->set_busy(cluster_->index, busy_grid_, busy_background_, now());
  if (on_change_)
    on_change_();
}

bool LocalResourceManager::claim(int count, std::vector<sg4::Host*>* cores)
{
  xbt_assert(count > 0, "claim of %d processors", count);
  if (idle() < count)
    return false;
  busy_grid_ += count;
  if (track_hosts_) {
    xbt_assert(cores != nullptr, "host tracking needs a core list");
    cores->insert(cores->end(), free_cores_.end() - count, free_cores_.end());
    free_cores_.resize(free_cores_.size() - count);
  }
  changed();
  return true;
}

void LocalResourceManager::release(int count, const std::vector<sg4::Host*>& cores)
{
  xbt_assert(count <= busy_grid_, "releasing %d grid processors on %s, only %d busy", count, cluster_->name.c_str(),
             busy_grid_);
  busy_grid_ -= count;
  if (track_hosts_)
    free_cores_.insert(free_cores_.end(), cores.begin(), cores.end());
  start_waiting();
  changed();
}

void LocalResourceManager::submit_background(int size, double runtime)
{
  xbt_assert(size >= 1 && size <= cluster_->processors, "local job of %d processors on %s", size,
             cluster_->name.c_str());
  waiting_.push_back({size, runtime});
  if (waiting_.size() == 1 && start_waiting())
    changed();
}

void LocalResourceManager::start_dummy(int size)
{
  xbt_assert(size >= 0 && size <= idle(), "dummy job of %d processors on %s with %d idle", size,
             cluster_->name.c_str(), idle());
  if (size == 0)
    return;
  dummy_ += size;
  busy_background_ += size;
  if (track_hosts_) {
    dummy_cores_.insert(dummy_cores_.end(), free_cores_.end() - size, free_cores_.end());
    free_cores_.resize(free_cores_.size() - size);
  }
  changed();
}

void LocalResourceManager::kill_dummy(int size)
{
  size = std::min(size, dummy_);
  if (size <= 0)
    return;
  dummy_ -= size;
  busy_background_ -= size;
  if (track_hosts_) {
    free_cores_.insert(free_cores_.end(), dummy_cores_.end() - size, dummy_cores_.end());
    dummy_cores_.resize(dummy_cores_.size() - size);
  }
  start_waiting();
  changed();
}

bool LocalResourceManager::start_waiting()
{
  bool started = false;
  while (not waiting_.empty() && waiting_.front().size <= idle()) {
    LocalJob job = waiting_.front();
    waiting_.pop_front();
    started = true;
    busy_background_ += job.size;
    std::vector<sg4::Host*> cores;
    if (track_hosts_) {
      cores.assign(free_cores_.end() - job.size, free_cores_.end());
      free_cores_.resize(free_cores_.size() - job.size);
    }
    at(now() + job.runtime, [this, size = job.size, cores = std::move(cores)] {
      busy_background_ -= size;
      if (track_hosts_)
        free_cores_.insert(free_cores_.end(), cores.begin(), cores.end());
      start_waiting();
      changed();
    });
  }
  return started;
}

} // namespace coalsim
