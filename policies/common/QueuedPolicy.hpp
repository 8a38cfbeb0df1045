/* A centralized grid scheduler with one wait-queue: FCFS (only the head is tried) or FPFS (the first job
 * that fits), a placement rule for unordered jobs, fixed placement for ordered ones, a split rule for
 * flexible ones, and a bounded number of submission failures. The DCS scheduler of the thesis (4.3.4)
 * and the basis of the simple named policies. */
#pragma once

#include "policies/common/PlacementRule.hpp"
#include "policies/common/WaitQueue.hpp"
#include "sim/api/GridPolicy.hpp"
#include "sim/api/PolicyParameters.hpp"

#include <memory>

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

  void on_job_submitted(const JobSpec& job) override;
  void on_claim_failed(const JobSpec& job) override;
  void on_job_started(const JobSpec& job) override;
  Decisions decide(const GridView& view) override;
  size_t waiting_jobs() const override { return queue_.size(); }

  /** Places one job on `idle` (decremented on success); exposed for tests. */
  std::optional<fitting::Components> place(const JobSpec& job, std::vector<int>& idle, const GridView& view);

private:
  Settings settings_;
  std::unique_ptr<PlacementRule> rule_;
  WaitQueue queue_; // placed jobs leave it; a failed claim brings them back
  std::vector<Rejection> to_reject_;
};

} // namespace coalsim
