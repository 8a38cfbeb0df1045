/* The grid scheduler's picture of the clusters: idle counts refreshed by polling the local resource
 * managers every `poll_interval` seconds (stale in between, like a co-allocator's resource monitor or
 * MDS cache), or read exactly at every decision when the interval is 0. The scheduler's own placements
 * and claims since the last poll are subtracted, as a scheduler that remembers what it did would. The running
 * local jobs' estimated ends (their requested times, as the managers report them) come with the idle counts:
 * read at every decision in exact mode, taken at each poll otherwise. Hosts a power manager switched on for a failed
 * claim are learned of as soon as they are up, as from a failed claim, with a pass at once. */
#pragma once

#include "sim/api/GridView.hpp"
#include "sim/engine/ClusterHealth.hpp"
#include "sim/engine/LocalResourceManager.hpp"
#include "sim/platform/GridPlatform.hpp"

#include <functional>
#include <memory>
#include <tuple>
#include <vector>

namespace coalsim {

class InformationService : public LocalJobsReport {
public:
  InformationService(const GridPlatform& platform, std::vector<std::unique_ptr<LocalResourceManager>>& managers,
                     double poll_interval);

  /** Starts polling; `on_change` is called when a poll (or, in exact mode, a change) alters what
   *  the scheduler sees. Polling stops once `keep_going` returns false. */
  void start(std::function<void()> on_change, std::function<bool()> keep_going);
  /** Polled mode: a poll that finds nothing changed sets no next poll when `at_rest` says so (the caller's word that
   *  nothing is left to happen and nothing can change any more: no event pending, no profile to play, no stop or
   *  stall that time alone brings). The run then ends as exact mode's does, its waiting jobs unfinished, instead of
   *  polling to the time horizon. Unset: the polls go on while `keep_going` holds. */
  void set_polls_may_end(std::function<bool()> at_rest) { polls_may_end_ = std::move(at_rest); }

  /** The scheduler's view for a pass: the states it gave back last (recycle()) refreshed in place. */
  GridView view() const;
  /** The same picture built afresh, the states given back left for the scheduler's next view(): a policy's live
   *  view, which nobody gives back (a view that took them would leave the next pass to build its own afresh, each
   *  cluster's name and site copied: on 1,000 clusters, with KOALA's claiming, most of a pass). */
  GridView fresh_view() const;
  /** Cluster c's state as the next view() would show it, read alone. */
  ClusterState cluster(ClusterIndex c) const;
  /** GridView::estimated_transfer_time without a view. */
  double estimated_transfer_time(ClusterIndex from, ClusterIndex to, double bytes) const
  {
    return from == to ? 0.0 : transfers().estimate(from, to, bytes);
  }
  /** Takes back a view the scheduler is done with: its clusters' states (names and all) are refreshed in place by
   *  the next view() instead of built anew, which on 1,000 clusters was most of a pass's allocations; and in polled
   *  mode only the clusters whose idle count moved since are refreshed (all of them when the health moved). */
  void recycle(GridView&& view) const { std::tie(spare_states_, spare_summary_) = std::move(view).release(); }
  /** The running local jobs of cluster `c` by estimated end: the manager's own list in exact mode, else as at
   *  the last poll (or the last learn_idle of `c`). */
  const EstimatedEnds& running_local(ClusterIndex c) const override;
  /** In exact mode always; in polled mode when `c`'s idle count was learned at this instant (learn_idle). */
  bool idle_is_current(ClusterIndex c) const override;
  /** Clusters that are down or marked unusable show as unusable (no idle processors). */
  void set_health(const ClusterHealth* health)
  {
    health_      = health;
    moved_since_ = 0; // the next view reads every cluster's health
  }
  /** Transfer estimates from another source than the platform's routes (a bandwidth repository). */
  void set_transfer_estimator(const TransferEstimator* estimator) { estimator_ = estimator; }
  bool exact() const { return poll_interval_ <= 0; }
  /** What a component holds on each cluster (its shape's cores), limited by the clusters' hosts: for capacities and
   *  bookkeeping (ComponentCores.hpp). The placements and claims below count those. */
  const ComponentCores& capacity_cores() const { return held_; }
  /** The same for deciding now: on a `nodes` cluster, limited by its width as the next view would show it (the
   *  manager's in exact mode, as of the last poll or learn_idle otherwise). The object is kept while its widths hold,
   *  and replaced (not changed) when they move: a view keeps the one it was built with. */
  std::shared_ptr<const ComponentCores> deciding_cores() const;
  /** The most nodes one host of `nodes` cluster c has room for (when all of it is free). */
  int per_host_nodes(size_t c) const;
  /** *deciding_cores(), read at once. */
  const ComponentCores& component_cores() const
  {
    const auto now = deciding_cores();
    return now ? *now : held_;
  }

