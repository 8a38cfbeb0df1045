#include "workloads/JobAttributes.hpp"

#include "sim/config/InputError.hpp"
#include "sim/engine/PayloadSize.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_workloads_job_attributes, coalsim_workloads, "JobAttributes");

namespace coalsim {

std::vector<ClusterIndex> resolve_clusters(const ClusterNames& names, const std::vector<ClusterInfo>& clusters)
{
  std::vector<ClusterIndex> out;
  for (const auto& name : names.names) {
    auto it = std::find_if(clusters.begin(), clusters.end(), [&](const ClusterInfo& c) { return c.name == name; });
    if (it == clusters.end()) {
      std::string known;
      for (const auto& c : clusters)
        known += (known.empty() ? "" : ", ") + c.name;
      names.location.fail("cluster '" + name + "' is not in this run (clusters: " + known + ")");
    }
    out.push_back(static_cast<ClusterIndex>(it - clusters.begin()));
  }
  return out;
}

JobAttributes::JobAttributes(const WorkloadConfig& config, const std::vector<ClusterInfo>& clusters, uint64_t seed)
    : config_(config)
    , files_(seed, "grid.files")
    , priorities_(seed, "grid.priorities")
    , economy_(seed, "grid.economy")
    , executables_(seed, "grid.executables")
    , outputs_(seed, "grid.outputs")
    , submit_sites_(config.submit_site, clusters, seed)
{
  file_candidates_ = resolve_clusters(config.file.sites, clusters);
  if (file_candidates_.empty()) {
    file_candidates_.resize(clusters.size());
    std::iota(file_candidates_.begin(), file_candidates_.end(), 0);
  }
  if (config.file.size.max_value() > 0 && config.file.replicas > static_cast<int>(file_candidates_.size()))
    config.location("file.replicas")
        .fail(std::to_string(config.file.replicas) + " replicas but only " + std::to_string(file_candidates_.size()) +
              " candidate sites");
  std::vector<double> values, weights;
  for (const auto& [priority, weight] : config.priorities) {
    values.push_back(static_cast<double>(static_cast<int>(priority)));
    weights.push_back(weight);
  }
  priority_mix_ = Distribution::choice(values, weights);
}

/** A size drawn for `key`, refused above what a SimGrid communication carries (an unbounded distribution's rare
 *  draw, or a value no experiment means). */
double JobAttributes::bytes_drawn(const Distribution& size, RngStream& stream, const std::string& key,
                                  const JobSpec& job) const
{
  double bytes = size.sample(stream);
  if (bytes > largest_payload) {
    std::ostringstream what;
    what << "job " << job.id << " drew " << bytes << " bytes, more than the 9.2e18 bytes a SimGrid communication "
         << "carries";
    config_.location(key).fail(what.str());
  }
  return bytes;
}

void JobAttributes::draw(JobSpec& job)
{
  double file_size = bytes_drawn(config_.file.size, files_, "file.size", job);
  if (file_size > 0) {
    InputFile file{"job" + std::to_string(job.id) + ".in", file_size, {}};
    std::vector<ClusterIndex> candidates = file_candidates_;
    for (int r = 0; r < config_.file.replicas; ++r) { // distinct sites, uniformly
      size_t pick = r + files_.below(candidates.size() - r);
      std::swap(candidates[r], candidates[pick]);
      file.replica_sites.push_back(candidates[r]);
    }
    std::sort(file.replica_sites.begin(), file.replica_sites.end());
    job.file = std::move(file);
  }
  if (config_.executable_size)
    job.executable_size = bytes_drawn(*config_.executable_size, executables_, "executable_size", job);
  if (config_.output_size)
    job.output_size = bytes_drawn(*config_.output_size, outputs_, "output_size", job);
  job.priority = static_cast<Priority>(static_cast<int>(priority_mix_.sample(priorities_)));
  if (config_.estimate_factor)
    job.estimate = job.runtime * config_.estimate_factor->sample(economy_);
  if (config_.deadline_factor)
    job.deadline = job.submit_time +
                   (std::isnan(job.estimate) ? job.runtime : job.estimate) * config_.deadline_factor->sample(economy_);
  if (config_.budget)
    job.budget = config_.budget->sample(economy_);
  submit_sites_.draw(job);
}

} // namespace coalsim
