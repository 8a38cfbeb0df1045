/* What a grid policy is allowed to see: the information service's picture of the grid.
 * Idle counts may be stale (polled), exactly as a co-allocator's resource monitor or MDS cache was; so may the
 * running local jobs the local managers report (their estimated ends), which are taken at the same polls. */
#pragma once

#include "sim/api/ComponentCores.hpp"
#include "sim/api/Job.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace coalsim {

struct ClusterState {
  ClusterIndex index = 0;
  std::string name;
  std::string site;
  int processors = 0;
  /** Idle processors as the scheduler believes: last report minus what it has claimed or placed since. */
  int idle = 0;
  /** False when the cluster is down (an outage) or marked unusable: no component may be placed there. */
  bool usable = true;
  /** False while the cluster is down: its file server cannot be read either (a replica there is out of
   *  reach). A cluster marked unusable is still up. */
  bool up = true;
  /** Marked unusable for the rest of the run (after too many consecutive errors). */
  bool marked_unusable = false;
};

/** Estimated file transfer times between clusters' file servers (route latency + size / bottleneck bandwidth). */
class TransferEstimator {
public:
  virtual ~TransferEstimator()                                                    = default;
  virtual double estimate(ClusterIndex from, ClusterIndex to, double bytes) const = 0;
};

/** What the information service keeps up to date along with the clusters' states, so that a view need not walk
 *  every cluster for it (on 1,000 clusters each walk was a percent or two of a run). */
struct ClusterSummary {
  std::vector<int> usable_idle; // per cluster: its idle count when usable, else 0 (GridView::idle_counts)
  int marked_unusable  = 0;     // clusters marked unusable
  int largest_lasting  = 0;     // the most processors of a cluster not marked unusable (GridView::largest_lasting)
  uint64_t view_number = 0;     // the view it was built for, as its builder counts them
};

/** Estimated end -> processors, of running jobs. */
using EstimatedEnds = std::multimap<double, int>;

/** What the local resource managers report of the local jobs running on their clusters: each one's estimated
 *  end (its start plus its requested time, as a batch system's status shows) and its processors. */
class LocalJobsReport {
public:
  virtual ~LocalJobsReport()                                       = default;
  virtual const EstimatedEnds& running_local(ClusterIndex c) const = 0;
  /** Whether cluster c's idle count is its manager's own at this instant (an exact information service, or a
   *  polled one that has just learned it from a failed claim): its busy processors then hold jobs still running,
   *  whatever their estimates say. By default, not known to be. */
  virtual bool idle_is_current(ClusterIndex /*c*/) const { return false; }
};

