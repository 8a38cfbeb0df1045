#include "policies/common/Fitting.hpp"

#include "sim/config/WideVectors.hpp"

#include <algorithm>
#include <numeric>
#include <queue>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_common_fitting, coalsim_common, "Fitting");

namespace coalsim::fitting {

std::optional<Components> fit_ordered(const std::vector<ComponentRequest>& request, std::vector<int>& idle,
                                      const ComponentCores& held)
{
  std::vector<int> left = idle;
  Components placed;
  for (const auto& component : request) {
    if (component.cluster < 0 || component.cluster >= static_cast<int>(left.size()) ||
        not held.fits(component.cluster, component.processors, left[component.cluster], idle[component.cluster]))
      return std::nullopt;
    left[component.cluster] -= held(component.cluster, component.processors);
    placed.push_back({component.cluster, component.processors, no_cluster});
  }
  idle = std::move(left);
  return placed;
}

ComponentOrder by_decreasing_size(const std::vector<ComponentRequest>& request)
{
  ComponentOrder order(request.size());
  std::iota(order.begin(), order.end(), 0);
  const auto larger = [&](size_t a, size_t b) { return request[a].processors > request[b].processors; };
  if (order.size() > 16) {
    std::stable_sort(order.begin(), order.end(), larger);
    return order;
  }
  // A job's few components: an insertion sort, stable as stable_sort is (the same order), without the buffer
  // stable_sort allocates at each call.
  for (size_t k = 1; k < order.size(); ++k)
    for (size_t j = k; j > 0 && larger(order[j], order[j - 1]); --j)
      std::swap(order[j], order[j - 1]);
  return order;
}

namespace {
/** The largest of `n` > 0 counts: a reduction the compiler vectorizes (with AVX2's packed max where there is one). */
COALSIM_WIDE_VECTORS int largest(const int* counts, size_t n)
{
  int most = counts[0];
  for (size_t i = 1; i < n; ++i)
    most = std::max(most, counts[i]);
  return most;
}

/** The first index of `value` among `n` counts that hold it. By blocks: whether a block holds it is a vectorized
 *  reduction; only the block that does is searched element by element. */
COALSIM_WIDE_VECTORS size_t first_index_of(const int* counts, size_t n, int value)
{
  constexpr size_t block = 32;
  size_t start           = 0;
  for (; start + block <= n; start += block) {
    int found = 0;
    for (size_t i = start; i < start + block; ++i)
      found |= static_cast<int>(counts[i] == value);
    if (found != 0)
      break;
  }
  for (size_t i = start; i < n; ++i)
    if (counts[i] == value)
      return i;
  return n;
}

/** The cluster a rule picks among those with `eligible[c]` where a component of `size` fits (holding its shape's
 *  cores), or no_cluster. `before`: the counts before the component's job (ComponentCores::fits; null: `idle`). */
ClusterIndex pick(const std::vector<int>& idle, int size, Rule rule, const std::vector<bool>* eligible,
                  const ComponentCores& held, const std::vector<int>* before = nullptr)
{
  if (rule == Rule::worst_fit && eligible == nullptr && not idle.empty() && held.pool()) {
    // The first of the most idle: the largest count, then its first cluster, two vectorized walks. On 1,000
    // clusters, a fraction of the cost of a walk with a branch per cluster.
    const int most = largest(idle.data(), idle.size());
    if (most < size)
      return no_cluster;
    return static_cast<ClusterIndex>(first_index_of(idle.data(), idle.size(), most));
  }
  ClusterIndex chosen = no_cluster;
  for (ClusterIndex c = 0; c < static_cast<int>(idle.size()); ++c) {
    if ((eligible && not(*eligible)[c]) || not held.fits(c, size, idle[c], before ? (*before)[c] : idle[c]))
      continue;
    if (chosen == no_cluster || (rule == Rule::best_fit && idle[c] < idle[chosen]) ||
        (rule == Rule::worst_fit && idle[c] > idle[chosen]))
      chosen = c;
    if (rule == Rule::first_fit)
      break;
  }
  return chosen;
}
} // namespace

std::optional<Components> fit_unordered(const std::vector<ComponentRequest>& request, std::vector<int>& idle, Rule rule,
                                        const ComponentCores& held)
{
  // Takes from `idle` as it goes and gives back on failure: no copy of the idle counts (one per cluster) per job.
  Components placed(request.size());
  const ComponentOrder order = by_decreasing_size(request);
  // The counts before the job, for a `nodes` cluster's width (ComponentCores::fits): copied only in a run with one.
  const std::vector<int> before = held.lowers_widths() ? idle : std::vector<int>();
  for (size_t k = 0; k < order.size(); ++k) {
    const size_t i = order[k];
    ClusterIndex c = pick(idle, request[i].processors, rule, nullptr, held, before.empty() ? nullptr : &before);
    if (c == no_cluster) {
      for (size_t j = 0; j < k; ++j)
        idle[placed[order[j]].cluster] += held(placed[order[j]].cluster, placed[order[j]].processors);
      return std::nullopt;
    }
    idle[c] -= held(c, request[i].processors);
    placed[i] = {c, request[i].processors, no_cluster};
  }
  return placed;
}

std::optional<Components> fit_unordered_marked(const std::vector<ComponentRequest>& request, std::vector<int>& idle,
                                               Rule rule, const ComponentCores& held)
{
  std::vector<int> left = idle;
  std::vector<bool> marked(idle.size(), false);
  Components placed(request.size());
  for (size_t i : by_decreasing_size(request)) {
    if (std::all_of(marked.begin(), marked.end(), [](bool m) { return m; }))
      std::fill(marked.begin(), marked.end(), false);
    std::vector<bool> unmarked(marked.size());
    std::transform(marked.begin(), marked.end(), unmarked.begin(), [](bool m) { return not m; });
    int size       = request[i].processors;
    ClusterIndex c = pick(left, size, rule, &unmarked, held, &idle); // step 1: an unmarked cluster, which we mark
    if (c != no_cluster)
      marked[c] = true;
    else
      c = pick(left, size, rule, &marked, held, &idle); // step 2: a marked one
    if (c == no_cluster)
      return std::nullopt;
    left[c] -= held(c, size);
    placed[i] = {c, size, no_cluster};
  }
  idle = std::move(left);
  return placed;
}

std::optional<Components> fit_flexible(int total, const std::vector<int>& processors, std::vector<int>& idle,
                                       Split split, const ComponentCores& held)
{
  const int n = static_cast<int>(idle.size());
  if (total <= 0 || std::accumulate(idle.begin(), idle.end(), 0) < total)
    return std::nullopt;
  std::vector<int> take(n, 0);
  auto busy = [&](int c) { return processors[c] - idle[c] + take[c]; };
  if (split == Split::cluster_filling) {
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return busy(a) < busy(b); });
    int left = total;
    for (int c : order) {
      take[c] = std::min(idle[c], left);
      left -= take[c];
      if (left == 0)
        break;
    }
  } else {
    // One processor at a time to the cluster that is least busy after what it got so far.
    auto more_busy = [&](int a, int b) { return busy(a) != busy(b) ? busy(a) > busy(b) : a > b; };
    std::priority_queue<int, std::vector<int>, decltype(more_busy)> least_busy(more_busy);
    for (int c = 0; c < n; ++c)
      if (idle[c] > 0)
        least_busy.push(c);
    for (int left = total; left > 0; --left) {
      int c = least_busy.top();
      least_busy.pop();
      ++take[c];
      if (take[c] < idle[c])
        least_busy.push(c);
    }
  }
  Components placed;
  for (int c = 0; c < n; ++c)
    if (take[c] > 0) {
      placed.push_back({c, take[c], no_cluster});
      idle[c] -= std::min(idle[c], held(c, take[c])); // a shaped count is whole nodes' worth: take[c] <= idle[c]
    }
  return placed;
}

} // namespace coalsim::fitting

namespace coalsim::fitting {

bool fits_capacities(const JobSpec& job, std::vector<int> capacity, const ComponentCores& held)
{
  if (job.type == RequestType::flexible) {
    long total = 0;
    for (int c : capacity)
      total += c;
    return job.total_processors <= total;
  }
  if (job.type == RequestType::ordered)
    return fit_ordered(job.components, capacity, held).has_value();
  if (fit_unordered(job.components, capacity, Rule::first_fit, held))
    return true;
  // First fit in decreasing size packs equal components exactly; unequal ones it may miss, so for them only
  // what any packing needs is checked.
  bool equal = std::all_of(job.components.begin(), job.components.end(), [&job](const ComponentRequest& c) {
    return c.processors == job.components.front().processors;
  });
  if (equal)
    return false;
  long need = 0, room = 0;
  int largest = 0;
  for (const auto& c : job.components) {
    need += c.processors;
    largest = std::max(largest, c.processors);
  }
  for (int c : capacity)
    room += c;
  return largest <= *std::max_element(capacity.begin(), capacity.end()) && need <= room;
}

} // namespace coalsim::fitting
