/* A centralized grid scheduler with one wait-queue: FCFS (only the head is tried) or FPFS (the first job
 * that fits), a placement rule for unordered jobs, fixed placement for ordered ones, a split rule for
 * flexible ones, and a bounded number of submission failures. The DCS scheduler of the thesis (4.3.4)
 * and the basis of the simple named policies. */
#pragma once

#include "policies/common/PlacementRule.hpp"
#include "sim/GridPolicy.hpp"
#include "sim/PolicyParameters.hpp"

#include <list>
#include <unordered_map>
#include <memory>

namespace coalsim {

class QueuedPolicy : public GridPolicy {
public:
  enum class Discipline { fcfs, fpfs };
  struct Settings {
    Discipline discipline          = Discipline::fcfs;
    int max_submission_failures    = 0; // 0: no limit
    fitting::Split flexible_split  = fitting::Split::cluster_filling;
    Claiming claiming              = Claiming::immediate;
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
  struct Waiting {
    const JobSpec* job;
    int submission_failures = 0;
  };
  Settings settings_;
  std::unique_ptr<PlacementRule> rule_;
  std::list<Waiting> queue_;
  std::vector<Rejection> to_reject_;
  std::unordered_map<JobId, int> in_flight_; // placed jobs awaiting their claim: submission failures so far
};

} // namespace coalsim