class GridView {
public:
  /** Without `local_jobs`, no running local job is reported (running_local() is empty). */
  GridView(double now, std::vector<ClusterState> clusters, const TransferEstimator& transfers,
           const LocalJobsReport* local_jobs = nullptr)
      : now_(now)
      , clusters_(std::move(clusters))
      , transfers_(&transfers)
      , local_jobs_(local_jobs)
  {
  }
  /** With `summary` kept by the caller in step with `clusters`, and what a component holds on each cluster: `held`
   *  for capacities, plans and bookkeeping (which must outlive the view; null: every cluster a pool), `held_now` for
   *  deciding now, with the widths of the `nodes` clusters at the view's time (null: the same as `held`). */
  GridView(double now, std::vector<ClusterState> clusters, const TransferEstimator& transfers,
           const LocalJobsReport* local_jobs, ClusterSummary summary, const ComponentCores* held = nullptr,
           std::shared_ptr<const ComponentCores> held_now = nullptr)
      : now_(now)
      , clusters_(std::move(clusters))
      , summary_(std::move(summary))
      , has_summary_(true)
      , transfers_(&transfers)
      , local_jobs_(local_jobs)
      , held_(held != nullptr ? held : &pool_)
      , held_now_(std::move(held_now))
      , deciding_(held_now_ ? held_now_.get() : held_)
  {
  }
  double now() const { return now_; }
  const std::vector<ClusterState>& clusters() const { return clusters_; }
  /** Gives the clusters' states and the summary up, for the information service to refresh into its next view. */
  std::pair<std::vector<ClusterState>, ClusterSummary> release() &&
  {
    return {std::move(clusters_), std::move(summary_)};
  }
  const ClusterState& cluster(ClusterIndex c) const { return clusters_.at(c); }
  size_t cluster_count() const { return clusters_.size(); }
  /** Estimated time to copy `bytes` from the file server of `from` to that of `to` (0 when from == to). */
  double estimated_transfer_time(ClusterIndex from, ClusterIndex to, double bytes) const
  {
    return from == to ? 0.0 : transfers_->estimate(from, to, bytes);
  }
  /** The idle counts, one per cluster (0 for unusable clusters): the starting point of a fitting pass. */
  std::vector<int> idle_counts() const;
  /** The same into `into` (its room kept: a policy that keeps the vector allocates nothing per pass; on 1,000
   *  clusters each new copy was an allocation of 4 KB, which glibc serves only after consolidating its small bins). */
  void idle_counts(std::vector<int>& into) const;
  /** Whether some cluster is marked unusable (for the rest of the run). */
  bool any_marked_unusable() const;
  /** What the grid can ever offer from now on: every cluster's processors, 0 for those marked unusable (outages
   *  and host failures end; the marking does not). */
  std::vector<int> lasting_capacities() const;
  /** The largest of lasting_capacities(), without the copy. */
  int largest_lasting_capacity() const;
  /** The local jobs running on cluster `c`, by estimated end, as of the same report as its idle count (exact, or
   *  the last poll). Busy processors that are neither here nor held by the policy's own jobs (dummy jobs, failed
   *  hosts, an outage) have no known end. */
  const EstimatedEnds& running_local(ClusterIndex c) const;
  /** Whether cluster c's idle count is its manager's own at this instant (LocalJobsReport::idle_is_current): a job
   *  past its estimated end there is then still running. False without a report. */
  bool idle_is_current(ClusterIndex c) const { return local_jobs_ != nullptr && local_jobs_->idle_is_current(c); }
  /** For deciding now: the cores a component of `processors` holds on cluster c, which is what placing it there
   *  takes from its idle count (ComponentCores.hpp: more than its processors on a shaped cluster), `unholdable` when
   *  it needs more nodes than the cluster's hosts with room at the view's time (its width, on a `nodes` cluster). */
  int held(ClusterIndex c, int processors) const { return (*deciding_)(c, processors); }
  /** For deciding now, in a pass that has `idle_left` of cluster c's idle count left (the view's count less what it
   *  placed there), `job_left` of it before the component's job: whether a component of `processors` fits there.
   *  held(c, processors) <= idle_left, and on a `nodes` cluster its nodes within the width left after what the pass
   *  took for other jobs (ComponentCores::fits). */
  bool fits(ClusterIndex c, int processors, int idle_left, int job_left) const
  {
    return deciding_->fits(c, processors, idle_left, job_left);
  }
  /** fits() for the first component of its job there. */
  bool fits(ClusterIndex c, int processors, int idle_left) const { return deciding_->fits(c, processors, idle_left); }
  /** held() for every cluster, as fitting passes take it. */
  const ComponentCores& component_cores() const { return *deciding_; }
  /** For capacities, plans and bookkeeping: the cores a component holds on cluster c limited only by the cluster's
   *  hosts (a capacity of the idle cluster, a reservation in the future, or what a placed component holds: the same
   *  number as held() whenever held() is not `unholdable`). */
  int capacity_held(ClusterIndex c, int processors) const { return (*held_)(c, processors); }
  /** capacity_held() for every cluster. */
  const ComponentCores& capacity_cores() const { return *held_; }

private:
  double now_;
  std::vector<ClusterState> clusters_;
  ClusterSummary summary_;
  bool has_summary_ = false; // else idle_counts() and any_marked_unusable() walk the clusters
  const TransferEstimator* transfers_;
  const LocalJobsReport* local_jobs_;
  static inline const ComponentCores pool_{};
  const ComponentCores* held_ = &pool_;
  std::shared_ptr<const ComponentCores> held_now_; // kept alive while the view is (null: deciding_ is held_)
  const ComponentCores* deciding_ = held_;
};

} // namespace coalsim
