/* The parameters of the `diana` policy (docs/policies.md lists them with their defaults and the report's sections
 * they stand for). */
#pragma once

#include "policies/diana/CostWeights.hpp"
#include "policies/diana/SiteRanking.hpp"
#include "sim/api/Job.hpp"
#include "sim/config/Random.hpp"

#include <optional>
#include <string>
#include <vector>

namespace coalsim {
class PolicyParameters;
}

namespace coalsim::diana {

/** How the jobs submitted to one site at one instant are decided (report 5.3, Ch. 6). */
enum class Submission {
  iterative, // one job at a time: a query round and a decision per job
  bulk,      // one atomic bulk: one round, every job to the best site
  split      // one round, the bulk split into sub-bulks proportional to each site's rank (1 / total cost)
};

/** Which costs a decision uses. `live`: the queues and loads the sites report. `static`: network and site
 *  capability only (Q_i = 0, no load, Q = the jobs being decided), the costs the report's own implementation used
 *  for its Table 6.1 runs (its Future Work section says the live ones were not yet wired in). */
enum class CostSource { live, static_costs };

struct DianaSettings {
  CostWeights weights;
  std::optional<JobKind> kind  = JobKind::both; // nothing: per job, by the size of its input
  double data_intensive_bytes  = 100e6;
  bool local_first             = false;
  Submission submission        = Submission::iterative;
  CostSource costs             = CostSource::live;
  ClusterIndex fixed_site      = no_cluster; // submit every job here; no_cluster: drawn uniformly
  double query_bytes           = 1e3;
  double reply_bytes           = 1e3;
  Distribution executable_size = Distribution::constant(1e6); // drawn per job
  Distribution output_size     = Distribution::constant(1e6); // drawn per job
  double reply_timeout         = 10;
  double retry_interval        = 60; // s a site marked unusable waits to ask again after a round that placed nothing
  double local_submission_time = 0;  // s per submission to a site's local scheduler (0: none)
  double migration_interval    = 0;  // 0: no migration
  double migration_wait        = 60;
  int max_migrations           = 1;
};

/** Reads the parameters; `clusters` names the sites (for `submit_site`). */
DianaSettings read_diana_settings(PolicyParameters& parameters, const std::vector<std::string>& clusters);

} // namespace coalsim::diana
