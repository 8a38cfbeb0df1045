/* Grid jobs from a workload trace: every usable record of the window is a one-component job with the
 * record's (shifted, scaled) submit time, size, run time and requested time (the job's estimate). A record
 * whose partition is mapped to a cluster (`partition_clusters`) is an ordered job on that cluster; the
 * others are unordered, or skipped with `unmapped_partitions: skip`. Jobs too large for their cluster (or
 * for every cluster) are counted and left out. Files, priorities and economy attributes as JobAttributes. */
#pragma once

#include "sim/api/JobSource.hpp"
#include "workloads/JobAttributes.hpp"
#include "workloads/TraceReplay.hpp"
#include "workloads/WorkloadGenerators.hpp"

#include <map>

namespace coalsim {

class ReplayedWorkload : public WorkloadGenerator {
public:
  ReplayedWorkload(const WorkloadConfig& config, const std::string& path, const std::vector<ClusterInfo>& clusters,
                   uint64_t seed);
  std::optional<JobSpec> next() override;

  const TraceReplay& trace() const { return trace_; }
  uint64_t too_large() const override { return too_large_; }
  uint64_t unmapped_skipped() const { return unmapped_skipped_; }

private:
  static int total_processors(const std::vector<ClusterInfo>& clusters);

  WorkloadConfig config_;
  std::vector<ClusterInfo> clusters_;
  TraceReplay trace_;
  JobAttributes attributes_;
  std::map<std::string, ClusterIndex> partition_cluster_;
  int largest_cluster_       = 0;
  JobId next_id_             = 0;
  uint64_t too_large_        = 0;
  uint64_t unmapped_skipped_ = 0;
};

} // namespace coalsim
