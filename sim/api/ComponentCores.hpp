/* The cores a grid component holds on each cluster. A shaped cluster (JobShape.hpp) gives a job whole nodes' worth
 * of cores: p processors rounded up to its node's cores (c for `nodes` of c cores, all of a host's for
 * `whole_nodes`); a pool cluster gives p. A policy takes what a component holds from a cluster's idle count, not
 * its processors: counted by processors, four components of 8 on a cluster of three wholly idle 64-core hosts
 * (whole nodes) seem to fit, and the claim, which needs four hosts, fails at every try. The engine counts the
 * same when it asks whether a job could ever fit. */
#pragma once

#include "sim/api/Job.hpp"

#include <cstddef>
#include <utility>
#include <vector>

namespace coalsim {

class ComponentCores {
public:
  /** Every cluster a pool: a component holds its processors. */
  ComponentCores() = default;
  /** Per cluster, the cores of its node (1 for a pool cluster); all ones is the pool's. */
  explicit ComponentCores(std::vector<int> node_cores)
  {
    for (int cores : node_cores)
      if (cores != 1) {
        node_cores_ = std::move(node_cores);
        break;
      }
  }
  /** Whether every cluster is a pool (then a component holds its processors everywhere). */
  bool pool() const { return node_cores_.empty(); }
  /** The cores a component of `processors` holds on cluster `c`. */
  int operator()(ClusterIndex c, int processors) const
  {
    if (node_cores_.empty())
      return processors;
    const int unit = node_cores_[static_cast<size_t>(c)];
    return (processors + unit - 1) / unit * unit;
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
};

} // namespace coalsim
