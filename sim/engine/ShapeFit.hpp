/* Where shaped jobs fit on one cluster (docs/concepts.md, Shapes): the one predicate every fit test goes through
 * (place: which hosts have enough free cores, first or best fit), the cores a shaped job then takes from
 * the core map, and what the local disciplines ask (ShapedCapacity.hpp), from the running local jobs' cores and
 * estimated ends. The local resource manager keeps one when its cluster's shape policy is not the pool. */
#pragma once

#include "sim/api/JobShape.hpp"
#include "sim/api/ShapedCapacity.hpp"
#include "sim/engine/CoreMap.hpp"

#include <functional>
#include <map>
#include <vector>

namespace coalsim {

class ShapeFit final : public ShapedCapacity {
public:
  /** `cores` is the cluster's core map (it must outlive this); its hosts have `host_cores` cores each. `policy` is
   *  not the pool. */
  ShapeFit(const ShapePolicy& policy, const CoreMap& cores, int host_cores);

  const ShapePolicy& policy() const { return policy_; }
  /** The shape of a job of `processors`. */
  JobShape shape(int processors) const { return shape_of(policy_, processors, host_cores_); }
  /** The cores a job of `processors` holds (its shape's). */
  int held(int processors) const { return shape(processors).cores(); }
  /** The most processors a job may ask for and still fit the cluster when all of it is free. */
  int largest() const;
  /** The most cores jobs could hold together when all of the cluster is free: with `nodes` of c cores, c x the
   *  nodes each host has room for, summed (jobs may share a host); largest() otherwise. */
  int capacity() const;
  /** What the grid is told is idle: with `nodes` of c cores, the free node-cores, c x the nodes each host has room
   *  for now, summed over hosts (additive: what several components sharing hosts could take together; one component
   *  takes at most width() nodes of it); with `whole_nodes`, the wholly free hosts' cores (what one job could take
   *  now, and several together). */
  int usable_idle() const;
  /** What usable_idle() would count of `hosts` more hosts wholly free (hosts switched off, once on). */
  int usable_on_free_hosts(int hosts) const;
  /** The most nodes one job could have now: the hosts with room for one of its nodes. */
  int width() const { return static_cast<int>(hosts_with_room().size()); }

  /** The predicate: the cores a job of `size` takes when host h has `free(h)` cores free: a pool job the lowest
   *  hosts' free cores, a `nodes` job c cores on each of n hosts with at least c free, a `whole_nodes` job n wholly
   *  free hosts; the n hosts are the first by index (first fit) or those with the fewest free cores, ties by index
   *  (best fit). Appends (host, cores) to `take`; false (and `take` as
   *  it was) if the job does not fit. */
  bool place(int size, const std::function<int(int host)>& free, std::vector<HostCores>& take) const;
  /** Takes a job of `size`'s cores from `map` into `into`: on the hosts `on` (a reservation's) if not empty, else
   *  where place() puts it now. */
  void take(int size, CoreMap& map, std::vector<CoreMap::Core>& into, const std::vector<HostCores>& on) const;

  /** The running local jobs, by estimated end, with their cores (held by the manager, which adds and removes). */
  using Running = std::multimap<double, const std::vector<CoreMap::Core>*>;
  Running::iterator started(double estimated_end, const std::vector<CoreMap::Core>& cores)
  {
    return running_.emplace(estimated_end, &cores);
  }
  void ended(Running::iterator job) { running_.erase(job); }

  bool fits_now(int size) const override;
  HeadReservation reserve_head(int head_size, double now) const override;
  bool fits_extra(int size, std::vector<int>& extra, bool commit) const override;
  std::vector<ProcessorProfile> host_profiles(double now) const override;
  double earliest(int size, double duration, double from, const std::vector<ProcessorProfile>& profiles,
                  std::vector<HostCores>& take) const override;
  bool free_now(const std::vector<HostCores>& take) const override;

private:
  /** Where a job of `size` goes now (as place() on the free cores now; empty if it does not fit). */
  std::vector<HostCores> placed_now(int size) const;
  /** The hosts with room for one node now (at least cores_per_node free; wholly free for whole_nodes), in index
   *  order: found again only when the core map has changed. */
  const std::vector<int>& hosts_with_room() const;

  ShapePolicy policy_;
  const CoreMap* cores_;
  int host_cores_;
  Running running_;
  mutable std::vector<int> room_;         // hosts_with_room(), as of the map's version room_version_
  mutable int room_cores_        = 0;     // usable_idle() then
  mutable uint64_t room_version_ = ~0ULL; // none yet
};

} // namespace coalsim
