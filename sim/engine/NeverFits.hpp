/* The engine's guarantee that no job waits for ever: a job that no placement its policy can make could ever hold
 * is rejected at its arrival, whatever the policy (a job left waiting keeps the run going, with its background
 * load, up to the simulated-time horizon). "Could ever hold" counts every processor of the clusters the policy
 * uses (GridPolicy::uses_cluster) as idle, clusters marked unusable (gone for the rest of the run) as having none,
 * and a policy that places each job on one cluster (GridPolicy::co_allocates false) as needing one cluster for
 * all of the job's processors. Per request type: an ordered job's components on their named clusters, an
 * unordered job's components packed onto the clusters (one component for a total job), a flexible job's total
 * split in any way over them. A component counts the cores it holds on a cluster (ComponentCores.hpp: whole nodes'
 * worth on a shaped one), against that cluster's capacity, and on a `nodes` cluster the components placed there
 * must also pass its manager's test of claims one after the other on the idle cluster (IdleClaims). */
#pragma once

#include "sim/api/ComponentCores.hpp"
#include "sim/api/Decision.hpp"
#include "sim/api/Job.hpp"

#include <functional>
#include <optional>
#include <vector>

namespace coalsim {

/** Per cluster, whether grid components of these processors, claimed one after the other on it when idle, could all
 *  be claimed (its manager's own test, LocalResourceManager::can_claim_when_idle); no test (an empty function) where
 *  counting the cores they hold against the capacity is exact: pool and `whole_nodes` clusters. On a `nodes` cluster
 *  it is not: a component's nodes lie on distinct hosts, and the manager places the components one after the other
 *  by its host selection, which may strand room a packing would use (five components of 3 one-core nodes on four
 *  4-core hosts: 15 of 16 node-cores, but first fit puts the first four on hosts 0-2 and leaves the fifth one host).
 *  Empty: no test anywhere. */
using IdleClaims = std::vector<std::function<bool(const std::vector<int>& sizes)>>;

/** Whether some placement of `job` fits `capacity` (processors per cluster). With `co_allocates` false, all of the
 *  job's processors must go to one cluster. An unordered job of many unequal components is packed by a search of
 *  bounded length; if the search runs out, the job counts as fitting (it is never rejected wrongly). */
bool could_fit(const JobSpec& job, const std::vector<int>& capacity, bool co_allocates, const ComponentCores& held = {},
               const IdleClaims& claims = {});
/** The same, with `largest` the largest of `capacity` (worked out once for the many jobs checked against it). */
bool could_fit(const JobSpec& job, const std::vector<int>& capacity, bool co_allocates, long largest,
               const ComponentCores& held = {}, const IdleClaims& claims = {});

/** What the engine knows of the clusters when it asks whether a job could ever be placed; what every check reads
 *  (the largest capacity, whether any cluster is gone) is worked out once, at construction: on 1,000 clusters, two
 *  walks per arriving job. */
struct FitLimits {
  FitLimits(std::vector<int> processors, std::vector<bool> gone, bool co_allocates, ComponentCores held = {},
            IdleClaims claims = {});

  std::vector<int> processors; // per cluster: its processors, or 0 for a cluster the policy does not use
  ComponentCores held;         // what a component holds on each cluster
  IdleClaims claims;           // per `nodes` cluster, its manager's test of claims on it when idle (empty: none)
  std::vector<bool> gone;      // per cluster: marked unusable for the rest of the run
  bool co_allocates;
  long largest;  // the largest of `processors`
  bool any_gone; // some cluster is gone
};

/** The rejection of a job that could never be placed, or nullopt when it could be. Rejected (status 2) when it
 *  fits no placement even with every cluster the policy uses idle: "larger than the grid" when it fits none even
 *  with co-allocation over every cluster, else the policy's constraint that rules it out; failed (a `drop` row)
 *  when it fitted until clusters were marked unusable. */
std::optional<Rejection> never_fits(const JobSpec& job, const FitLimits& limits, const std::vector<int>& whole_grid);

} // namespace coalsim
