/* The KOALA co-allocator (Mohamed and Epema 2008): placement queues scanned at a fixed interval, Close-to-Files or
 * Worst-Fit placement, and placements claimed by the policy itself through incremental claiming (JCT, ICP;
 * IncrementalClaiming.hpp) with the job's current L. A job aborted at its JST has its L lowered; a job whose
 * component failed avoids the failed clusters in its next placement. A job out of placement tries or out of
 * claiming tries fails. */
#pragma once

#include "policies/common/PlacementRule.hpp"
#include "policies/koala/IncrementalClaiming.hpp"
#include "policies/koala/PlacementQueues.hpp"
#include "sim/api/GridPolicy.hpp"
#include "sim/api/PolicyParameters.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>
#include <vector>

namespace coalsim::koala {

struct KoalaSettings {
  QueueSettings queues;
  double scan_interval = 60;
  ClaimingSettings claiming; // L is the initial value
  double L_step  = 0.25;
  double L_floor = 0;
  /** Reads every KOALA parameter (see `--policy help`). */
  static KoalaSettings read(PolicyParameters& parameters);
};

class KoalaPolicy : public GridPolicy {
public:
  KoalaPolicy(KoalaSettings settings, std::unique_ptr<PlacementRule> rule);

  /** The paper's KOALA places fixed (ordered) and non-fixed (unordered) requests; flexible jobs, split by the
   *  scheduler, are its future work (Section 10). Claims happen at the JCTs (Section 6.1), not after a submission
   *  delay, through the engine's Claims; each component draws its failure as it starts (Section 4.5: the runners). */
  PolicyNeeds needs() const override;
  void grant(const Capabilities& granted) override;
  void on_job_submitted(const JobSpec& job) override;
  void on_claim_failed(const JobSpec& job) override;
  void on_job_placed(const JobSpec& job) override;
  void on_run_started(const JobSpec& job) override;
  void on_job_aborted(const JobSpec& job, const Abort& abort) override;
  void on_wake(uint64_t token) override { claimer_.wake(token); }
  void on_job_finished(const JobSpec& job) override;
  /** A failed run (a completion failure) aborts the job: back to its placement queue (Section 4.5). */
  bool on_job_failed(const JobSpec& job) override;
  void on_job_withdrawn(const JobSpec& job) override;
  /** The ICP's re-placement of one component that cannot claim (Algorithm 2, line 5), with the placement rule;
   *  none for ordered jobs, whose components the user fixed. */
  std::optional<ComponentPlacement> replace_component(const JobSpec& job, size_t component, const GridView& view);
  Decisions decide(const GridView& view) override;
  size_t waiting_jobs() const override { return queues_.size() + arrivals_.size(); }

  /** Jobs the policy keeps anything for: waiting, placed or running ones (for tests). */
  size_t remembered_jobs() const { return std::max(state_.size(), placed_.size()); }
  /** The job's current L (for tests). */
  double L_of(JobId job) const { return state_.at(job).L; }
  /** The priority level of the job's placement under way (for tests). */
  Priority level_of(JobId job) const { return placed_.at(job).level; }

private:
  struct JobState {
    double L;
    std::vector<ClusterIndex> avoid; // clusters of failed components, avoided in the next placement
  };
  /** choose(), in the decision log when it is on. */
  std::optional<fitting::Components> place(const JobSpec& job, std::vector<int>& idle, const GridView& view);
  std::optional<fitting::Components> choose(const JobSpec& job, std::vector<int>& idle, const GridView& view);
  std::optional<fitting::Components> place_on(const JobSpec& job, std::vector<int>& idle, const GridView& view);
  Placement placement_of(const JobSpec& job, fitting::Components components);
  /** The job is back in its placement queue after an attempt that ended for `reason`. */
  void requeue(const JobSpec& job, AbortReason reason, const std::vector<ClusterIndex>& clusters);
  void scan(Priority level, std::vector<int>& idle, const GridView& view, Decisions& decisions);

  KoalaSettings settings_;
  std::unique_ptr<PlacementRule> rule_;
  PlacementQueues queues_;
  std::vector<const JobSpec*> arrivals_; // new jobs: placement is tried once on arrival (phase 1)
  std::unordered_map<JobId, JobState> state_;
  std::unordered_map<JobId, PlacementQueues::Entry> placed_; // left the queues, kept for a possible return
  std::vector<Rejection> failed_; // jobs out of claiming tries, reported at the next decision
  double next_scan_ = 0;
  IncrementalClaiming claimer_;
  DecisionLog* log_ = &DecisionLog::off();
};

} // namespace coalsim::koala
