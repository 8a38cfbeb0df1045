/* `workload.submit_site`: the site (cluster) each grid job is submitted to, for policies with one scheduler per
 * site (e.g. one meta-scheduler per cluster). Drawn per job, fixed, or none; a replayed log's own site field (GWF
 * OrigSiteID) comes first. */
#pragma once

#include "sim/api/Job.hpp"
#include "sim/config/KeyLocation.hpp"
#include "sim/config/Random.hpp"

#include <string>
#include <vector>

namespace coalsim {

class ConfigNode;
struct ClusterInfo;

struct SubmitSiteConfig {
  enum class Mode {
    none,          // the workload gives no site (a log's still counts); a policy that needs one chooses
    uniform,       // `drawn`: uniformly over the run's clusters
    by_processors, // `drawn_by_processors`: a cluster with probability proportional to its processors
    fixed          // one cluster, by name
  } mode = Mode::none;
  std::string cluster; // Mode::fixed
  KeyLocation location;
};

/** Reads `workload.submit_site` (a scalar). Its default, `none`, is not written back: the experiments written
 *  before it existed keep their `config` attribute. */
SubmitSiteConfig read_submit_site(ConfigNode& workload);

/** The submission sites of one run's jobs, from their own random stream. */
class SubmitSites {
public:
  /** InputError at the key's location when the fixed cluster is not one of `clusters`. */
  SubmitSites(const SubmitSiteConfig& config, const std::vector<ClusterInfo>& clusters, uint64_t seed);
  /** Sets `job.submit_site` unless it already has one (a log's); with `none`, leaves it as it is. */
  void draw(JobSpec& job);

private:
  SubmitSiteConfig::Mode mode_;
  ClusterIndex fixed_   = no_cluster;
  Distribution weights_ = Distribution::constant(0); // over the cluster indices
  RngStream stream_;
};

} // namespace coalsim
