#include "sim/api/PlacementRules.hpp"

#include <algorithm>

namespace coalsim {

std::optional<BrokenRule> broken_rule(const JobSpec& job, const Placement& placement, const PlacementRules& rules)
{
  const auto& comps        = placement.components;
  const PolicyNeeds& needs = *rules.needs;
  auto broken              = [](PlacementCheck rule, size_t k = 0) { return BrokenRule{rule, k}; };
  if (comps.empty())
    return broken(PlacementCheck::has_components);
  if (placement.claiming == Claiming::by_policy && not needs.claims)
    return broken(PlacementCheck::claims_declared);
  if (placement.component_failures && not needs.component_failures)
    return broken(PlacementCheck::component_failures_declared);
  int total = 0;
  for (size_t k = 0; k < comps.size(); ++k) {
    const auto& c = comps[k];
    if (c.cluster < 0 || c.cluster >= rules.clusters)
      return broken(PlacementCheck::cluster_exists, k);
    if (not needs.uses_cluster(c.cluster))
      return broken(PlacementCheck::cluster_used, k);
    if (c.processors <= 0)
      return broken(PlacementCheck::has_processors, k);
    if (c.host != -1) {
      const bool a_host = c.host >= 0 && static_cast<size_t>(c.cluster) < rules.hosts.size() &&
                          static_cast<size_t>(c.host) < rules.hosts[c.cluster];
      if (not needs.host_shares || not rules.shares_hosts || placement.claiming != Claiming::immediate ||
          c.processors != 1 || not(c.share >= smallest_share && c.share <= 1) || not a_host)
        return broken(PlacementCheck::share_allowed, k);
    }
    if (c.file_site != no_cluster &&
        (not job.file || std::count(job.file->replica_sites.begin(), job.file->replica_sites.end(), c.file_site) == 0))
      return broken(PlacementCheck::file_site_has_replica, k);
    // Without a site the copy would be skipped, and the job would run without its input in no time at all.
    if (job.file && not job.file->replica_sites.empty() && c.file_site == no_cluster)
      return broken(PlacementCheck::file_site_given, k);
    total += c.processors;
  }
  if (job.type == RequestType::flexible) {
    if (total != job.total_processors)
      return broken(PlacementCheck::flexible_total);
    return std::nullopt;
  }
  if (comps.size() != job.components.size())
    return broken(PlacementCheck::component_count);
  for (size_t k = 0; k < comps.size(); ++k) {
    if (comps[k].processors != job.components[k].processors)
      return broken(PlacementCheck::component_size, k);
    if (job.type == RequestType::ordered && comps[k].cluster != job.components[k].cluster)
      return broken(PlacementCheck::ordered_cluster, k);
  }
  return std::nullopt;
}

} // namespace coalsim
