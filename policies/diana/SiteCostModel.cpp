#include "policies/diana/SiteCostModel.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_diana_site_cost_model, coalsim_diana, "SiteCostModel");

namespace coalsim::diana {

std::vector<SiteCosts> site_costs(const CostQuestion& question, const CostWeights& weights)
{
  const auto& nc = *question.network;
  xbt_assert(nc.size() == question.reports.size(), "network costs for %zu sites, reports of %zu", nc.size(),
             question.reports.size());
  std::vector<SiteCosts> costs;
  for (size_t j = 0; j < question.reports.size(); ++j) {
    SiteCosts site;
    site.site  = static_cast<int>(j);
    site.alive = question.reports[j].has_value();
    if (site.alive) {
      int local        = question.submission;
      site.network     = nc[local][j];
      site.computation = computation_cost(*question.reports[j], question.all_queued, weights);
      TransferCosts transfer;
      auto replica =
          best_replica(question.replica_sites, static_cast<int>(j), [&nc](int from, int to) { return nc[from][to]; });
      transfer.from_replica    = replica ? nc[*replica][j] : 0.0;
      transfer.from_submission = nc[local][j];
      transfer.inside          = nc[j][j];
      transfer.bulk_jobs       = question.bulk_jobs;
      site.data_transfer       = data_transfer_cost(question.data, transfer, weights);
    }
    costs.push_back(site);
  }
  return costs;
}

} // namespace coalsim::diana
