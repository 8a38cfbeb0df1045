/* Backfilling in the grid wait-queue (DCS thesis 3.2.2), EASY and conservative, for jobs whose components go to
 * several clusters. The wait-queue policies (QueuedPolicy) and the DCS scheduler share it.
 *
 * At each pass a plan is made: one ProcessorProfile per cluster, with its idle processors now and, at their
 * estimated ends, the processors of the running local jobs (their requested times, as the local managers report
 * them: GridView::running_local) and of the policy's own grid jobs (the start of the run plus the job's estimate;
 * placed but not yet running: now plus the estimate). A job past its estimated end is expected to end now, when
 * the cluster's idle count is as of a poll (it may have ended since), or right after now, when the count is current
 * (GridView::idle_is_current: it is still running, and a placement on its processors would fail). Busy
 * processors with no known end (dummy jobs, failed hosts, other jobs) are busy for ever, and so is every
 * processor of an unusable cluster. Then the waiting jobs are offered in queue order:
 *  - a job is placed now if the placement rule places all its components on the processors each cluster has free
 *    over [now, now + estimate) in the plan: it fits now and touches no reservation made before it. Its run is
 *    booked in the plan;
 *  - otherwise it waits and gets a reservation: under EASY the first job that waits (the head), under conservative
 *    every one. Its reservation is the earliest time t (now, or a time at which some cluster's profile changes)
 *    at which the rule places all its components on the processors free over [t, t + estimate), with the
 *    clusters the rule picks then; it is booked in the plan. A job that never fits the plan gets none. The rule
 *    is asked only at times when the grid has the job's processors free over the window and some cluster its
 *    largest component's: at no other time can a rule place it.
 * So under EASY a later job starts now only if it ends by the head's reservation on the clusters the head needs,
 * or uses only processors the head does not need there; under conservative only if it delays no job before it.
 * The plan is made anew at every pass from what is known then: local jobs are not bound by the grid's
 * reservations, so a reservation can move later when local jobs take the processors first.
 *
 * A job's estimate is JobSpec::estimate when the workload gives one (a replayed requested time, or
 * `workload.estimate_factor`), else its runtime.
 *
 * Cost: a reservation matters only to the jobs behind it that could start now, so reservations are made lazily,
 * in queue order, when a later job first passes cheap tests (its total fits the free processors now, its largest
 * component a cluster's now and over its whole estimated run in the plan as it stands, and, unless the rule
 * remembers failed tries, some placement of all its components fits what each cluster has free over that run;
 * with such a rule they are then made one at a time, until no placement fits any more): on a full grid a pass
 * mostly walks the queue. The plan is the same as if every reservation were made at once. Conservative
 * backfilling still plans every waiting job before each job that starts now: its cost per such pass grows with
 * the square of the queue (docs/policies.md gives figures). */
#pragma once

#include "policies/common/Fitting.hpp"
#include "sim/api/GridView.hpp"
#include "sim/api/Job.hpp"
#include "sim/api/ProcessorProfile.hpp"

#include <functional>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace coalsim {

class GridBackfilling {
public:
  enum class Mode { easy, conservative };
  /** A placement rule over per-cluster counts: places every component of a job and decrements the counts, or
   *  returns nullopt and leaves them unchanged. */
  using Fit = std::function<std::optional<fitting::Components>(const JobSpec&, std::vector<int>&)>;
  /** What a failed try of a placement rule leaves: nothing, or a change of the rule's state
   *  (PlacementRule::remembers_failed_tries). */
  enum class FailedTry { leaves_no_trace, is_remembered };

  explicit GridBackfilling(Mode mode) : mode_(mode) {}
  Mode mode() const { return mode_; }

  /** What backfilling plans a job's run with: its estimate when the workload gives one, else its runtime. */
  static double estimate(const JobSpec& job);

