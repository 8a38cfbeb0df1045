/* The cores a grid component holds on each cluster. A shaped cluster (JobShape.hpp) gives a job whole nodes' worth
 * of cores: p processors rounded up to its node's cores (c for `nodes` of c cores, all of a host's for
 * `whole_nodes`); a pool cluster gives p. A policy takes what a component holds from a cluster's idle count, not
 * its processors: counted by processors, four components of 8 on a cluster of three wholly idle 64-core hosts
 * (whole nodes) seem to fit, and the claim, which needs four hosts, fails at every try. A shaped component's nodes
 * lie on distinct hosts, so one that needs more nodes than a limit of its cluster's can not lie there: it holds
 * `unholdable`, more than any idle count or capacity.
 *
 * Two limits, so two of these (docs/concepts.md, Shapes):
 *  - for deciding now (GridView::component_cores(), LiveView::component_cores(), Claims::claim_cores()): on a
 *    `nodes` cluster, the hosts with room for one more node now (its *width*), as the view (or, for a claim, the
 *    local manager) counts them. The idle count of a `nodes` cluster is additive over components (the free node-cores
 *    of all its hosts), so components of one job or of several may share hosts; the width says how wide ONE of them
 *    may be now.
 *  - for capacities, plans and bookkeeping (GridView::capacity_cores(), Claims::capacity_cores(), the engine's
 *    never-fits check): the cluster's hosts, which never change. A capacity of the idle cluster, a reservation in
 *    the future and the cores a placed component holds (nodes x c, the same number under either limit) are counted
 *    by this one, so that a width that shrank meanwhile never makes a placed component `unholdable`.
 * A `whole_nodes` cluster's count is exact (its wholly free hosts), so both limits are its hosts; so are they in a
 * run without `nodes` clusters, where the two are one object. */
#pragma once

#include "sim/api/Job.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <utility>
#include <vector>

namespace coalsim {

class ComponentCores {
public:
  /** What a component that can never lie on a cluster holds there: more than any count or capacity (and than four
   *  of them summed in an int), so every test of it against one fails. */
  static constexpr int unholdable = std::numeric_limits<int>::max() / 4;

  /** Every cluster a pool: a component holds its processors. */
  ComponentCores() = default;
  /** Per cluster, the cores of its node (1 for a pool cluster) and the most nodes a component may have there (its
   *  hosts, for a shaped cluster; 0: no limit, the pool's). All ones without limits is the pool's. */
  explicit ComponentCores(std::vector<int> node_cores, std::vector<int> most_nodes = {})
  {
    most_nodes.resize(node_cores.size(), 0);
    for (size_t c = 0; c < node_cores.size(); ++c)
      if (node_cores[c] != 1 || most_nodes[c] != 0) {
        node_cores_ = std::move(node_cores);
        most_nodes_ = std::move(most_nodes);
        for (int& most : most_nodes_)
          most = most == 0 ? no_limit : most;
        break;
      }
  }
  /** Whether every cluster is a pool (then a component holds its processors everywhere). */
  bool pool() const { return node_cores_.empty(); }
  /** The cores a component of `processors` holds on cluster `c` (`unholdable` when it needs more nodes than the
   *  cluster's limit). */
  int operator()(ClusterIndex c, int processors) const
  {
    if (node_cores_.empty())
      return processors;
    const auto at   = static_cast<size_t>(c);
    const int unit  = node_cores_[at];
    const int nodes = (processors + unit - 1) / unit;
    return nodes > most_nodes_[at] ? unholdable : nodes * unit;
  }
  /** The most nodes a component may have on cluster `c` (no_limit in the pool). */
  int most_nodes(ClusterIndex c) const { return node_cores_.empty() ? no_limit : most_nodes_[static_cast<size_t>(c)]; }
  /** Limits cluster `c`'s components to `nodes` nodes (0: none fits). Not for a run of pools only. With `count` >= 0,
   *  the limit is the width of a `nodes` cluster whose idle count is `count` (the view's) and whose hosts have room
   *  for at most `per_host` nodes each: fits() then lowers it as a pass takes from that count. */
  void limit_nodes(ClusterIndex c, int nodes, int count = -1, int per_host = 0)
  {
    const auto at      = static_cast<size_t>(c);
    most_nodes_.at(at) = nodes;
    if (count >= 0 && count_.empty()) {
      count_.assign(node_cores_.size(), -1);
      per_host_.assign(node_cores_.size(), 0);
    }
    if (not count_.empty()) {
      count_[at]    = count;
      per_host_[at] = per_host;
    }
  }
  /** Whether some cluster's limit is a width that fits() lowers (limit_nodes() with a count). */
  bool lowers_widths() const { return not count_.empty(); }
  /** The idle count the limit of cluster `c` goes with (limit_nodes()), or -1 for none. */
  int width_count(ClusterIndex c) const { return count_.empty() ? -1 : count_[static_cast<size_t>(c)]; }

