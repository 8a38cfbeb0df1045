/* A centralized grid scheduler with one wait-queue: FCFS (only the head is tried), FPFS (the first job that
 * fits), or EASY or conservative backfilling (GridBackfilling.hpp: jobs that fit and delay no reservation), a
 * placement rule for unordered jobs, fixed placement for ordered ones, a split rule for flexible ones, and a
 * bounded number of submission failures. The DCS scheduler of the thesis (4.3.4) and the basis of the simple
 * named policies. */
#pragma once

#include "policies/common/GridBackfilling.hpp"
#include "policies/common/PlacementRule.hpp"
#include "policies/common/WaitQueue.hpp"
#include "sim/api/GridPolicy.hpp"
#include "sim/api/PolicyParameters.hpp"

#include <memory>
#include <optional>

namespace coalsim {

class QueuedPolicy : public GridPolicy {
public:
  using Discipline = WaitQueue::Discipline;
  struct Settings {
    Discipline discipline         = Discipline::fcfs;
    int max_submission_failures   = 0; // 0: no limit
    fitting::Split flexible_split = fitting::Split::cluster_filling;
    Claiming claiming             = Claiming::immediate;
  };

  QueuedPolicy(Settings settings, std::unique_ptr<PlacementRule> rule);
  /** Reads `queue`, `max_submission_failures`, `flexible` and `claiming` from the parameters. */
  static Settings read_settings(PolicyParameters& parameters);

  /** With backfilling, the clock (when runs start). */
  PolicyNeeds needs() const override;
  void grant(const Capabilities& granted) override;
  void on_job_submitted(const JobSpec& job) override;
  void on_claim_failed(const JobSpec& job) override;
  void on_job_started(const JobSpec& job) override;
  void on_run_started(const JobSpec& job) override;
  void on_run_ended(const JobSpec& job) override;
  bool on_job_failed(const JobSpec& job) override;
  void on_job_withdrawn(const JobSpec& job) override;
  Decisions decide(const GridView& view) override;
  /** An empty queue and no rejection owed: decide() would return nothing (it acts only on its waiting jobs). */
  bool nothing_to_decide() const override { return queue_.empty() && to_reject_.empty(); }
  size_t waiting_jobs() const override { return queue_.size(); }

  /** Places one job on `idle` (decremented on success); exposed for tests. */
  std::optional<fitting::Components> place(const JobSpec& job, std::vector<int>& idle, const GridView& view)
  {
    return fit(job, idle, view, false);
  }

private:
  /** place(), or with `reservation` the rule's plan(), which keeps its state; a placement (not a plan) in the
   *  decision log when it is on. */
  std::optional<fitting::Components> fit(const JobSpec& job, std::vector<int>& idle, const GridView& view,
                                         bool reservation);
  std::optional<fitting::Components> choose(const JobSpec& job, std::vector<int>& idle, const GridView& view,
                                            bool reservation);
  /** What a failed fit() of `job` leaves: ordered and flexible jobs are fitted by pure functions, the others by
   *  the rule. */
  GridBackfilling::FailedTry failed_try(const JobSpec& job) const;
  /** The backfilling pass: jobs in queue order, placed now when they delay no reservation. */
  void backfill(const GridView& view, Decisions& decisions);

  Settings settings_;
  std::unique_ptr<PlacementRule> rule_;
  std::optional<GridBackfilling> backfilling_; // with `queue: easy` or `conservative`
  Timers* timers_ = nullptr;                   // with backfilling
  WaitQueue queue_;                            // placed jobs leave it; a failed claim brings them back
  std::vector<Rejection> to_reject_;
  std::vector<int> idle_; // decide()'s idle counts, kept for their room
  DecisionLog* log_ = &DecisionLog::off();
};

} // namespace coalsim
