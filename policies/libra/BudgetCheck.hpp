/* Libra's budget check (PBS-Libra report, 5.1.1.1 and the first check of 6.2): a job costs a E + b E / D, with E its
 * estimate and D its deadline relative to its submission; it is accepted iff its budget B covers the cost, and
 * charged the cost. The first term charges for the CPU time, the second for the urgency. */
#pragma once

#include "sim/api/Job.hpp"

namespace coalsim::libra {

struct CostModel {
  double a = 1; // per second of estimate
  double b = 1; // per unit of urgency E / D

  double cost(double estimate, double relative_deadline) const
  {
    return a * estimate + b * estimate / relative_deadline;
  }
  /** The cost of `job`, submitted at its submit time. */
  double cost_of(const JobSpec& job) const { return cost(job.estimate, job.deadline - job.submit_time); }
};

/** B >= cost; a job without a budget (NaN) is not limited. */
bool within_budget(double budget, double cost);

} // namespace coalsim::libra
