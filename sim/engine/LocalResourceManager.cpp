#include "sim/engine/LocalResourceManager.hpp"

#include "sim/engine/Clock.hpp"

#include <algorithm>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_local_resource_manager, coalsim_engine, "LocalResourceManager");

namespace coalsim {

LocalResourceManager::LocalResourceManager(const Cluster& cluster, UtilizationRecorder& recorder, InstantStep& step,
                                           bool track_hosts, LocalScheduling scheduling)
    : cluster_(&cluster)
    , recorder_(&recorder)
    , track_hosts_(track_hosts)
    , scheduling_(scheduling)
    , step_(&step)
    , step_id_(step.add([this] { pass(); }))
    , queue_(make_local_queue(scheduling))
{
  if (track_hosts_)
    // Popped from the back: the first host's cores are handed out first.
    for (auto host = cluster.compute_hosts.rbegin(); host != cluster.compute_hosts.rend(); ++host)
      for (int core = 0; core < (*host)->get_core_count(); ++core)
        free_cores_.push_back(*host);
}

void LocalResourceManager::take_cores(int count, std::vector<sg4::Host*>& into)
{
  if (not track_hosts_)
    return;
  into.insert(into.end(), free_cores_.end() - count, free_cores_.end());
  free_cores_.resize(free_cores_.size() - count);
}

void LocalResourceManager::return_cores(std::vector<sg4::Host*>::const_iterator first,
                                        std::vector<sg4::Host*>::const_iterator last)
{
  if (not track_hosts_)
    return;
  if (hosts_off_ == 0) { // the usual case; a host SimGrid turned off before host_down() gets its cores taken there
    free_cores_.insert(free_cores_.end(), first, last);
    return;
  }
  for (auto core = first; core != last; ++core)
    ((*core)->is_on() ? free_cores_ : off_cores_).push_back(*core);
}

int LocalResourceManager::take_off(std::vector<sg4::Host*>& from, const sg4::Host* host)
{
  auto off  = std::stable_partition(from.begin(), from.end(), [host](const sg4::Host* core) { return core != host; });
  int count = static_cast<int>(from.end() - off);
  off_cores_.insert(off_cores_.end(), off, from.end());
  from.erase(off, from.end());
  return count;
}

void LocalResourceManager::host_down(const sg4::Host* host)
{
  xbt_assert(track_hosts_, "host failures need host tracking");
  ++hosts_off_;
  take_off(free_cores_, host);
  for (auto job = running_jobs_.begin(); job != running_jobs_.end();) {
    auto next = std::next(job);
    if (std::find(job->cores.begin(), job->cores.end(), host) != job->cores.end()) {
      job->end->remove();
      job->record.end_time = now();
      finish(job); // its cores on the failed host go out of use, the others are idle
    }
    job = next;
  }
  int dummies = take_off(dummy_cores_, host);
  dummy_ -= dummies;
  busy_background_ -= dummies;
  needs_pass(Change::capacity_gained); // the killed jobs' cores on other hosts are idle now
  changed();
}

void LocalResourceManager::host_up(const sg4::Host* host)
{
  hosts_off_ = std::max(0, hosts_off_ - 1);
  auto back  = std::stable_partition(off_cores_.begin(), off_cores_.end(),
                                     [host](const sg4::Host* core) { return core != host; });
  if (back == off_cores_.end())
    return;
  free_cores_.insert(free_cores_.end(), back, off_cores_.end());
  off_cores_.erase(back, off_cores_.end());
  needs_pass(Change::capacity_gained);
  changed();
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
    take_cores(count, *cores);
  }
  needs_pass(Change::capacity_lost); // a backfilling plan counted on these processors
  changed();
  return true;
}

void LocalResourceManager::release(int count, const std::vector<sg4::Host*>& cores)
{
  xbt_assert(count <= busy_grid_, "releasing %d grid processors on %s, only %d busy", count, cluster_->name.c_str(),
             busy_grid_);
  busy_grid_ -= count;
  return_cores(cores.begin(), cores.end());
  needs_pass(Change::capacity_gained);
  changed();
}

