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
std::optional<bool> packs(const std::vector<int>& sizes, std::vector<int>& room, size_t next, int64_t& budget)
{
  if (next == sizes.size())
    return true;
  if (--budget < 0)
    return std::nullopt;
  std::vector<int> tried;
  for (size_t c = 0; c < room.size(); ++c) {
    if (room[c] < sizes[next] || std::count(tried.begin(), tried.end(), room[c]))
      continue; // clusters with equal room left are interchangeable
    tried.push_back(room[c]);
    room[c] -= sizes[next];
    auto packed = packs(sizes, room, next + 1, budget);
    room[c] += sizes[next];
    if (not packed || *packed)
      return packed;
  }
  return false;
}

/** `largest`: the largest of `capacity`. */
bool unordered_fits(const JobSpec& job, const std::vector<int>& capacity, long largest)
{
  if (job.components.empty())
    return true;
  long need = 0;
  for (const auto& c : job.components)
    need += c.processors;
  if (need <= largest)
    return true; // all on the largest cluster: the search would find a packing (or run out, which counts as fitting)
  std::vector<int> sizes;
  for (const auto& c : job.components)
    sizes.push_back(c.processors);
  std::sort(sizes.begin(), sizes.end(), std::greater<>());
  const long room = std::accumulate(capacity.begin(), capacity.end(), 0L);
  if (sizes.front() > largest || need > room)
    return false;
  std::vector<int> left = capacity;
  int64_t budget        = 1000000;
  auto packed           = packs(sizes, left, 0, budget);
  return not packed || *packed; // a search that ran out may fit
}

} // namespace

bool could_fit(const JobSpec& job, const std::vector<int>& capacity, bool co_allocates)
{
  return could_fit(job, capacity, co_allocates,
                   capacity.empty() ? 0 : *std::max_element(capacity.begin(), capacity.end()));
}

bool could_fit(const JobSpec& job, const std::vector<int>& capacity, bool co_allocates, long most)
{
  const int size = capacity.size();
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
            need += same->processors;
        used += need > 0;
        over += need > capacity[c->cluster];
      }
      return over == 0 && (co_allocates || used <= 1);
    }
    case RequestType::unordered:
    case RequestType::total:
      return co_allocates ? unordered_fits(job, capacity, most) : processors_needed(job) <= most;
  }
  return false;
}

FitLimits::FitLimits(std::vector<int> processors_, std::vector<bool> gone_, bool co_allocates_)
    : processors(std::move(processors_))
    , gone(std::move(gone_))
    , co_allocates(co_allocates_)
    , largest(processors.empty() ? 0 : *std::max_element(processors.begin(), processors.end()))
    , any_gone(std::find(gone.begin(), gone.end(), true) != gone.end())
{
}

std::optional<Rejection> never_fits(const JobSpec& job, const FitLimits& limits, const std::vector<int>& whole_grid)
{
  if (not could_fit(job, limits.processors, limits.co_allocates, limits.largest)) {
    if (not could_fit(job, whole_grid, true))
      return Rejection{job.id, "larger than the grid: fits none of its clusters even when idle", false, "exceeds_grid"};
    if (not could_fit(job, limits.processors, true, limits.largest))
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
  if (not could_fit(job, lasting, limits.co_allocates))
    return Rejection{job.id, "fits none of the clusters left usable", true, "no_usable_fit"};
  return std::nullopt;
}

} // namespace coalsim
