/* Hand-built grid states and jobs for policy unit tests. */
#pragma once

#include "sim/api/GridView.hpp"
#include "sim/api/Job.hpp"

#include <string>
#include <utility>
#include <vector>

namespace coalsim::testing {

/** Transfers take no time: placement tests that do not look at files. */
class ZeroEstimator : public TransferEstimator {
public:
  double estimate(ClusterIndex, ClusterIndex, double) const override { return 0; }
};

inline const TransferEstimator& zero_transfers()
{
  static ZeroEstimator zero;
  return zero;
}

/** Clusters c0, c1, ... of 64 processors with these idle counts, seen at `now`, transfers estimated by `t`. */
inline GridView view_at(double now, const std::vector<int>& idle, const TransferEstimator& t = zero_transfers())
{
  std::vector<ClusterState> states;
  for (size_t i = 0; i < idle.size(); ++i) {
    std::string name = "c";
    name += std::to_string(i);
    states.push_back({static_cast<ClusterIndex>(i), name, "", 64, idle[i], true});
  }
  return GridView(now, states, t);
}

/** Running local jobs as the local managers report them: per cluster, estimated end -> processors. */
class FakeLocalJobs : public LocalJobsReport {
public:
  explicit FakeLocalJobs(size_t clusters) : running(clusters) {}
  const EstimatedEnds& running_local(ClusterIndex c) const override { return running.at(c); }
  bool idle_is_current(ClusterIndex /*c*/) const override { return current; }
  std::vector<EstimatedEnds> running;
  bool current = false; // the idle counts are the managers' own at this instant
};

/** As view_at(), with the running local jobs of `local`. */
inline GridView view_with_local(double now, const std::vector<int>& idle, const LocalJobsReport& local)
{
  GridView plain = view_at(now, idle);
  return GridView(now, plain.clusters(), zero_transfers(), &local);
}

inline JobSpec unordered(JobId id, const std::vector<int>& sizes)
{
  JobSpec job;
  job.id   = id;
  job.type = RequestType::unordered;
  for (int s : sizes)
    job.components.push_back({s, no_cluster});
  return job;
}

/** Components as (cluster, processors). */
inline JobSpec ordered(JobId id, const std::vector<std::pair<ClusterIndex, int>>& parts)
{
  JobSpec job;
  job.id   = id;
  job.type = RequestType::ordered;
  for (auto [c, s] : parts)
    job.components.push_back({s, c});
  return job;
}

} // namespace coalsim::testing
