/* How a policy picks clusters (and file sites) for the components of one job. */
#pragma once

#include "policies/common/Fitting.hpp"
#include "policies/common/WaitQueue.hpp"
#include "sim/api/GridView.hpp"
#include "sim/api/ReplicaChoice.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace coalsim {

class PlacementRule {
public:
  virtual ~PlacementRule() = default;
  /** Places an unordered (or total) job's components now; on success decrements `idle`. A component fits a cluster
   *  where view.held() (now: the widths of the `nodes` clusters at the view's time) fits its count. */
  virtual std::optional<fitting::Components> place(const JobSpec& job, std::vector<int>& idle,
                                                   const GridView& view) = 0;
  /** As place(), for a reservation (GridBackfilling), which is not a placement: the rule's own state (such as
   *  Close-to-Files' history) is left as it was, and a component counts what it holds by view.capacity_held() (a
   *  width now says nothing of the hosts with room later). The default, place(), is for a rule that counts by
   *  processors only. */
  virtual std::optional<fitting::Components> plan(const JobSpec& job, std::vector<int>& idle, const GridView& view)
  {
    return place(job, idle, view);
  }
  /** Whether place() changes the rule's state even when it fails (Close-to-Files keeps the pairs it added to
   *  its history for the components it placed before failing): such a rule must be asked about every job that
   *  might start, even one that no placement fits. */
  virtual bool remembers_failed_tries() const { return false; }
};

/** A job that would not fit the grid even with all of its clusters idle can never be placed; left waiting it
 *  would keep the run going forever. Clusters marked unusable stay so for the rest of the run, so they count
 *  as having no processors. */
bool can_never_fit(const JobSpec& job, const GridView& view);
/** How a job that can never fit leaves: rejected when it is larger than the whole grid (as a batch system
 *  refuses a request beyond its machine at submission; an unbounded size distribution can draw one), failed
 *  with a `drop` row when it fitted until clusters were marked unusable. */
Rejection never_fitting_rejection(const JobSpec& job, const GridView& view);
/** Takes the jobs that can never fit out of a wait-queue (see never_fitting_rejection). Each job is checked
 *  once on its first pass; once a cluster is marked unusable the whole queue is checked at every pass. */
void reject_never_fitting(WaitQueue& queue, const GridView& view, std::vector<Rejection>& rejections);

/** Sets each component's file site to its nearest replica. */
void assign_nearest_replicas(const JobSpec& job, fitting::Components& components, const GridView& view);

/** First-fit, best-fit or worst-fit, plain (3.2.1) or with the DCS broker's marks (4.3.3). */
class FitRule : public PlacementRule {
public:
  FitRule(fitting::Rule rule, bool marked) : rule_(rule), marked_(marked) {}
  std::optional<fitting::Components> place(const JobSpec& job, std::vector<int>& idle, const GridView& view) override;
  std::optional<fitting::Components> plan(const JobSpec& job, std::vector<int>& idle, const GridView& view) override;

private:
  std::optional<fitting::Components> fit(const JobSpec& job, std::vector<int>& idle, const GridView& view,
                                         const ComponentCores& held) const;
  fitting::Rule rule_;
  bool marked_;
};

} // namespace coalsim
