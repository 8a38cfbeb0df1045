/* Libra's budget check in front of any other policy: a job whose budget is below a E + b E / D is rejected at
 * its arrival (reason "budget"), any other is charged the cost and handed to the inner policy. With an FCFS
 * space-sharing inner policy this is the deadline-blind baseline Libra is compared with: the same admission by
 * price, no admission by deadline. */
#pragma once

#include "policies/libra/BudgetCheck.hpp"
#include "sim/api/GridPolicy.hpp"

#include <memory>
#include <vector>

namespace coalsim::libra {

class BudgetGate : public GridPolicy {
public:
  BudgetGate(CostModel cost, std::unique_ptr<GridPolicy> inner) : cost_(cost), inner_(std::move(inner)) {}

  /** The inner policy's needs, plus every job's estimate and deadline and the economy reports. */
  PolicyNeeds needs() const override;
  /** Takes the reports; the inner policy gets what it declared. */
  void grant(const Capabilities& granted) override;

  void on_job_submitted(const JobSpec& job) override;
  void on_claim_failed(const JobSpec& job) override { inner_->on_claim_failed(job); }
  void on_job_started(const JobSpec& job) override { inner_->on_job_started(job); }
  void on_run_started(const JobSpec& job) override { inner_->on_run_started(job); }
  void on_run_ended(const JobSpec& job) override { inner_->on_run_ended(job); }
  void on_job_finished(const JobSpec& job) override { inner_->on_job_finished(job); }
  bool on_job_failed(const JobSpec& job) override { return inner_->on_job_failed(job); }
  void on_job_withdrawn(const JobSpec& job) override;
  void on_job_placed(const JobSpec& job) override { inner_->on_job_placed(job); }
  void on_job_aborted(const JobSpec& job, const Abort& abort) override { inner_->on_job_aborted(job, abort); }
  void on_wake(uint64_t token) override { inner_->on_wake(token); }
  void on_message(ClusterIndex from, ClusterIndex to, const Message& message, bool delivered) override
  {
    inner_->on_message(from, to, message, delivered);
  }
  Decisions decide(const GridView& view) override;
  size_t waiting_jobs() const override { return inner_->waiting_jobs() + to_reject_.size(); }

private:
  CostModel cost_;
  std::unique_ptr<GridPolicy> inner_;
  JobReports* reports_ = nullptr;
  std::vector<JobId> to_reject_; // over budget, rejected at the next decision
};

} // namespace coalsim::libra
