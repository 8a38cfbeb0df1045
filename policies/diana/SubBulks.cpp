#include "policies/diana/SubBulks.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

#include <algorithm>
#include <cmath>
#include <numeric>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_diana_sub_bulks, coalsim_diana, "SubBulks");

namespace coalsim::diana {

std::vector<double> ranks_from_costs(const std::vector<double>& costs)
{
  bool some_free = std::any_of(costs.begin(), costs.end(), [](double c) { return c == 0; });
  std::vector<double> ranks;
  for (double c : costs) {
    xbt_assert(c >= 0, "a site's cost must not be negative (%g)", c);
    if (some_free)
      ranks.push_back(c == 0 ? 1.0 : 0.0);
    else
      ranks.push_back(std::isinf(c) ? 0.0 : 1.0 / c);
  }
  return ranks;
}

std::vector<int> sub_bulk_sizes(int jobs, const std::vector<double>& ranks)
{
  xbt_assert(jobs >= 0, "a bulk cannot have %d jobs", jobs);
  double sum = std::accumulate(ranks.begin(), ranks.end(), 0.0);
  xbt_assert(sum > 0, "a bulk needs a site of positive rank");
  std::vector<int> sizes(ranks.size());
  std::vector<double> remainder(ranks.size());
  int given = 0;
  for (size_t i = 0; i < ranks.size(); ++i) {
    xbt_assert(ranks[i] >= 0, "a rank must not be negative (%g)", ranks[i]);
    double quota = jobs * ranks[i] / sum;
    sizes[i]     = static_cast<int>(std::floor(quota));
    remainder[i] = quota - sizes[i];
    given += sizes[i];
  }
  std::vector<size_t> order(ranks.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (remainder[a] != remainder[b])
      return remainder[a] > remainder[b];
    return ranks[a] > ranks[b];
  });
  // Floors lose less than one job per site, so one pass over the sites hands out what is left.
  for (size_t k = 0; given < jobs; ++k, ++given)
    ++sizes[order[k % order.size()]];
  return sizes;
}

} // namespace coalsim::diana
