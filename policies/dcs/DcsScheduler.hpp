/* The DCS scheduler with its wait-queue and the co-allocator's bookkeeping (thesis 4.3.4, 4.3.5, Fig. 4.3):
 * - a (re)scheduling reads the idle list once and asks the broker: FCFS tries only the head, FPFS the
 *   jobs in queue order until one is approved; EASY and conservative backfilling (policies/common/
 *   GridBackfilling.hpp) the jobs in queue order until one is approved on processors that delay no reservation
 *   (the head's, or every job's before it), planned on the jobs' estimates and the local jobs' requested times;
 * - the approved job goes to the co-allocator, whose DUROC submission blocks the scheduler until it
 *   succeeds or fails (`blocking_submission`);
 * - a submission failure moves the job to the tail of the wait-queue and counts; at the maximum the job
 *   is removed (recorded as failed);
 * - a completion failure puts the job back in the wait-queue and counts; at the maximum it is removed;
 * - after a (re)scheduling failure the scheduler waits for the resource monitor (res_spy), which compares
 *   the idle list every `monitor_interval` seconds with the one of the failure and wakes the scheduler
 *   on a change: a freed processor is noticed up to one interval late.
 * The wait-queue's order and failure counting are the shared WaitQueue (policies/common). */
#pragma once

#include "policies/common/GridBackfilling.hpp"
#include "policies/common/WaitQueue.hpp"
#include "policies/dcs/ResourceBroker.hpp"
#include "sim/api/GridPolicy.hpp"

#include <optional>
#include <vector>

namespace coalsim::dcs {

class DcsScheduler : public GridPolicy {
public:
  using Discipline = WaitQueue::Discipline;
  struct Settings {
    Discipline discipline       = Discipline::fcfs;
    ResourceBroker::Fit fit     = ResourceBroker::Fit::modified_worst_fit;
    int max_submission_failures = 5; // 0: no limit
    int max_completion_failures = 5; // 0: no limit
    bool blocking_submission    = true;
    double monitor_interval     = 5; // s; 0: woken by every change of the idle list
  };

  explicit DcsScheduler(Settings settings)
      : settings_(settings)
      , broker_(settings.fit)
      , queue_(settings.discipline, {settings.max_submission_failures, settings.max_completion_failures})
  {
    if (settings.discipline == Discipline::easy)
      backfilling_.emplace(GridBackfilling::Mode::easy);
    else if (settings.discipline == Discipline::conservative)
      backfilling_.emplace(GridBackfilling::Mode::conservative);
  }

  /** The DCS takes ordered and unordered requests (thesis 4.2); its broker never splits a flexible one. With
   *  `blocking_submission`, the engine asks again right after each start; with backfilling, it needs the clock. */
  PolicyNeeds needs() const override;
  void grant(const Capabilities& granted) override;
  void on_job_submitted(const JobSpec& job) override;
  void on_claim_failed(const JobSpec& job) override;
  void on_job_started(const JobSpec& job) override;
  void on_run_started(const JobSpec& job) override;
  void on_run_ended(const JobSpec& job) override;
  bool on_job_failed(const JobSpec& job) override;
  void on_job_withdrawn(const JobSpec& job) override;
  /** A completed job can fail no more: its failure counts (kept for a completion failure) go. */
  void on_job_finished(const JobSpec& job) override { queue_.forget(job.id); }
  /** Placed jobs whose failure counts are kept (for tests). */
  size_t remembered_jobs() const { return queue_.remembered(); }
  Decisions decide(const GridView& view) override;
  size_t waiting_jobs() const override { return queue_.size(); }

  /** Whether the scheduler is waiting for the resource monitor after a (re)scheduling failure. */
  bool waiting_for_change() const { return failed_idle_.has_value(); }
  /** Whether the co-allocator is busy with a submission. */
  bool submitting() const { return submitting_.has_value(); }

private:
  /** The broker's approval of one job: at once, or under backfilling only where it delays no reservation; with
   *  the file site of each component. */
  std::optional<fitting::Components> approve(const JobSpec& job, std::vector<int>& idle,
                                             std::optional<GridBackfilling::Pass>& pass, const GridView& view);

  Settings settings_;
  ResourceBroker broker_;
  WaitQueue queue_;                            // approved jobs leave it; their failure counts stay for their outcome
  std::optional<GridBackfilling> backfilling_; // with `queue: easy` or `conservative`
  Timers* timers_ = nullptr;                   // with backfilling
  std::optional<JobId> submitting_;            // the job whose submission blocks the scheduler
  std::vector<Rejection> to_remove_;
  std::optional<std::vector<int>> failed_idle_; // the idle list of the last (re)scheduling failure
  double next_check_ = 0;                       // when res_spy next compares the idle list
  DecisionLog* log_  = &DecisionLog::off();
};

} // namespace coalsim::dcs