namespace {
/** Shares are sums of fractions: a sum over the capacity by less than this still fits. */
constexpr double share_tolerance = 1e-9;
} // namespace

bool LocalResourceManager::host_shareable(int host) const
{
  xbt_assert(track_hosts_, "time-shared hosts need host tracking");
  xbt_assert(host >= 0 && host < static_cast<int>(cluster_->compute_hosts.size()), "no host %d on %s", host,
             cluster_->name.c_str());
  const sg4::Host* h = cluster_->compute_hosts[host];
  if (down_ || not h->is_on())
    return false;
  // Already time-shared, or wholly idle (to become so).
  return shared_hosts_.count(host) > 0 || std::count(free_cores_.begin(), free_cores_.end(), h) == h->get_core_count();
}

bool LocalResourceManager::can_claim_share(int host, double share) const
{
  if (not host_shareable(host))
    return false;
  return shares_taken(host) + share <= cluster_->compute_hosts[host]->get_core_count() + share_tolerance;
}

bool LocalResourceManager::claim_share(int host, double share, std::vector<sg4::Host*>* cores)
{
  xbt_assert(share > 0 && share <= 1, "share %g on %s", share, cluster_->name.c_str());
  if (not can_claim_share(host, share))
    return false;
  sg4::Host* h         = cluster_->compute_hosts[host];
  auto [shared, first] = shared_hosts_.try_emplace(host);
  if (first) {
    free_cores_.erase(std::remove(free_cores_.begin(), free_cores_.end(), h), free_cores_.end());
    busy_grid_ += h->get_core_count();
    needs_pass(Change::capacity_lost);
    changed();
  }
  shared->second.taken += share;
  ++shared->second.components;
  cores->push_back(h);
  shares_changed(host);
  return true;
}

void LocalResourceManager::release_share(int host, double share)
{
  auto shared = shared_hosts_.find(host);
  xbt_assert(shared != shared_hosts_.end(), "releasing a share of host %d on %s, which is not time-shared", host,
             cluster_->name.c_str());
  shared->second.taken -= share;
  if (--shared->second.components > 0) {
    shares_changed(host);
    return;
  }
  shared_hosts_.erase(shared);
  shares_changed(host);
  sg4::Host* h = cluster_->compute_hosts[host];
  std::vector<sg4::Host*> cores(h->get_core_count(), h);
  busy_grid_ -= h->get_core_count();
  return_cores(cores.begin(), cores.end());
  needs_pass(Change::capacity_gained);
  changed();
}

void LocalResourceManager::update_share(int host, double from, double to)
{
  auto shared = shared_hosts_.find(host);
  xbt_assert(shared != shared_hosts_.end(), "updating a share of host %d on %s, which is not time-shared", host,
             cluster_->name.c_str());
  shared->second.taken += to - from;
  shares_changed(host);
}

void LocalResourceManager::shares_changed(int host)
{
  if (on_shares_change_)
    on_shares_change_(host, shares_taken(host), components_sharing(host));
}

double LocalResourceManager::shares_taken(int host) const
{
  auto shared = shared_hosts_.find(host);
  return shared == shared_hosts_.end() ? 0.0 : shared->second.taken;
}

int LocalResourceManager::components_sharing(int host) const
{
  auto shared = shared_hosts_.find(host);
  return shared == shared_hosts_.end() ? 0 : shared->second.components;
}

void LocalResourceManager::submit_background(const LocalJobRequest& job)
{
  xbt_assert(job.size >= 1 && job.size <= cluster_->processors, "local job of %d processors on %s", job.size,
             cluster_->name.c_str());
  QueuedLocalJob queued{job, now(), std::isnan(job.estimate) ? job.runtime : job.estimate};
  queue_->push(queued);
  if (queue_->arrival_may_start(queued, idle()))
    step_->request(step_id_);
}

