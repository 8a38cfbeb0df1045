#include "sim/api/ReplicaChoice.hpp"

#include <algorithm>

namespace coalsim {

ClusterIndex nearest_replica(const JobSpec& job, ClusterIndex execution, const GridView& view)
{
  if (not job.file || job.file->replica_sites.empty())
    return no_cluster;
  ClusterIndex best = no_cluster;
  double best_time  = 0;
  for (ClusterIndex site : job.file->replica_sites) {
    if (not view.cluster(site).up)
      continue;
    double t = view.estimated_transfer_time(site, execution, job.file->size_bytes);
    if (best == no_cluster || t < best_time || (t == best_time && site < best)) {
      best      = site;
      best_time = t;
    }
  }
  return best;
}

bool file_readable(const JobSpec& job, const GridView& view)
{
  if (not job.file || job.file->replica_sites.empty())
    return true;
  return std::any_of(job.file->replica_sites.begin(), job.file->replica_sites.end(),
                     [&](ClusterIndex site) { return view.cluster(site).up; });
}

} // namespace coalsim
