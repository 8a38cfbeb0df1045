#include "sim/engine/NeverFits.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <utility>

namespace coalsim {

namespace {

/** Exact packing of `sizes` (in decreasing order) into `room`, by a depth-first search that tries each distinct
 *  room once per component; nullopt when it ran out of `budget` steps. */
std::optional<bool> packs(const std::vector<int>& sizes, std::vector<int>& room, size_t next, int64_t& budget,
                          const ComponentCores& held)
{
  if (next == sizes.size())
    return true;
  if (--budget < 0)
    return std::nullopt;
  std::vector<std::pair<int, int>> tried;
  for (size_t c = 0; c < room.size(); ++c) {
    const int need = held(static_cast<ClusterIndex>(c), sizes[next]);
    const std::pair<int, int> alike{room[c], need};
    if (room[c] < need || std::count(tried.begin(), tried.end(), alike))
      continue; // clusters with equal room left, where the component holds as much, are interchangeable
    tried.push_back(alike);
    room[c] -= need;
    auto packed = packs(sizes, room, next + 1, budget, held);
    room[c] += need;
    if (not packed || *packed)
      return packed;
  }
  return false;
}

/** Whether all of the job's components fit one cluster of `capacity`, each holding its shape's cores. */
bool fits_one_cluster(const JobSpec& job, const std::vector<int>& capacity, const ComponentCores& held)
{
  for (size_t c = 0; c < capacity.size(); ++c) {
    if (held.job_on(job, static_cast<ClusterIndex>(c)) <= capacity[c])
      return true;
  }
  return false;
}

/** `largest`: the largest of `capacity`. */
bool unordered_fits(const JobSpec& job, const std::vector<int>& capacity, long largest, const ComponentCores& held)
{
  if (job.components.empty())
    return true;
  long need = 0;
  for (const auto& c : job.components)
    need += c.processors;
  if (held.pool() ? need <= largest : fits_one_cluster(job, capacity, held))
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
  auto packed           = packs(sizes, left, 0, budget, held);
  return not packed || *packed; // a search that ran out may fit
}

} // namespace

bool could_fit(const JobSpec& job, const std::vector<int>& capacity, bool co_allocates, const ComponentCores& held)
{
  return could_fit(job, capacity, co_allocates,
                   capacity.empty() ? 0 : *std::max_element(capacity.begin(), capacity.end()), held);
}

bool could_fit(const JobSpec& job, const std::vector<int>& capacity, bool co_allocates, long most,
               const ComponentCores& held)
{
  const int size = capacity.size();
  if (not co_allocates && not held.pool() && job.type != RequestType::ordered)
    return fits_one_cluster(job, capacity, held);
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
      }
      return over == 0 && (co_allocates || used <= 1);
    }
    case RequestType::unordered:
    case RequestType::total:
      return co_allocates ? unordered_fits(job, capacity, most, held) : processors_needed(job) <= most;
  }
  return false;
}

FitLimits::FitLimits(std::vector<int> processors_, std::vector<bool> gone_, bool co_allocates_, ComponentCores held_)
    : processors(std::move(processors_))
    , held(std::move(held_))
    , gone(std::move(gone_))
    , co_allocates(co_allocates_)
    , largest(processors.empty() ? 0 : *std::max_element(processors.begin(), processors.end()))
    , any_gone(std::find(gone.begin(), gone.end(), true) != gone.end())
{
}

std::optional<Rejection> never_fits(const JobSpec& job, const FitLimits& limits, const std::vector<int>& whole_grid)
{
  if (not could_fit(job, limits.processors, limits.co_allocates, limits.largest, limits.held)) {
    if (not could_fit(job, whole_grid, true, limits.held))
      return Rejection{job.id, "larger than the grid: fits none of its clusters even when idle", false, "exceeds_grid"};
    if (not could_fit(job, limits.processors, true, limits.largest, limits.held))
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
  if (not could_fit(job, lasting, limits.co_allocates, limits.held))
    return Rejection{job.id, "fits none of the clusters left usable", true, "no_usable_fit"};
  return std::nullopt;
}

} // namespace coalsim
