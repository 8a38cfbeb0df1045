#include "policies/diana/SiteCostModel.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_diana_site_cost_model, coalsim_diana, "SiteCostModel");

namespace coalsim::diana {

std::vector<SiteCosts> site_costs(const CostQuestion& question, const CostWeights& weights)
{
  const auto& nc = question.network;
  std::vector<SiteCosts> costs;
  for (int j = 0; j < static_cast<int>(question.reports.size()); ++j) {
    SiteCosts site;
    site.site  = j;
    site.alive = question.reports[j].has_value();
    if (site.alive) {
      int local        = question.submission;
      site.network     = nc(local, j);
      site.computation = computation_cost(*question.reports[j], question.all_queued, weights);
      TransferCosts transfer;
      auto replica             = best_replica(question.replica_sites, j, nc);
      transfer.from_replica    = replica ? nc(*replica, j) : 0.0;
      transfer.from_submission = nc(local, j);
      transfer.inside          = nc(j, j);
      transfer.bulk_jobs       = question.bulk_jobs;
      site.data_transfer       = data_transfer_cost(question.data, transfer, weights);
    }
    costs.push_back(site);
  }
  return costs;
}

} // namespace coalsim::diana
