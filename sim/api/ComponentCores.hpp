/* The cores a grid component holds on each cluster. A shaped cluster (JobShape.hpp) gives a job whole nodes' worth
 * of cores: p processors rounded up to its node's cores (c for `nodes` of c cores, all of a host's for
 * `whole_nodes`); a pool cluster gives p. A policy takes what a component holds from a cluster's idle count, not
 * its processors: counted by processors, four components of 8 on a cluster of three wholly idle 64-core hosts
 * (whole nodes) seem to fit, and the claim, which needs four hosts, fails at every try. A shaped component's nodes
 * lie on distinct hosts, so one that needs more nodes than its cluster has hosts can never lie there: it holds
 * `unholdable`, more than any idle count or capacity. The engine counts the same when it asks whether a job could
 * ever fit. */
#pragma once

#include "sim/api/Job.hpp"

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
        break;
      }
  }
  /** Whether every cluster is a pool (then a component holds its processors everywhere). */
  bool pool() const { return node_cores_.empty(); }
  /** The cores a component of `processors` holds on cluster `c` (`unholdable` when it needs more nodes than the
   *  cluster has hosts). */
  int operator()(ClusterIndex c, int processors) const
  {
    if (node_cores_.empty())
      return processors;
    const auto at   = static_cast<size_t>(c);
    const int unit  = node_cores_[at];
    const int nodes = (processors + unit - 1) / unit;
    return most_nodes_[at] != 0 && nodes > most_nodes_[at] ? unholdable : nodes * unit;
  }

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

private:
  std::vector<int> node_cores_; // empty when every cluster is a pool
  std::vector<int> most_nodes_; // per cluster when not: 0 for no limit
};

} // namespace coalsim
