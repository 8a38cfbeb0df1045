#include "policies/diana/ComputationCost.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_diana_computation_cost, coalsim_diana, "ComputationCost");

namespace coalsim::diana {

double site_load(const SiteLoad& site, const CostWeights& weights)
{
  xbt_assert(site.processors > 0, "a site needs processors to have a computation cost");
  double used = weights.site_load == SiteLoadMeasure::queue ? site.queued : site.busy;
  return used / site.processors;
}

double computation_cost(const SiteLoad& site, int all_queued, const CostWeights& weights)
{
  double p = site.processors;
  return weights.w5 * site.queued / p + weights.w6 * all_queued / p + weights.w7 * site_load(site, weights);
}

} // namespace coalsim::diana
