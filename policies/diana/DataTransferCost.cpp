#include "policies/diana/DataTransferCost.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_diana_data_transfer_cost, coalsim_diana, "DataTransferCost");

namespace coalsim::diana {

double data_transfer_cost(const JobData& data, const TransferCosts& costs, const CostWeights& weights)
{
  return weights.w8 * data.input * costs.from_replica +
         weights.w9 * (data.executable + data.output) * costs.from_submission +
         weights.w10 * (costs.bulk_jobs * (data.input + data.executable) + data.output) * costs.inside;
}

std::optional<int> best_replica(const std::vector<int>& replica_sites, int execution,
                                const std::function<double(int from, int to)>& net_cost)
{
  std::optional<int> best;
  double best_cost = 0;
  for (int site : replica_sites) {
    double cost = net_cost(site, execution);
    if (!best || cost < best_cost) {
      best      = site;
      best_cost = cost;
    }
  }
  return best;
}

} // namespace coalsim::diana