  /** Whether a component of `processors` fits cluster `c` when a pass has `idle_left` of its idle count left, of
   *  which `job_left` (>= idle_left) was left before the component's job: it holds no more than idle_left, and on a
   *  `nodes` cluster whose limit is a width (limit_nodes() with a count), needs no more nodes than the hosts that
   *  surely have room after what the pass took for other jobs (the count less `job_left`, in nodes): each node taken
   *  may have been a host's last room, but the nodes left lie on at least ceil(left / per_host) hosts. What the
   *  count and width say at the view's time, applied to the count a pass has left, so that wide components of two
   *  jobs placed in one pass do not both count on the same hosts. A job's own components are not counted against
   *  each other's width: the bound does not know where they lie (one after the other on four idle 4-core hosts,
   *  components of 3 one-core nodes leave the four hosts with room; counted as taken anywhere, 9 nodes taken would
   *  prove only two), and a job whose components could all be claimed on the idle cluster would never be placed
   *  there. Elsewhere, held(c, processors) <= idle_left. */
  bool fits(ClusterIndex c, int processors, int idle_left, int job_left) const
  {
    const int holds = (*this)(c, processors);
    if (holds > idle_left)
      return false;
    if (count_.empty())
      return true;
    const auto at   = static_cast<size_t>(c);
    const int count = count_[at];
    if (count < 0 || job_left >= count)
      return true;
    const int unit     = node_cores_[at];
    const int taken    = (count - job_left + unit - 1) / unit;
    const int left     = job_left / unit;
    const int per_host = std::max(1, per_host_[at]);
    const int width    = std::min(most_nodes_[at], std::max(most_nodes_[at] - taken, (left + per_host - 1) / per_host));
    return holds / unit <= width;
  }
  /** fits() for a job's first component on cluster c (nothing of its job there yet). */
  bool fits(ClusterIndex c, int processors, int idle_left) const { return fits(c, processors, idle_left, idle_left); }

  /** The cores all of `job`'s components hold together on cluster `c` (a flexible job's total as one component). */
  long job_on(const JobSpec& job, ClusterIndex c) const
  {
    if (job.type == RequestType::flexible || job.components.empty())
      return (*this)(c, job.total_processors);
    long cores = 0;
    for (const auto& component : job.components)
      cores += (*this)(c, component.processors);
    return cores;
  }

  /** Whether all of `job`'s components fit cluster `c` together when a pass has `idle_left` of its count left: fits()
   *  for each, one after the other, each taking what it holds (a flexible job's total as one component). */
  bool job_fits(const JobSpec& job, ClusterIndex c, int idle_left) const
  {
    if (job.type == RequestType::flexible || job.components.empty())
      return fits(c, job.total_processors, idle_left);
    const int job_left = idle_left;
    for (const auto& component : job.components) {
      if (not fits(c, component.processors, idle_left, job_left))
        return false;
      idle_left -= (*this)(c, component.processors);
    }
    return true;
  }

  /** No limit on a cluster's nodes (a pool cluster's). */
  static constexpr int no_limit = std::numeric_limits<int>::max();

private:
  std::vector<int> node_cores_; // empty when every cluster is a pool
  std::vector<int> most_nodes_; // per cluster when not: no_limit for none
  std::vector<int> count_;      // per cluster: the idle count its limit is the width for (-1: none); empty: none
  std::vector<int> per_host_;   // per cluster with a count: the most nodes one host has room for
};

} // namespace coalsim
