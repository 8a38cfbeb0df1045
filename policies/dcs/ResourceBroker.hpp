/* The DCS resource broker (thesis 4.3.3): approves a job request against an idle list, or refuses it.
 * Unordered jobs are fitted with the modified worst-fit (default) or best-fit, which spread the
 * components over unmarked clusters first, or with the plain first-, best- or worst-fit of 3.2.1;
 * ordered jobs go to their named clusters, a cluster named twice counting both components. */
#pragma once

#include "policies/common/Fitting.hpp"
#include "sim/api/Job.hpp"

#include <optional>
#include <string>
#include <vector>

namespace coalsim::dcs {

class ResourceBroker {
public:
  enum class Fit { modified_worst_fit, modified_best_fit, worst_fit, best_fit, first_fit };

  explicit ResourceBroker(Fit fit) : fit_(fit) {}

  /** The parameter values of `fit:`, in the order of Fit. */
  static const std::vector<std::string>& fit_names();
  static Fit fit_from_name(const std::string& name);

  /** On approval returns the components' clusters (in request order) and decrements `idle`; on refusal
   *  returns nullopt and leaves `idle` unchanged. Flexible jobs are never approved (DCS takes ordered
   *  and unordered requests; a total request is fitted as a one-component unordered one). */
  std::optional<fitting::Components> approve(const JobSpec& job, std::vector<int>& idle,
                                             const ComponentCores& held = {}) const;

  Fit fit() const { return fit_; }

private:
  Fit fit_;
};

} // namespace coalsim::dcs
