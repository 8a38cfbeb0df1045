#include "sim/engine/LocalResourceManager.hpp"

#include "sim/api/LocalDisciplines.hpp"
#include "sim/engine/Clock.hpp"

#include <algorithm>
#include <utility>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_local_resource_manager, coalsim_engine, "LocalResourceManager");

namespace coalsim {

namespace {
/** Room for `more` elements at once (not one reallocation per element appended), growing as push_back would. */
template <class T> void reserve_more(std::vector<T>& v, size_t more)
{
  if (v.capacity() - v.size() < more)
    v.reserve(std::max(v.size() + more, 2 * v.capacity()));
}

std::vector<int> cores_per_host(const Cluster& cluster)
{
  std::vector<int> cores;
  for (const sg4::Host* host : cluster.compute_hosts)
    cores.push_back(host->get_core_count());
  return cores;
}
} // namespace

LocalResourceManager::LocalResourceManager(const Cluster& cluster, UtilizationRecorder& recorder, InstantStep& step,
                                           bool track_hosts, const std::string& scheduling)
    : cluster_(&cluster)
    , recorder_(&recorder)
    , track_hosts_(track_hosts)
    , scheduling_(scheduling)
    , step_(&step)
    , step_id_(step.add([this] { pass(); }))
    , queue_(make_local_queue(scheduling))
    , cores_(cores_per_host(cluster))
{
}

void LocalResourceManager::set_shape_policy(const ShapePolicy& policy)
{
  if (policy.pool()) {
    shapes_.reset();
    return;
  }
  xbt_assert(track_hosts_, "shaped jobs need host tracking");
  xbt_assert(running_jobs_.empty() && busy_grid_ == 0, "the shape policy of %s set while jobs run",
             cluster_->name.c_str());
  const int host_cores = cores_.hosts() > 0 ? cores_.cores_of(0) : 1;
  for (int h = 0; h < cores_.hosts(); ++h)
    xbt_assert(cores_.cores_of(h) == host_cores, "shaped jobs on %s, whose hosts differ in cores",
               cluster_->name.c_str());
  shapes_ = std::make_unique<ShapeFit>(policy, cores_, host_cores);
}

bool LocalResourceManager::can_claim(const std::vector<int>& sizes) const
{
  if (not shapes_) {
    int sum = 0;
    for (int size : sizes)
      sum += size;
    return idle() >= sum;
  }
  if (down_)
    return false;
  std::vector<int> free(cores_.hosts());
  for (int h = 0; h < cores_.hosts(); ++h)
    free[h] = cores_.free_on(h);
  return shaped_claims_fit(sizes, std::move(free));
}

bool LocalResourceManager::shaped_claims_fit(const std::vector<int>& sizes, std::vector<int> free) const
{
  std::vector<HostCores> take;
  for (int size : sizes) {
    take.clear();
    if (not shapes_->place(
            shapes_->held(size), [&free](int h) { return free[h]; }, take))
      return false;
    for (const HostCores& h : take)
      free[h.host] -= h.cores;
  }
  return true;
}

bool LocalResourceManager::can_claim_when_idle(const std::vector<int>& sizes) const
{
  if (not shapes_) {
    long sum = 0;
    for (int size : sizes)
      sum += size;
    return sum <= processors();
  }
  std::vector<int> free(cores_.hosts());
  for (int h = 0; h < cores_.hosts(); ++h)
    free[h] = cores_.cores_of(h);
  return shaped_claims_fit(sizes, std::move(free));
}

void LocalResourceManager::take_cores(int count, std::vector<CoreMap::Core>& into, const std::vector<HostCores>& on)
{
  if (not track_hosts_)
    return;
  reserve_more(into, static_cast<size_t>(count));
  if (shapes_)
    shapes_->take(count, cores_, into, on);
  else
    cores_.take(count, into);
}

void LocalResourceManager::return_cores(const std::vector<CoreMap::Core>& cores)
{
  if (not track_hosts_)
    return;
  // Usually no host is off; a host SimGrid turned off before host_down() gets its cores taken out of use there.
  if (hosts_off_ == 0) {
    cores_.give_back(cores);
    return;
  }
  for (CoreMap::Core core : cores)
    cores_.give_back(core, not cluster_->compute_hosts[cores_.host_of(core)]->is_on());
}

void LocalResourceManager::report(const std::vector<CoreMap::Core>& cores, const CoreHolding& holding, double time,
                                  HoldingOutcome outcome) const
{
  if (on_cores_released_ && not cores.empty())
    on_cores_released_(HeldCores{holding, cores, time, outcome});
}

CoreHolding LocalResourceManager::holding_of(const LocalJobRecord& job)
{
  return {CoreOwner::local_job, job.id, -1, -1, job.start_time, job.start_time};
}

int LocalResourceManager::index_of(const sg4::Host* host) const
{
  const auto& hosts = cluster_->compute_hosts;
  auto found        = std::find(hosts.begin(), hosts.end(), host);
  xbt_assert(found != hosts.end(), "host %s is no compute host of %s", host->get_cname(), cluster_->name.c_str());
  return static_cast<int>(found - hosts.begin());
}

void LocalResourceManager::host_down(const sg4::Host* host)
{
  xbt_assert(track_hosts_, "host failures need host tracking");
  const int index = index_of(host);
  ++hosts_off_;
  cores_.free_out_of_use(index);
  for (auto job = running_jobs_.begin(); job != running_jobs_.end();) {
    auto next = std::next(job);
    if (std::any_of(job->cores.begin(), job->cores.end(),
                    [&](CoreMap::Core core) { return cores_.host_of(core) == index; })) {
      cancel(job->end);
      finish(job, HoldingOutcome::killed); // its cores on the failed host go out of use, the others are idle
    }
    job = next;
  }
  // The dummy jobs lose their cores on the host (out of use now), and keep the others.
  for (auto dummy = dummies_.begin(); dummy != dummies_.end();) {
    auto on_host = std::stable_partition(dummy->cores.begin(), dummy->cores.end(),
                                         [&](CoreMap::Core core) { return cores_.host_of(core) != index; });
    std::vector<CoreMap::Core> lost(on_host, dummy->cores.end());
    dummy->cores.erase(on_host, dummy->cores.end());
    for (CoreMap::Core core : lost)
      cores_.put_out_of_use(core);
    report(lost, dummy->holding, now(), HoldingOutcome::killed);
    dummy_ -= static_cast<int>(lost.size());
    busy_background_ -= static_cast<int>(lost.size());
    dummy = dummy->cores.empty() ? dummies_.erase(dummy) : std::next(dummy);
  }
  needs_pass(Change::capacity_gained); // the killed jobs' cores on other hosts are idle now
  changed();
}

void LocalResourceManager::host_up(const sg4::Host* host)
{
  hosts_off_ = std::max(0, hosts_off_ - 1);
  if (power_ != nullptr && power_->is_off(index_of(host)))
    return; // switched off: it comes back when the power manager switches it on
  if (cores_.bring_back(index_of(host)) == 0)
    return;
  needs_pass(Change::capacity_gained);
  changed();
}

void LocalResourceManager::changed()
{
  recorder_->set_busy(cluster_->index, busy_grid_, busy_background_, now());
  if (on_change_)
    on_change_();
}

bool LocalResourceManager::claim(int count, std::vector<sg4::Host*>* hosts, std::vector<CoreMap::Core>* cores)
{
  xbt_assert(count > 0, "claim of %d processors", count);
  const int held = holds(count);
  if (idle() < held || (shapes_ && not shapes_->fits_now(held))) {
    wake_for({count});
    return false;
  }
  busy_grid_ += held;
  if (track_hosts_) {
    xbt_assert(hosts != nullptr && cores != nullptr, "host tracking needs a core list");
    const size_t first = cores->size();
    reserve_more(*hosts, static_cast<size_t>(count));
    take_cores(held, *cores);
    for (size_t i = first; i < first + static_cast<size_t>(count); ++i) // its processes run on the first `count`
      hosts->push_back(cluster_->compute_hosts[cores_.host_of((*cores)[i])]);
  }
  needs_pass(Change::capacity_lost); // a backfilling plan counted on these processors
  changed();
  return true;
}

void LocalResourceManager::release(int count, const std::vector<CoreMap::Core>& cores, const CoreHolding& holding,
                                   HoldingOutcome outcome)
{
  if (shapes_)
    count = static_cast<int>(cores.size()); // the shape's cores, more than its processes may run on
  xbt_assert(count <= busy_grid_, "releasing %d grid processors on %s, only %d busy", count, cluster_->name.c_str(),
             busy_grid_);
  busy_grid_ -= count;
  return_cores(cores);
  report(cores, holding, now(), outcome);
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
  return shared_hosts_.count(host) > 0 || cores_.free_on(host) == h->get_core_count();
}

bool LocalResourceManager::can_claim_share(int host, double share) const
{
  if (not host_shareable(host))
    return false;
  return shares_taken(host) + share <= cluster_->compute_hosts[host]->get_core_count() + share_tolerance;
}

bool LocalResourceManager::claim_share(int host, double share, std::vector<sg4::Host*>* cores, int64_t job,
                                       int component)
{
  xbt_assert(share > 0 && share <= 1, "share %g on %s", share, cluster_->name.c_str());
  if (not can_claim_share(host, share))
    return false;
  sg4::Host* h         = cluster_->compute_hosts[host];
  auto [shared, first] = shared_hosts_.try_emplace(host);
  if (first) {
    cores_.take_on(host, h->get_core_count(), shared->second.cores);
    busy_grid_ += h->get_core_count();
    needs_pass(Change::capacity_lost);
    changed();
  }
  shared->second.taken += share;
  ++shared->second.components;
  cores->push_back(h);
  shares_changed(host, {job, component, share});
  return true;
}

void LocalResourceManager::release_share(int host, double share, int64_t job, int component)
{
  auto shared = shared_hosts_.find(host);
  xbt_assert(shared != shared_hosts_.end(), "releasing a share of host %d on %s, which is not time-shared", host,
             cluster_->name.c_str());
  shared->second.taken -= share;
  if (--shared->second.components > 0) {
    shares_changed(host, {job, component, 0.0});
    return;
  }
  std::vector<CoreMap::Core> cores = std::move(shared->second.cores);
  shared_hosts_.erase(shared);
  shares_changed(host, {job, component, 0.0});
  busy_grid_ -= static_cast<int>(cores.size());
  return_cores(cores);
  needs_pass(Change::capacity_gained);
  changed();
}

void LocalResourceManager::update_share(int host, double from, double to, int64_t job, int component)
{
  auto shared = shared_hosts_.find(host);
  xbt_assert(shared != shared_hosts_.end(), "updating a share of host %d on %s, which is not time-shared", host,
             cluster_->name.c_str());
  shared->second.taken += to - from;
  shares_changed(host, {job, component, to});
}

void LocalResourceManager::shares_changed(int host, const ShareChange& change)
{
  if (on_shares_change_)
    on_shares_change_(host, shares_taken(host), components_sharing(host), change);
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
  xbt_assert(job.size >= 1 && job.size <= largest_job(), "local job of %d processors on %s", job.size,
             cluster_->name.c_str());
  QueuedLocalJob queued{job, now(), std::isnan(job.estimate) ? job.runtime : job.estimate, (*next_job_number_)++};
  if (shapes_)
    queued.request.size = shapes_->held(job.size); // the disciplines count the cores it holds
  queue_->push(queued);
  waiting_processors_ += queued.request.size;
  if (queue_->arrival_may_start(queued, idle()))
    step_->request(step_id_);
  else if (power_ != nullptr)
    wake_for_waiting();
}

void LocalResourceManager::set_power_manager(PowerManager& manager, EnergyAccounting* energy)
{
  power_ = &manager;
  PowerManager::Hosts hosts{[this](int host) { return power_off(host); },
                            [this](int host, bool for_claim) { power_on(host, for_claim); },
                            [this] { return claims_waiting_ > 0; },
                            {}};
  for (int h = 0; h < cores_.hosts(); ++h)
    hosts.cores.push_back(cores_.cores_of(h));
  manager.attach(std::move(hosts), energy, static_cast<size_t>(cluster_->index));
  if (manager.observes_cores())
    cores_.add_observer(&manager);
}

bool LocalResourceManager::power_off(int host)
{
  if (down_ || waiting_processors_ > 0 || cores_.free_on(host) != cores_.cores_of(host))
    return false;
  cores_.free_out_of_use(host);
  needs_pass(Change::capacity_lost);
  changed();
  return true;
}

void LocalResourceManager::power_on(int host, bool for_claim)
{
  if (down_ || not cluster_->compute_hosts[host]->is_on())
    return; // failed meanwhile: its cores come back with the host (host_up, come_up)
  cores_.bring_back(host);
  needs_pass(Change::capacity_gained);
  changed();
  if (for_claim && on_up_for_claim_)
    on_up_for_claim_();
}

bool LocalResourceManager::wake_for(const std::vector<int>& sizes)
{
  if (power_ == nullptr)
    return false;
  const int off = power_->cores_off();
  if (not shapes_) {
    int held = 0;
    for (int size : sizes)
      held += size;
    if (idle() < held)
      power_->need(held - idle(), PowerManager::For::grid_claim);
  } else {
    std::vector<int> held;
    for (int size : sizes)
      held.push_back(shapes_->held(size));
    wake_to_place(held, PowerManager::For::grid_claim);
  }
  return power_->cores_off() != off;
}

void LocalResourceManager::wake_for_waiting()
{
  power_->need(waiting_processors_ - idle(), PowerManager::For::local_jobs);
  if (shapes_) { // the head's cores may be idle on too few hosts: the hosts it needs besides
    const int head = queue_->head().request.size; // already the cores it holds
    wake_to_place({&head, 1}, PowerManager::For::local_jobs);
  }
}

void LocalResourceManager::wake_to_place(std::span<const int> held, PowerManager::For wanted)
{
  if (down_ || power_->cores_off() == 0) // no host to switch on (those booting count as on)
    return;
  // Cores alone do not say where a shape fits (enough idle cores may lie on too few hosts): the jobs holding `held`
  // cores are placed one after the other as if every host switched off or booting were on and wholly free, and the
  // hosts switched off that this placement uses are switched on. When they cannot fit even so, nothing is switched
  // on for them now.
  std::vector<int> free(cores_.hosts());
  for (int h = 0; h < cores_.hosts(); ++h)
    free[h] = not power_->is_off(h)                 ? cores_.free_on(h)
              : cluster_->compute_hosts[h]->is_on() ? cores_.cores_of(h)
                                                    : 0; // failed meanwhile
  std::vector<HostCores> take;
  std::vector<int> wake;
  for (int size : held) {
    take.clear();
    if (not shapes_->place(
            size, [&free](int h) { return free[h]; }, take))
      return;
    for (const HostCores& h : take) {
      free[h.host] -= h.cores;
      if (power_->is_off(h.host))
        wake.push_back(h.host);
    }
  }
  for (int host : wake)
    power_->wake(host, wanted);
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
  const size_t waiting = down_ ? 0 : queue_->size(); // asked once before and once after: a virtual call each
  if (waiting == 0) {
    only_arrivals_ = true;
    return; // nothing may start (capacity_changed_ stays for the pass that can)
  }
  LocalPass state{now(), idle(), running_, running_processors_, only_arrivals_, capacity_changed_, shapes_.get()};
  queue_->pass(state, [this, &state](const QueuedLocalJob& job) { start(job, state.start_on); });
  only_arrivals_    = true;
  capacity_changed_ = false;
  const size_t left = queue_->size();
  if (power_ != nullptr && left > 0)
    wake_for_waiting();
  wake_when_due();
  if (left != waiting)
    changed();
}

void LocalResourceManager::wake_when_due()
{
  const double due = queue_->next_due();
  if (due == due_at_)
    return;
  cancel(std::exchange(due_timer_, {}));
  due_at_ = due;
  // A due time past the horizon is a start the run can never reach: asking for it would stop the run.
  if (due > now() && due <= time_horizon)
    due_timer_ = at(due, [this] {
      due_timer_ = {};
      due_at_    = INFINITY;
      step_->request(step_id_); // nothing changed: the queue starts what falls due now
    });
}

void LocalResourceManager::start(const QueuedLocalJob& job, const std::vector<HostCores>& on)
{
  int size = job.request.size;
  waiting_processors_ -= size;
  busy_background_ += size;
  // A local job's record and core list reuse an ended job's (no allocation per job once enough have run).
  if (spare_jobs_.empty())
    spare_jobs_.emplace_back();
  auto it = spare_jobs_.begin();
  running_jobs_.splice(running_jobs_.end(), spare_jobs_, it);
  it->cores.clear();
  take_cores(size, it->cores, on);
  double start = now();
  // Into an ended job's node when there is one: inserted where emplace() puts it (after its equal ends).
  if (spare_slots_.empty()) {
    it->slot = running_.emplace(start + job.estimate, size);
  } else {
    RunningByEnd::node_type slot = std::move(spare_slots_.back());
    spare_slots_.pop_back();
    slot.key()    = start + job.estimate;
    slot.mapped() = size;
    it->slot      = running_.insert(std::move(slot));
  }
  it->seq = started_++;
  running_processors_ += size;
  it->record                   = {job.number,      cluster_->index, job.request.trace_id,        size,
                                  job.submit_time, start,           start + job.request.runtime, job.estimate};
  const LocalJobRecord& record = it->record;
  it->shaped                   = {};
  if (shapes_)
    it->shaped = shapes_->started(it->slot->first, it->cores);
  it->end = at(record.end_time, [this, it] {
    finish(it, HoldingOutcome::completed);
    needs_pass(Change::local_job_ended);
    changed();
  });
}

void LocalResourceManager::finish(std::list<RunningJob>::iterator job, HoldingOutcome outcome)
{
  const double time = now();
  // The job ends when its cores are given back. Its end timer was set at start + runtime, but SimGrid's clock
  // reaches that date as now + (date - now), which can differ from it in the last bit: the record takes the time
  // the cores are released, as /allocations does.
  job->record.end_time = time;
  queue_->ended(job->slot->first, job->record.size, time);
  at_mark_.ended({job->seq, job->slot->first, job->slot->second});
  spare_slots_.push_back(running_.extract(job->slot));
  if (shapes_)
    shapes_->ended(job->shaped);
  running_processors_ -= job->record.size;
  busy_background_ -= job->record.size;
  return_cores(job->cores);
  report(job->cores, holding_of(job->record), time, outcome);
  LocalJobRecord record = job->record;
  spare_jobs_.splice(spare_jobs_.begin(), running_jobs_, job);
  if (on_local_job_done_)
    on_local_job_done_(record);
}

void LocalResourceManager::go_down()
{
  xbt_assert(not down_, "cluster %s is already down", cluster_->name.c_str());
  down_ = true;
  while (not running_jobs_.empty()) {
    auto job = running_jobs_.begin();
    cancel(job->end);
    finish(job, HoldingOutcome::killed);
  }
  busy_background_ -= dummy_;
  dummy_ = 0;
  for (const DummyJob& dummy : dummies_) {
    return_cores(dummy.cores);
    report(dummy.cores, dummy.holding, now(), HoldingOutcome::killed);
  }
  dummies_.clear();
  needs_pass(Change::capacity_lost);
  changed();
}

void LocalResourceManager::come_up()
{
  xbt_assert(down_, "cluster %s is not down", cluster_->name.c_str());
  down_ = false;
  // The cluster comes back whole: hosts that had failed on their own before the outage are repaired too.
  cores_.bring_back_all();
  hosts_off_ = 0;
  if (power_ != nullptr) // hosts switched off stay off
    for (int h = 0; h < cores_.hosts(); ++h)
      if (power_->is_off(h))
        cores_.free_out_of_use(h);
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
  DummyJob dummy{{CoreOwner::dummy_job, (*next_job_number_)++, -1, -1, now(), now()}, {}};
  if (track_hosts_) {
    cores_.take(size, dummy.cores); // any cores: a dummy job has no shape
    dummies_.push_back(std::move(dummy));
  }
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
  // The newest dummy jobs' newest cores first; a dummy job partly killed keeps its other cores.
  for (int left = size; left > 0 && not dummies_.empty();) {
    DummyJob& dummy = dummies_.back(); // (with host tracking only: the counts alone without)
    const int here  = std::min(left, static_cast<int>(dummy.cores.size()));
    std::vector<CoreMap::Core> killed(dummy.cores.end() - here, dummy.cores.end());
    dummy.cores.resize(dummy.cores.size() - here);
    return_cores(killed);
    report(killed, dummy.holding, now(), HoldingOutcome::completed);
    left -= here;
    if (dummy.cores.empty())
      dummies_.pop_back();
  }
  needs_pass(Change::capacity_gained);
  changed();
}

} // namespace coalsim

namespace coalsim {

void LocalResourceManager::report_held(const std::vector<CoreMap::Core>& cores, const CoreHolding& holding,
                                       double time) const
{
  report(cores, holding, time, HoldingOutcome::unfinished);
}

void LocalResourceManager::stop(double time) const
{
  for (const RunningJob& job : running_jobs_)
    report(job.cores, holding_of(job.record), time, HoldingOutcome::unfinished);
  for (const DummyJob& dummy : dummies_)
    report(dummy.cores, dummy.holding, time, HoldingOutcome::unfinished);
}

} // namespace coalsim