void LocalResourceManager::needs_pass(Change change)
{
  only_arrivals_    = false;
  capacity_changed_ = capacity_changed_ || change != Change::local_job_ended;
  // Nothing waits, or fewer processors cannot let FCFS start anything: no pass (the flags wait for the next).
  if (queue_->size() == 0 || (change == Change::capacity_lost && not queue_->passes_on_capacity_loss()))
    return;
  step_->request(step_id_);
}

void LocalResourceManager::pass()
{
  if (down_ || queue_->size() == 0) {
    only_arrivals_ = true;
    return; // nothing may start (capacity_changed_ stays for the pass that can)
  }
  LocalPass state{now(), idle(), running_, running_processors_, only_arrivals_, capacity_changed_};
  const size_t waiting = queue_->size();
  queue_->pass(state, [this](const QueuedLocalJob& job) { start(job); });
  only_arrivals_    = true;
  capacity_changed_ = false;
  if (queue_->size() != waiting)
    changed();
}

void LocalResourceManager::start(const QueuedLocalJob& job)
{
  int size = job.request.size;
  busy_background_ += size;
  std::vector<sg4::Host*> cores;
  take_cores(size, cores);
  double start = now();
  auto slot    = running_.emplace(start + job.estimate, size);
  running_processors_ += size;
  LocalJobRecord record{cluster_->index, job.request.trace_id,        size,        job.submit_time,
                        start,           start + job.request.runtime, job.estimate};
  auto it = running_jobs_.insert(running_jobs_.end(), RunningJob{record, slot, std::move(cores)});
  it->end = at(record.end_time, [this, it] {
    finish(it);
    needs_pass(Change::local_job_ended);
    changed();
  });
}

void LocalResourceManager::finish(std::list<RunningJob>::iterator job)
{
  queue_->ended(job->slot->first, job->record.size, now());
  running_.erase(job->slot);
  running_processors_ -= job->record.size;
  busy_background_ -= job->record.size;
  return_cores(job->cores.begin(), job->cores.end());
  LocalJobRecord record = job->record;
  running_jobs_.erase(job);
  if (on_local_job_done_)
    on_local_job_done_(record);
}

void LocalResourceManager::go_down()
{
  xbt_assert(not down_, "cluster %s is already down", cluster_->name.c_str());
  down_ = true;
  while (not running_jobs_.empty()) {
    auto job = running_jobs_.begin();
    job->end->remove();
    job->record.end_time = now();
    finish(job);
  }
  busy_background_ -= dummy_;
  dummy_ = 0;
  return_cores(dummy_cores_.begin(), dummy_cores_.end());
  dummy_cores_.clear();
  needs_pass(Change::capacity_lost);
  changed();
}

void LocalResourceManager::come_up()
{
  xbt_assert(down_, "cluster %s is not down", cluster_->name.c_str());
  down_ = false;
  // The cluster comes back whole: hosts that had failed on their own before the outage are repaired too.
  free_cores_.insert(free_cores_.end(), off_cores_.begin(), off_cores_.end());
  off_cores_.clear();
  hosts_off_ = 0;
  needs_pass(Change::capacity_gained);
  changed();
}

void LocalResourceManager::start_dummy(int size)
{
  xbt_assert(size >= 0 && size <= idle(), "dummy job of %d processors on %s with %d idle", size, cluster_->name.c_str(),
             idle());
  if (size == 0)
    return;
  dummy_ += size;
  busy_background_ += size;
  take_cores(size, dummy_cores_);
  needs_pass(Change::capacity_lost);
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
    return_cores(dummy_cores_.end() - size, dummy_cores_.end());
    dummy_cores_.resize(dummy_cores_.size() - size);
  }
  needs_pass(Change::capacity_gained);
  changed();
}

} // namespace coalsim
