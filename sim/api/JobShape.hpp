/* A job's shape: how the cores it holds must lie on its cluster's hosts (docs/concepts.md, Shapes). A pool job
 * takes any cores; a `nodes` job takes c cores on each of n distinct hosts (PBS's nodes=n:ppn=c); a
 * `whole_nodes` job takes n hosts whole and alone. Each cluster shapes every job by one policy (`job_shape` in the
 * experiment file), so on one cluster a job's shape follows from the cores it holds. */
#pragma once

#include <cstdint>

namespace coalsim {

enum class ShapeKind : uint8_t { pool, nodes, whole_nodes };

/** Which hosts a shaped job takes among those with room: the lowest indices (first fit), or those with the fewest
 *  free cores that still fit, ties by index (best fit). */
enum class HostSelection : uint8_t { first_fit, best_fit };

/** How a cluster shapes a job of p processors. */
struct ShapePolicy {
  ShapeKind kind          = ShapeKind::pool;
  int cores_per_node      = 1;                        // `nodes` only: the cores the job takes on each of its hosts
  HostSelection selection = HostSelection::first_fit; // shaped kinds only
  bool pool() const { return kind == ShapeKind::pool; }
};

struct JobShape {
  ShapeKind kind     = ShapeKind::pool;
  int count          = 0; // pool: cores; nodes and whole_nodes: hosts
  int cores_per_host = 0; // the cores taken on each host (whole_nodes: all of the host's)
  int cores() const { return kind == ShapeKind::pool ? count : count * cores_per_host; }
};

/** The shape of a job of `processors` under `policy` on a cluster whose hosts have `host_cores` cores each:
 *  pool: `processors` cores; nodes (c cores per node): ceil(p / c) hosts of c cores; whole_nodes: ceil(p / k)
 *  hosts of all their k cores. A shaped job holds whole nodes' worth of cores: 3 processors as 2 dual nodes
 *  hold 4 cores. */
inline JobShape shape_of(const ShapePolicy& policy, int processors, int host_cores)
{
  switch (policy.kind) {
    case ShapeKind::nodes:
      return {ShapeKind::nodes, (processors + policy.cores_per_node - 1) / policy.cores_per_node,
              policy.cores_per_node};
    case ShapeKind::whole_nodes:
      return {ShapeKind::whole_nodes, (processors + host_cores - 1) / host_cores, host_cores};
    case ShapeKind::pool:
      break;
  }
  return {ShapeKind::pool, processors, 0};
}

} // namespace coalsim
