/* Job-fitting rules of the DCS thesis (3.2.1, 4.3.3) over an idle list. Pure functions: they read and,
 * on success, decrement the idle counts they are given; on failure the counts are unchanged. A component fits a
 * cluster, and takes from its count, by the cores it holds there (`held`, GridView::component_cores(): whole nodes'
 * worth on a shaped cluster; its processors by default). */
#pragma once

#include "sim/api/ComponentCores.hpp"
#include "sim/api/Decision.hpp"
#include "sim/api/Job.hpp"

#include <boost/container/small_vector.hpp>
#include <optional>
#include <vector>

namespace coalsim::fitting {

using Components = std::vector<ComponentPlacement>;

enum class Rule { first_fit, best_fit, worst_fit };

/** Ordered and total-on-named-cluster jobs: each component on its named cluster; two components
 *  naming the same cluster both count against its idle processors. */
std::optional<Components> fit_ordered(const std::vector<ComponentRequest>& request, std::vector<int>& idle,
                                      const ComponentCores& held = {});

/** Component indices in some order: held inline for a job's few components (fitting asks for one per job and per
 *  try, where a heap allocation each cost more than the sort). */
using ComponentOrder = boost::container::small_vector<size_t, 8>;

/** Indices of `sizes` in decreasing size (stable: equal sizes keep their order). */
ComponentOrder by_decreasing_size(const std::vector<ComponentRequest>& request);

/** Unordered jobs, plain rules: components in decreasing size; first-fit takes the first cluster that
 *  fits, best-fit the one with the fewest idle processors that fits, worst-fit the most.
 *  Ties go to the lowest cluster index. Components come back in request order. */
std::optional<Components> fit_unordered(const std::vector<ComponentRequest>& request, std::vector<int>& idle, Rule rule,
                                        const ComponentCores& held = {});

/** The DCS broker's *modified* worst-fit (or best-fit) with marks (thesis 4.3.3, Fig. 4.2): prefer
 *  unmarked clusters and mark them; fall back to marked ones; clear the marks when all are marked. */
std::optional<Components> fit_unordered_marked(const std::vector<ComponentRequest>& request, std::vector<int>& idle,
                                               Rule rule, const ComponentCores& held = {});

enum class Split { cluster_filling, load_balancing };

/** Flexible jobs: split `total` processors over the clusters. Cluster filling fills the least-loaded
 *  clusters completely first (fewest clusters); load balancing evens out the busy counts.
 *  `processors[c]` is each cluster's size, so that busy = processors - idle. */
std::optional<Components> fit_flexible(int total, const std::vector<int>& processors, std::vector<int>& idle,
                                       Split split, const ComponentCores& held = {});

/** Whether `job` fits the clusters' `capacity` (their processors, or what each has free): an ordered job's
 *  components on their clusters, a flexible job's total over all, an unordered or total job's components
 *  somewhere, whatever the rule. Certain when the components are equal (all workloads here); with unequal ones
 *  the answer errs towards true. So when it is false, no rule places the job on these counts or on fewer. */
bool fits_capacities(const JobSpec& job, std::vector<int> capacity, const ComponentCores& held = {});

} // namespace coalsim::fitting
