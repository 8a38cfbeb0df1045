#include "workloads/ReplayedWorkload.hpp"

#include "sim/config/InputError.hpp"

#include <algorithm>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_workloads_replayed_workload, coalsim_workloads, "ReplayedWorkload");

namespace coalsim {

int ReplayedWorkload::total_processors(const std::vector<ClusterInfo>& clusters)
{
  int total = 0;
  for (const auto& c : clusters)
    total += c.processors;
  return total;
}

ReplayedWorkload::ReplayedWorkload(const WorkloadConfig& config, const std::string& path,
                                   const std::vector<ClusterInfo>& clusters, uint64_t seed)
    : config_(config)
    , clusters_(clusters)
    , trace_(config.replay.value().trace, path, total_processors(clusters))
    , attributes_(config, clusters, seed)
{
  for (const auto& c : clusters_)
    largest_cluster_ = std::max(largest_cluster_, c.processors);
  const auto& replay = *config_.replay;
  for (const auto& [partition, name] : replay.partition_clusters) {
    ClusterNames names{{name}, replay.trace.location.below("partition_clusters." + partition)};
    partition_cluster_[partition] = resolve_clusters(names, clusters_).front();
  }
}

std::optional<JobSpec> ReplayedWorkload::next()
{
  if (config_.jobs > 0 && next_id_ >= config_.jobs)
    return std::nullopt;
  ReplayedJob record;
  while (trace_.next(record)) {
    auto mapped = partition_cluster_.find(record.partition);
    if (mapped == partition_cluster_.end() && config_.replay->skip_unmapped) {
      ++unmapped_skipped_;
      continue;
    }
    ClusterIndex cluster = mapped == partition_cluster_.end() ? no_cluster : mapped->second;
    int room             = cluster == no_cluster ? largest_cluster_ : clusters_[cluster].processors;
    if (record.processors > room) {
      ++too_large_;
      continue;
    }
    JobSpec job;
    job.id               = next_id_++;
    job.submit_time      = record.submit_time;
    job.type             = cluster == no_cluster ? RequestType::unordered : RequestType::ordered;
    job.components       = {ComponentRequest{record.processors, cluster}};
    job.total_processors = record.processors;
    job.runtime          = record.runtime;
    job.estimate         = record.estimate;
    // A log that records where the job was submitted (GWF OrigSiteID) names its site when that is a cluster's name.
    for (size_t c = 0; c < clusters_.size(); ++c)
      if (not record.origin_site.empty() && clusters_[c].name == record.origin_site)
        job.submit_site = static_cast<ClusterIndex>(c);
    attributes_.draw(job);
    return job;
  }
  return std::nullopt;
}

COALSIM_REGISTER(
    WorkloadGenerators, replay, "replay",
    "grid jobs replayed from a log (`workload.trace`): every usable record of the window a one-component job with "
    "its submit time, size, run time and requested time (its estimate)",
    [](const WorkloadConfig& workload, const std::vector<ClusterInfo>& clusters, uint64_t seed,
       const WorkloadGenerators::LogLocator& locate) {
      return std::make_unique<ReplayedWorkload>(workload, locate(workload.replay->trace), clusters, seed);
    },
    {integer_parameter("jobs", 0, 0, "at most this many jobs of the window (0: all of them)", "jobs"),
     {"trace", ParameterSpec::Type::section, "-", "",
      "the log, its window and scaling, and how its partitions map onto clusters"}},
    {.estimates_given = true,
     .has_jobs        = [](const WorkloadConfig&) { return true; },
     .logs =
         [](const WorkloadConfig& workload) {
           return std::vector<std::pair<std::string, const TraceReplayConfig*>>{{"trace", &workload.replay->trace}};
         }});

} // namespace coalsim
