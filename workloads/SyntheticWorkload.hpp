/* Grid jobs drawn from the distributions of an experiment file: batch or Poisson arrivals (by rate or
 * offered load), component counts and sizes, runtimes and request-type mix; files, priorities and economy
 * attributes as JobAttributes draws them. One job at a time. */
#pragma once

#include "sim/api/Job.hpp"
#include "sim/api/JobSource.hpp"
#include "sim/config/Random.hpp"
#include "workloads/JobAttributes.hpp"
#include "workloads/WorkloadConfig.hpp"
#include "workloads/WorkloadGenerators.hpp"

#include <optional>
#include <string>
#include <vector>

namespace coalsim {

class SyntheticWorkload : public WorkloadGenerator {
public:
  /** Validates the workload against the clusters; throws InputError naming the offending key. */
  SyntheticWorkload(const WorkloadConfig& config, const std::vector<ClusterInfo>& clusters, uint64_t seed);

  /** The next job, or nullopt after the last one. */
  std::optional<JobSpec> next() override;
  int total_jobs() const { return config_.jobs; }
  /** Jobs per second of the Poisson arrivals (0 for a batch). */
  double arrival_rate() const { return rate_; }

private:
  int draw_size(const Distribution& d, int max);
  void deal_request_types(uint64_t seed);
  /** Jobs that could not fit even on idle clusters are an input error (they would wait forever). */
  void check_jobs_fit(const WorkloadConfig& config) const;

  WorkloadConfig config_;
  std::vector<ClusterInfo> clusters_;
  std::vector<ClusterIndex> ordered_pattern_;
  int largest_cluster_ = 0;
  int all_processors_  = 0;
  double rate_         = 0;
  double clock_        = 0;
  JobId next_id_       = 0;
  RngStream arrivals_, shapes_;
  Distribution request_type_mix_ = Distribution::constant(0);
  std::vector<RequestType> dealt_types_; // job id -> type, with deal_request_types
  JobAttributes attributes_;
};

} // namespace coalsim
