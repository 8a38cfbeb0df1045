#include "policies/common/PlacementLog.hpp"

#include <algorithm>
#include <climits>

namespace coalsim {

void log_placement_try(DecisionLog& log, const JobSpec& job, const GridView& view, const std::vector<int>& idle,
                       const std::optional<fitting::Components>& placed, bool file_readable)
{
  const uint64_t round = log.begin_round(job.id, no_cluster);
  const int clusters   = static_cast<int>(view.clusters().size());
  std::vector<int> requested(clusters, 0); // an ordered job: its processors per named cluster
  int smallest = job.type == RequestType::flexible ? 1 : INT_MAX;
  for (const auto& c : job.components) {
    smallest = std::min(smallest, c.processors);
    if (job.type == RequestType::ordered && c.cluster >= 0 && c.cluster < clusters)
      requested[c.cluster] += c.processors;
  }
  for (ClusterIndex c = 0; c < clusters; ++c) {
    const auto& cluster = view.cluster(c);
    log.term(round, c, -1, "idle", idle[c]);
    const bool used    = placed && std::any_of(placed->begin(), placed->end(),
                                               [c](const ComponentPlacement& p) { return p.cluster == c; });
    const char* reason = "";
    if (used)
      reason = nullptr;
    else if (cluster.marked_unusable)
      reason = "unusable";
    else if (not cluster.up || not cluster.usable)
      reason = "down";
    else if (job.type == RequestType::ordered && requested[c] == 0)
      reason = "not_requested";
    else if (idle[c] < (job.type == RequestType::ordered ? requested[c] : smallest))
      reason = "too_few_idle";
    else if (not file_readable)
      reason = "no_file";
    if (reason == nullptr)
      log.candidate(round, c, -1, "chosen", "");
    else
      log.candidate(round, c, -1, *reason ? "refused" : "considered", reason);
  }
}

} // namespace coalsim
