#include "sim/engine/ShapeFit.hpp"

#include <algorithm>
#include <xbt/asserts.h>

namespace coalsim {

namespace {
/** Best fit: of the hosts with room, as (free cores, host), the shape's n with the fewest free cores (ties by
 *  index), appended to `take` in index order. */
void take_best_fit(std::vector<std::pair<int, int>>& room, const JobShape& s, std::vector<HostCores>& take)
{
  std::partial_sort(room.begin(), room.begin() + s.count, room.end());
  std::vector<int> chosen;
  for (int i = 0; i < s.count; ++i)
    chosen.push_back(room[i].second);
  std::sort(chosen.begin(), chosen.end());
  for (int h : chosen)
    take.push_back({h, s.cores_per_host});
}
} // namespace

ShapeFit::ShapeFit(const ShapePolicy& policy, const CoreMap& cores, int host_cores)
    : policy_(policy)
    , cores_(&cores)
    , host_cores_(host_cores)
{
  xbt_assert(host_cores >= 1, "shaped jobs on hosts of %d cores", host_cores);
  xbt_assert(not policy.pool(), "the pool counts processors: no shape to fit");
}

int ShapeFit::largest() const
{
  switch (policy_.kind) {
    case ShapeKind::nodes:
      return policy_.cores_per_node > host_cores_ ? 0 : cores_->hosts() * policy_.cores_per_node;
    case ShapeKind::whole_nodes:
    case ShapeKind::pool:
      break;
  }
  return cores_->cores();
}

int ShapeFit::capacity() const
{
  return policy_.kind == ShapeKind::nodes ? usable_on_free_hosts(cores_->hosts()) : largest();
}

int ShapeFit::usable_idle() const
{
  hosts_with_room();
  return room_cores_;
}

int ShapeFit::usable_on_free_hosts(int hosts) const
{
  const int c = policy_.cores_per_node;
  return hosts * (policy_.kind == ShapeKind::nodes ? host_cores_ / c * c : host_cores_);
}

bool ShapeFit::place(int size, const std::function<int(int host)>& free, std::vector<HostCores>& take) const
{
  const JobShape s  = shape(size);
  const size_t mark = take.size();
  int left          = s.count;
  if (policy_.selection == HostSelection::best_fit && s.kind != ShapeKind::pool) {
    // Every host with room, then the n with the fewest free cores (ties by index), taken in index order.
    std::vector<std::pair<int, int>> room; // (free cores, host)
    for (int h = 0; h < cores_->hosts(); ++h) {
      const int here = free(h);
      if (here >= s.cores_per_host && (s.kind == ShapeKind::nodes || here == cores_->cores_of(h)))
        room.emplace_back(here, h);
    }
    if (static_cast<int>(room.size()) < s.count)
      return false;
    take_best_fit(room, s, take);
    return true;
  }
  for (int h = 0; h < cores_->hosts() && left > 0; ++h) {
    const int here = free(h);
    if (s.kind == ShapeKind::pool) {
      const int n = std::min(here, left);
      if (n > 0)
        take.push_back({h, n});
      left -= n;
    } else if (here >= s.cores_per_host && (s.kind == ShapeKind::nodes || here == cores_->cores_of(h))) {
      take.push_back({h, s.cores_per_host});
      --left;
    }
  }
  if (left == 0)
    return true;
  take.resize(mark);
  return false;
}

const std::vector<int>& ShapeFit::hosts_with_room() const
{
  if (room_version_ != cores_->version()) {
    const int need   = policy_.kind == ShapeKind::nodes ? policy_.cores_per_node : host_cores_;
    const bool nodes = policy_.kind == ShapeKind::nodes;
    room_.clear();
    room_cores_ = 0;
    for (int h = 0; h < cores_->hosts(); ++h) {
      const int free = cores_->free_on(h);
      if (free >= need) {
        room_.push_back(h);
        room_cores_ += nodes ? free / need * need : need; // nodes: every node it has room for
      }
    }
    room_version_ = cores_->version();
  }
  return room_;
}

std::vector<HostCores> ShapeFit::placed_now(int size) const
{
  // The hosts with room: what place() finds on the free cores now, without walking every host.
  const JobShape s             = shape(size);
  const std::vector<int>& room = hosts_with_room();
  std::vector<HostCores> take;
  if (static_cast<int>(room.size()) < s.count)
    return take;
  if (policy_.selection == HostSelection::best_fit) {
    std::vector<std::pair<int, int>> by_free; // (free cores, host)
    for (int h : room)
      by_free.emplace_back(cores_->free_on(h), h);
    take_best_fit(by_free, s, take);
    return take;
  }
  for (int i = 0; i < s.count; ++i)
    take.push_back({room[i], s.cores_per_host});
  return take;
}

void ShapeFit::take(int size, CoreMap& map, std::vector<CoreMap::Core>& into, const std::vector<HostCores>& on) const
{
  const std::vector<HostCores> where = on.empty() ? placed_now(size) : on;
  xbt_assert(not where.empty() || size == 0, "a job of %d cores that does not fit", size);
  for (const HostCores& h : where)
    map.take_on(h.host, h.cores, into);
}

bool ShapeFit::fits_now(int size) const
{
  return static_cast<int>(hosts_with_room().size()) >= shape(size).count;
}

ShapedCapacity::HeadReservation ShapeFit::reserve_head(int head_size, double now) const
{
  const JobShape s = shape(head_size);
  std::vector<int> free(cores_->hosts());
  for (int h = 0; h < cores_->hosts(); ++h)
    free[h] = cores_->free_on(h);
  // The hosts with room for one of the head's nodes, counted as the running jobs end: the head is placed only once
  // enough of them have room (a pool head never comes here: the pool counts processors).
  auto room = [&](int h) {
    return free[h] >= s.cores_per_host && (s.kind == ShapeKind::nodes || free[h] == cores_->cores_of(h));
  };
  int hosts_with_room = 0;
  for (int h = 0; h < cores_->hosts(); ++h)
    hosts_with_room += room(h);
  std::vector<HostCores> take;
  // The running jobs by estimated end, those ending at the same time together (one past its estimate: now).
  for (auto it = running_.begin(); it != running_.end();) {
    const double at = std::max(it->first, now);
    for (; it != running_.end() && std::max(it->first, now) <= at; ++it)
      for (CoreMap::Core core : *it->second) {
        const int h    = cores_->host_of(core);
        const bool had = room(h);
        ++free[h];
        hosts_with_room += not had && room(h);
      }
    if (hosts_with_room >= s.count && place(
                                          head_size, [&free](int h) { return free[h]; }, take)) {
      for (const HostCores& h : take)
        free[h.host] -= h.cores;
      return {at, std::move(free)};
    }
  }
  return {};
}

bool ShapeFit::fits_extra(int size, std::vector<int>& extra, bool commit) const
{
  const std::vector<HostCores> take = placed_now(size);
  if (take.empty())
    return false;
  for (const HostCores& h : take)
    if (h.cores > extra[h.host])
      return false;
  if (commit)
    for (const HostCores& h : take)
      extra[h.host] -= h.cores;
  return true;
}

std::vector<ProcessorProfile> ShapeFit::host_profiles(double now) const
{
  std::vector<ProcessorProfile> profiles;
  profiles.reserve(cores_->hosts());
  for (int h = 0; h < cores_->hosts(); ++h)
    profiles.emplace_back(now, cores_->free_on(h));
  for (const auto& [end, cores] : running_)
    for (const CoreMap::Run& run : cores_->runs(*cores))
      profiles[run.host].add(std::max(end, now), INFINITY, run.cores);
  return profiles;
}

double ShapeFit::earliest(int size, double duration, double from, const std::vector<ProcessorProfile>& profiles,
                          std::vector<HostCores>& take) const
{
  // The free cores only change at the profiles' steps: a window that opens opens at one of them.
  for (double t = from; std::isfinite(t);) {
    auto free = [&](int h) { return profiles[h].min_free(t, t + duration); };
    if (place(size, free, take))
      return t;
    double next = INFINITY;
    for (const ProcessorProfile& p : profiles)
      next = std::min(next, p.next_change(t));
    t = next;
  }
  return INFINITY;
}

bool ShapeFit::free_now(const std::vector<HostCores>& take) const
{
  return std::all_of(take.begin(), take.end(),
                     [this](const HostCores& h) { return h.cores <= cores_->free_on(h.host); });
}

} // namespace coalsim
