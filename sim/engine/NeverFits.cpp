#include "sim/engine/NeverFits.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <tuple>
#include <utility>

namespace coalsim {

namespace {

/** Whether cluster `c` has a test of claims (IdleClaims). */
bool tested(const IdleClaims& claims, size_t c)
{
  return c < claims.size() && static_cast<bool>(claims[c]);
}

/** Whether `test` passes `sizes` in some order of them: a policy names a component's cluster, and the manager claims
 *  a cluster's components in the job's order, which the policy may choose among components of equal size, so the
 *  check errs towards fitting. Past a few thousand orders, it counts as fitting (never rejected wrongly). */
bool claims_in_some_order(const std::function<bool(const std::vector<int>&)>& test, std::vector<int> sizes)
{
  std::sort(sizes.begin(), sizes.end(), std::greater<>());
  int budget = 5040;
  do {
    if (test(sizes))
      return true;
  } while (--budget > 0 && std::next_permutation(sizes.begin(), sizes.end(), std::greater<>()));
  return budget == 0;
}

/** Exact packing of `sizes` (in decreasing order) into `room`, by a depth-first search that tries each distinct
 *  room once per component; nullopt when it ran out of `budget` steps. With `claims`, a packing counts only if
 *  every tested cluster passes its test with the components it got (`where`: each one's cluster so far). */
std::optional<bool> packs(const std::vector<int>& sizes, std::vector<int>& room, size_t next, int64_t& budget,
                          const ComponentCores& held, const IdleClaims& claims, std::vector<size_t>& where)
{
  if (next == sizes.size()) {
    for (size_t c = 0; c < claims.size(); ++c) {
      if (not claims[c])
        continue;
      std::vector<int> here;
      for (size_t k = 0; k < sizes.size(); ++k)
        if (where[k] == c)
          here.push_back(sizes[k]);
      if (not here.empty() && not claims_in_some_order(claims[c], here))
        return false;
    }
    return true;
  }
  if (--budget < 0)
    return std::nullopt;
  std::vector<std::tuple<int, int, long>> tried;
  for (size_t c = 0; c < room.size(); ++c) {
    const int need = held(static_cast<ClusterIndex>(c), sizes[next]);
    // Clusters with equal room left, where the component holds as much, are interchangeable; a tested one is not
    // (its hosts decide).
    const std::tuple<int, int, long> alike{room[c], need, tested(claims, c) ? static_cast<long>(c) : -1L};
    if (room[c] < need || std::count(tried.begin(), tried.end(), alike))
      continue;
    tried.push_back(alike);
    room[c] -= need;
    if (not claims.empty())
      where[next] = c;
    auto packed = packs(sizes, room, next + 1, budget, held, claims, where);
    room[c] += need;
    if (not packed || *packed)
      return packed;
  }
  return false;
}

/** Whether all of the job's components fit one cluster of `capacity`, each holding its shape's cores (and passing
 *  the cluster's test of claims, if it has one). */
bool fits_one_cluster(const JobSpec& job, const std::vector<int>& capacity, const ComponentCores& held,
                      const IdleClaims& claims)
{
  for (size_t c = 0; c < capacity.size(); ++c) {
    if (held.job_on(job, static_cast<ClusterIndex>(c)) > capacity[c])
      continue;
    if (not tested(claims, c))
      return true;
    std::vector<int> sizes;
    if (job.type == RequestType::flexible || job.components.empty())
      sizes.push_back(job.total_processors);
    else
      for (const auto& component : job.components)
        sizes.push_back(component.processors);
    if (claims_in_some_order(claims[c], sizes))
      return true;
  }
  return false;
}

/** `largest`: the largest of `capacity`. */
bool unordered_fits(const JobSpec& job, const std::vector<int>& capacity, long largest, const ComponentCores& held,
                    const IdleClaims& claims)
{
  if (job.components.empty())
    return true;
  long need = 0;
  for (const auto& c : job.components)
    need += c.processors;
  if (held.pool() ? need <= largest : fits_one_cluster(job, capacity, held, claims))
    return true; // all on one cluster: the search would find a packing (or run out, which counts as fitting)
  std::vector<int> sizes;
  for (const auto& c : job.components)
    sizes.push_back(c.processors);
  std::sort(sizes.begin(), sizes.end(), std::greater<>());
  const long room = std::accumulate(capacity.begin(), capacity.end(), 0L);
  if (sizes.front() > largest || need > room)
    return false; // a component holds at least its processors
  std::vector<int> left = capacity;
  int64_t budget        = 1000000;
  std::vector<size_t> where(claims.empty() ? 0 : sizes.size());
  auto packed = packs(sizes, left, 0, budget, held, claims, where);
  return not packed || *packed; // a search that ran out may fit
}

} // namespace

bool could_fit(const JobSpec& job, const std::vector<int>& capacity, bool co_allocates, const ComponentCores& held,
               const IdleClaims& claims)
{
  return could_fit(job, capacity, co_allocates,
                   capacity.empty() ? 0 : *std::max_element(capacity.begin(), capacity.end()), held, claims);
}

bool could_fit(const JobSpec& job, const std::vector<int>& capacity, bool co_allocates, long most,
               const ComponentCores& held, const IdleClaims& claims)
{
  const int size = capacity.size();
  if (not co_allocates && not held.pool() && job.type != RequestType::ordered)
    return fits_one_cluster(job, capacity, held, claims);
  switch (job.type) {
    case RequestType::flexible:
      return job.total_processors <= (co_allocates ? std::accumulate(capacity.begin(), capacity.end(), 0L) : most);
    case RequestType::ordered: {
      const auto& components = job.components;
      for (const auto& c : components)
        if (c.cluster < 0 || c.cluster >= size)
          return false;
      // Per cluster named, the processors its components need (a job has a few components: no table per cluster).
      long used = 0, over = 0;
      for (auto c = components.begin(); c != components.end(); ++c) {
        if (std::any_of(components.begin(), c, [c](const auto& earlier) { return earlier.cluster == c->cluster; }))
          continue; // counted with the first component on its cluster
        long need = 0;
        for (auto same = c; same != components.end(); ++same)
          if (same->cluster == c->cluster)
            need += held(c->cluster, same->processors);
        used += need > 0;
        over += need > capacity[c->cluster];
        if (need <= capacity[c->cluster] && tested(claims, static_cast<size_t>(c->cluster))) {
          std::vector<int> sizes; // in the job's order: the manager claims them so
          for (auto same = c; same != components.end(); ++same)
            if (same->cluster == c->cluster)
              sizes.push_back(same->processors);
          over += not claims[c->cluster](sizes);
        }
      }
      return over == 0 && (co_allocates || used <= 1);
    }
    case RequestType::unordered:
    case RequestType::total:
      return co_allocates ? unordered_fits(job, capacity, most, held, claims) : processors_needed(job) <= most;
  }
  return false;
}

FitLimits::FitLimits(std::vector<int> processors_, std::vector<bool> gone_, bool co_allocates_, ComponentCores held_,
                     IdleClaims claims_)
    : processors(std::move(processors_))
    , held(std::move(held_))
    , claims(std::move(claims_))
    , gone(std::move(gone_))
    , co_allocates(co_allocates_)
    , largest(processors.empty() ? 0 : *std::max_element(processors.begin(), processors.end()))
    , any_gone(std::find(gone.begin(), gone.end(), true) != gone.end())
{
}

std::optional<Rejection> never_fits(const JobSpec& job, const FitLimits& limits, const std::vector<int>& whole_grid)
{
  if (not could_fit(job, limits.processors, limits.co_allocates, limits.largest, limits.held, limits.claims)) {
    if (not could_fit(job, whole_grid, true, limits.held, limits.claims))
      return Rejection{job.id, "larger than the grid: fits none of its clusters even when idle", false, "exceeds_grid"};
    if (not could_fit(job, limits.processors, true, limits.largest, limits.held, limits.claims))
      return Rejection{job.id, "fits none of the clusters its policy uses, even when idle", false, "policy_clusters"};
    return Rejection{job.id, "fits no single cluster even when idle, and its policy places a job on one cluster", false,
                     "no_single_fit"};
  }
  if (not limits.any_gone)
    return std::nullopt; // the lasting capacities are those it fitted (on 1,000 clusters, a copy and a walk per job)
  std::vector<int> lasting = limits.processors;
  for (size_t c = 0; c < lasting.size(); ++c)
    if (limits.gone[c])
      lasting[c] = 0;
  if (not could_fit(job, lasting, limits.co_allocates, limits.held, limits.claims))
    return Rejection{job.id, "fits none of the clusters left usable", true, "no_usable_fit"};
  return std::nullopt;
}

} // namespace coalsim
