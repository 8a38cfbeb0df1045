#include "policies/libra/BudgetGate.hpp"

#include "policies/common/PlacementRule.hpp"
#include "policies/common/QueuedPolicy.hpp"
#include "policies/libra/LibraPolicy.hpp"
#include "sim/api/PolicyRegistry.hpp"

#include <cmath>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_libra_budget_gate, coalsim_libra, "BudgetGate");

namespace coalsim::libra {

PolicyNeeds BudgetGate::needs() const
{
  PolicyNeeds needs = inner_->needs();
  needs.deadlines   = true;
  needs.reports     = true;
  return needs;
}

void BudgetGate::grant(const Capabilities& granted)
{
  reports_ = required(granted.reports, "JobReports", "Libra's budget check");
  inner_->grant(declared_only(inner_->needs(), granted));
}

void BudgetGate::on_job_submitted(const JobSpec& job)
{
  EconomyFigures figures;
  figures.cost = cost_.cost_of(job);
  reports_->report_economy(job.id, figures);
  // A job without an estimate or a deadline ahead has no cost (NaN) and is not covered.
  if (not within_budget(job.budget, figures.cost) || std::isnan(figures.cost) || not(job.deadline > job.submit_time)) {
    to_reject_.push_back(job.id);
    return;
  }
  inner_->on_job_submitted(job);
}

void BudgetGate::on_job_withdrawn(const JobSpec& job)
{
  if (std::erase(to_reject_, job.id) == 0)
    inner_->on_job_withdrawn(job);
}

Decisions BudgetGate::decide(const GridView& view)
{
  Decisions decisions = inner_->decide(view);
  for (JobId id : to_reject_) {
    XBT_VERB("job %ld rejected: %s", static_cast<long>(id), reasons::budget);
    decisions.rejections.push_back({id, reasons::budget, false, reasons::budget});
  }
  to_reject_.clear();
  return decisions;
}

namespace {
std::unique_ptr<GridPolicy> make_fcfs_budget(PolicyParameters& parameters, const PolicyContext&)
{
  CostModel cost;
  cost.a = parameters.get_double("cost_a", 1.0, 0.0, "cost per second of estimate (cost = a E + b E / D)", "cost/s");
  cost.b = parameters.get_double("cost_b", 1.0, 0.0, "cost per unit of urgency E / D (cost = a E + b E / D)", "cost");
  auto settings = QueuedPolicy::read_settings(parameters);
  return std::make_unique<BudgetGate>(
      cost, std::make_unique<QueuedPolicy>(settings, std::make_unique<FitRule>(fitting::Rule::worst_fit, false)));
}
} // namespace

COALSIM_REGISTER_POLICY(fcfs_budget, "fcfs_budget",
                        "Libra's deadline-blind baseline: its budget check, then FCFS space sharing (worst fit), "
                        "each job on whole processors",
                        make_fcfs_budget);

} // namespace coalsim::libra