  /** The policy placed `job` on `where`: the cores its components hold there (`held`, GridView::capacity_cores(): a
   *  width that shrinks later does not change them) are held from now on. Until its run starts, its estimated end is
   * the time of the pass plus its estimate. */
  void placed(const JobSpec& job, const fitting::Components& where, const ComponentCores& held = {});
  /** Its run started at `now`: its estimated end is `now` plus its estimate. */
  void run_started(JobId id, double now);
  /** Its processors are free again (its run ended, its claim failed, it failed or was aborted); nothing for a job
   *  not held. */
  void released(JobId id) { held_.erase(id); }
  /** Jobs of the policy that hold (or are about to hold) processors. */
  size_t holding() const { return held_.size(); }

  /** One pass: the plan, and the jobs offered to it in queue order. */
  class Pass {
  public:
    /** Offers the next job in queue order. Returns its placement if it starts now (booked in the plan; `place`
     *  places it); otherwise it waits and, if the mode gives it one, gets a reservation, found with `plan` (which
     *  must leave the rule's state, e.g. Close-to-Files' history, as it was: a reservation is not a placement).
     *  `failed_try` says what a failed `place` leaves: when nothing, a job that no placement fits is not offered
     *  to it. */
    std::optional<fitting::Components> offer(const JobSpec& job, const Fit& place, const Fit& plan,
                                             FailedTry failed_try);
    /** The reservations of the jobs offered so far that waited, in queue order: (job, start; infinite when it
     *  never fits). */
    const std::vector<std::pair<JobId, double>>& reservations()
    {
      reserve_pending([] { return true; });
      return reservations_;
    }
    /** Free processors of cluster `c` at time t in the plan (for tests). */
    int free_at(ClusterIndex c, double t) const { return profiles_.at(c).free_at(t); }

  private:
    friend class GridBackfilling;
    Pass(Mode mode, double now, const ComponentCores& held) : mode_(mode), now_(now), held_(&held), all_(now, 0) {}
    /** Each cluster's fewest free processors over [start, start + duration). */
    std::vector<int> free_over(double start, double duration) const;
    void book(const fitting::Components& where, double start, double duration);
    /** The earliest start of `job` in the plan, booked; infinite if none. */
    double reserve(const JobSpec& job, const Fit& plan);
    /** Makes the reservations of the waiting jobs offered since the last ones, in queue order, as long as
     *  `while_true` holds before each; returns whether it still holds after the last. */
    bool reserve_pending(const std::function<bool()>& while_true);
    /** Whether `free` (per cluster) could hold `job`: its largest component on one cluster, its total over all
     *  (necessary, not sufficient). */
    static bool might_fit(const JobSpec& job, const std::vector<int>& free);
    /** Whether some cluster has the job's largest component free over [now, now + duration) in the plan as it
     *  stands. The reservations still to be made only take processors, so a job without it cannot start now and
     *  the reservations before it need not be made for it. Not asking the rule changes nothing: no rule places
     *  such a job, and Close-to-Files, the one rule that learns from a try (its history), fails on the largest
     *  component first, before it has learned anything. */
    bool holds_largest_now(const JobSpec& job, double duration) const;
    /** Each cluster's free processors at t. */
    std::vector<int> free_at_time(double t) const;

    struct Pending {
      const JobSpec* job;
      Fit plan;
    };
    Mode mode_;
    double now_;
    const ComponentCores* held_; // the view's capacity_cores(): what a component takes from a cluster's free processors
    std::vector<ProcessorProfile> profiles_;
    ProcessorProfile all_;      // the sum of the clusters' profiles: a job fits no window where it has too few
    std::vector<int> free_now_; // each cluster's free processors now in the plan; empty when to be recomputed
    bool head_reserved_ = false;
    // The waiting jobs whose reservation is still to be made: pending_[next_pending_] on, in queue order.
    std::vector<Pending> pending_;
    size_t next_pending_ = 0;
    std::vector<std::pair<JobId, double>> reservations_;
  };

  /** The plan of a pass over `view`, with the policy's own jobs as they are held now. */
  Pass begin_pass(const GridView& view) const;

private:
  struct Held {
    std::vector<std::pair<ClusterIndex, int>> parts; // (cluster, cores held) of each component
    double estimate;
    double run_start = NAN; // NaN until its run starts
  };
  Mode mode_;
  std::unordered_map<JobId, Held> held_;
};

} // namespace coalsim
