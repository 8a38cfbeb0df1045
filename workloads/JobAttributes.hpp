/* What a grid job gets beyond its shape and times, drawn from the experiment's distributions: its input
 * file with replica sites, its executable and output sizes, its priority, the economy attributes (estimate,
 * deadline, budget) and its submission site. Shared by synthetic and replayed workloads. */
#pragma once

#include "sim/api/Job.hpp"
#include "sim/config/Random.hpp"
#include "workloads/SubmitSite.hpp"
#include "workloads/WorkloadConfig.hpp"

#include <string>
#include <vector>

namespace coalsim {

struct ClusterInfo {
  std::string name;
  int processors;
};

/** The clusters `names` lists, as indices into `clusters`; InputError naming `key` for an unknown one. */
std::vector<ClusterIndex> resolve_clusters(const ClusterNames& names, const std::vector<ClusterInfo>& clusters);

class JobAttributes {
public:
  /** Validates the file keys against the clusters; throws InputError naming the offending key. */
  JobAttributes(const WorkloadConfig& config, const std::vector<ClusterInfo>& clusters, uint64_t seed);
  /** Sets `job`'s file, executable and output sizes, priority, economy attributes and submission site; its submit time
   * and runtime must be set. A job that already has an estimate (a replayed requested time) keeps it unless
   * `estimate_factor` is configured; one that has a submission site (a replayed log's) keeps it. */
  void draw(JobSpec& job);

private:
  double bytes_drawn(const Distribution& size, RngStream& stream, const std::string& key, const JobSpec& job) const;

  WorkloadConfig config_;
  std::vector<ClusterIndex> file_candidates_;
  Distribution priority_mix_ = Distribution::constant(0);
  RngStream files_, priorities_, economy_;
  RngStream executables_, outputs_; // one stream each: giving one of them shifts no draw of the other
  SubmitSites submit_sites_;
};

} // namespace coalsim