  /** A placement that reserves its processors (Placement::reserve): they count as taken until the claim. Between
   *  polls they are taken from the idle count, and a `nodes` cluster's width as reported is lowered only as far as
   *  the count left proves (deciding_cores()); a claim that fails teaches the true count and width (learn_idle). */
  void placed(ClusterIndex c, int processors)
  {
    unclaimed_[c] += held_(c, processors);
    moved(c);
  }
  void claim_failed(ClusterIndex c, int processors)
  {
    unclaimed_[c] -= held_(c, processors);
    moved(c);
  }
  /** A rejected claim tells the scheduler the cluster's true idle count (and width), as a refused submission does.
   * Returns whether that moved what the scheduler believed (in polled mode, a count other than the last report's, or
   *  claims since it; in exact mode the scheduler had the manager's own count already). */
  bool learn_idle(ClusterIndex c);
  void claimed(ClusterIndex c, int processors)
  {
    unclaimed_[c] -= held_(c, processors);
    claimed_since_poll_[c] += held_(c, processors);
    moved(c);
  }
  /** A claim of processors that were never reserved by `placed`: a placement may reserve nothing (the
   *  MDS reports processors in use; placed-but-unclaimed processors are free for anyone, which is the
   *  processor gained time), so only the claim itself makes them busy in the scheduler's view. */
  void claimed_unreserved(ClusterIndex c, int processors)
  {
    claimed_since_poll_[c] += held_(c, processors);
    moved(c);
  }

private:
  void poll();
  /** Hosts switched on for a claim on cluster c are up: the scheduler learns c's idle count and passes now (in polled
   *  mode it would wait for the next poll, and a job's other clusters too). */
  void up_for_claim(size_t c);
  const TransferEstimator& transfers() const { return estimator_ ? *estimator_ : *platform_; }
  /** A view from `states` and `summary` given back by the scheduler (refreshed where something moved), or built
   *  afresh when they are empty. */
  GridView build_view(std::vector<ClusterState> states, ClusterSummary summary) const;
  /** Polled mode: cluster c's running local jobs are reported as they are now (the manager marks them). */
  void report_local(size_t c) { (*managers_)[c]->mark_running_local(); }
  /** What the scheduler believes of cluster c's idle processors may have changed: the next view refreshes it. */
  void moved(size_t c)
  {
    if (not moved_[c]) {
      moved_[c] = true;
      moved_list_.push_back(c);
    }
  }
  /** Refreshes what changes of cluster c's state (its idle count; with `health`, what ClusterHealth says of it),
   *  and the summary with it. */
  void refresh(size_t c, ClusterState& state, ClusterSummary& summary, bool health) const;
  /** The same for the state alone. */
  void read_state(size_t c, ClusterState& state, bool health) const;

  const GridPlatform* platform_;
  std::vector<std::unique_ptr<LocalResourceManager>>* managers_;
  ComponentCores held_; // what a component holds per cluster: what a placement or claim takes from its idle count
  double poll_interval_;
  std::vector<int> reported_idle_;
  /** Cluster c's width now (available_width()): only a `nodes` cluster's moves, so the polls of a run without one
   *  keep the width reported at the start. */
  int width_now(size_t c) const
  {
    return nodes_clusters_.empty() ? reported_width_[c] : (*managers_)[c]->available_width();
  }
  std::vector<int> reported_width_;    // per cluster (polled mode): its width at the last report (available_width())
  std::vector<size_t> nodes_clusters_; // the clusters shaped as `nodes`, whose width moves
  mutable std::shared_ptr<const ComponentCores> deciding_; // deciding_cores() as last built; null without `nodes`
  std::vector<int> unclaimed_;                             // placed, claim not yet attempted
  std::vector<int> claimed_since_poll_;                    // claimed after the last report
  std::vector<double> learned_at_; // when learn_idle() last read the cluster's idle count (polled mode)
  std::function<void()> on_change_;
  std::function<bool()> keep_going_;
  std::function<bool()> polls_may_end_;            // set_polls_may_end()
  mutable std::vector<ClusterState> spare_states_; // a view's states given back by recycle(), or empty
  mutable ClusterSummary spare_summary_;           // and its summary
  /** Clusters whose idle count may have moved since the last view was built (polled mode), each once. */
  mutable std::vector<size_t> moved_list_;
  mutable std::vector<bool> moved_;
  /** Views are numbered as built. The clusters moved since view `moved_since_`, the last one refreshed from
   *  recycled states, are in moved_list_: recycled states of that view or a later one (any view shows every change
   *  up to its building) need only those refreshed. A view built afresh (while another is out) leaves them be. */
  mutable uint64_t views_built_       = 0;
  mutable uint64_t moved_since_       = 0; // 0: none yet, every cluster is refreshed
  mutable uint64_t health_seen_       = 0; // ClusterHealth::changes() at view moved_since_
  const ClusterHealth* health_        = nullptr;
  const TransferEstimator* estimator_ = nullptr;
};

} // namespace coalsim
