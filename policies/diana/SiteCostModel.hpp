/* The costs of running a job (or a bulk) at every site, seen from its submission site (report 3.3.4: "the cost of
 * the job placement can be calculated on each site with respect to the submission site"): one row of the cost
 * matrix of Table 3.1, from what each site reported of itself and the network costs between sites. */
#pragma once

#include "policies/diana/ComputationCost.hpp"
#include "policies/diana/DataTransferCost.hpp"
#include "policies/diana/SiteRanking.hpp"

#include <functional>
#include <optional>
#include <vector>

namespace coalsim::diana {

struct CostQuestion {
  int submission = 0;
  /** Per site: what it reported (its queue, processors, busy processors), or nothing when it is dead or silent. */
  std::vector<std::optional<SiteLoad>> reports;
  /** Q of eq. 3.3: the jobs waiting at all sites (what the reports add up to, or what static costs assume). */
  int all_queued = 0;
  /** NetCost(a, b) per byte between two sites (eq. 3.2); 0 from a site to itself. */
  std::function<double(int, int)> network;
  JobData data;
  std::vector<int> replica_sites; // the sites holding the job's input
  int bulk_jobs = 1;              // N_j of eq. 3.4
};

/** One SiteCosts per site, in site order; a site without a report is not alive (its costs are 0 and unused). */
std::vector<SiteCosts> site_costs(const CostQuestion& question, const CostWeights& weights);

} // namespace coalsim::diana
