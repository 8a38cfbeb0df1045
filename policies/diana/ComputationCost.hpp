/* DIANA's computation cost (report 3.3.2, eq. 3.3): CC_i = W5 Q_i / P_i + W6 Q / P_i + W7 SiteLoad_i, with Q_i the
 * jobs waiting at site i, Q those waiting at all sites and P_i the site's capability (its processors). */
#pragma once

#include "policies/diana/CostWeights.hpp"

namespace coalsim::diana {

/** What a site reports of itself. */
struct SiteLoad {
  int queued     = 0; // Q_i: jobs waiting in the site's meta-scheduler queue
  int processors = 0; // P_i, > 0
  int busy       = 0; // processors in use (for the utilization SiteLoad)
};

/** SiteLoad as `weights.site_load` says: busy / processors, or queued / processors (the report's definition). */
double site_load(const SiteLoad& site, const CostWeights& weights);

/** Eq. 3.3, `all_queued` being Q, the jobs waiting at all sites. */
double computation_cost(const SiteLoad& site, int all_queued, const CostWeights& weights);

} // namespace coalsim::diana
