#include "workloads/SubmitSite.hpp"

#include "sim/config/ConfigNode.hpp"
#include "workloads/JobAttributes.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_workloads_submit_site, coalsim_workloads, "SubmitSite");

namespace coalsim {

SubmitSiteConfig read_submit_site(ConfigNode& workload)
{
  SubmitSiteConfig config;
  auto node = workload.find("submit_site");
  if (not node)
    return config;
  config.location = node->location();
  if (not node->is_scalar())
    node->fail("expected none, drawn, drawn_by_processors or a cluster's name");
  std::string value = node->as_string();
  if (value == "none")
    config.mode = SubmitSiteConfig::Mode::none;
  else if (value == "drawn")
    config.mode = SubmitSiteConfig::Mode::uniform;
  else if (value == "drawn_by_processors")
    config.mode = SubmitSiteConfig::Mode::by_processors;
  else {
    config.mode    = SubmitSiteConfig::Mode::fixed;
    config.cluster = value;
  }
  return config;
}

SubmitSites::SubmitSites(const SubmitSiteConfig& config, const std::vector<ClusterInfo>& clusters, uint64_t seed)
    : mode_(config.mode)
    , stream_(seed, "grid.submit_sites")
{
  std::vector<double> indices, weights;
  for (size_t c = 0; c < clusters.size(); ++c) {
    indices.push_back(static_cast<double>(c));
    weights.push_back(mode_ == SubmitSiteConfig::Mode::by_processors ? clusters[c].processors : 1.0);
    if (mode_ == SubmitSiteConfig::Mode::fixed && clusters[c].name == config.cluster)
      fixed_ = static_cast<ClusterIndex>(c);
  }
  if (mode_ == SubmitSiteConfig::Mode::fixed && fixed_ == no_cluster) {
    std::string known;
    for (const auto& c : clusters)
      known += (known.empty() ? "" : ", ") + c.name;
    config.location.fail("'" + config.cluster +
                         "' is neither none, drawn, drawn_by_processors nor a cluster of this run (clusters: " + known +
                         ")");
  }
  if (not indices.empty())
    weights_ = Distribution::choice(indices, weights);
}

void SubmitSites::draw(JobSpec& job)
{
  if (job.submit_site != no_cluster || mode_ == SubmitSiteConfig::Mode::none)
    return;
  job.submit_site =
      mode_ == SubmitSiteConfig::Mode::fixed ? fixed_ : static_cast<ClusterIndex>(weights_.sample(stream_));
}

} // namespace coalsim
