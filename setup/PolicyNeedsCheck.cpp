#include "setup/PolicyNeedsCheck.hpp"

#include "sim/engine/RuntimeModels.hpp"
#include "workloads/WorkloadGenerators.hpp"

#include <string>

namespace coalsim {

void check_policy_needs(const PolicyNeeds& needs, const ExperimentConfig& config)
{
  const std::string& name = config.policy.name;
  const auto& generator   = generator_traits(config.workload);
  if (generator.draws_request_types)
    for (const auto& [type, weight] : config.workload.request_types)
      if (weight > 0 && not needs.takes(type))
        config.workload.location("request_types").fail("policy '" + name + "' takes no " + to_string(type) + " jobs");
  if (config.overheads.submission.max_value() > 0 && needs.claim_timing == ClaimTiming::own_times)
    config.overheads.submission_location.fail("policy '" + name + "' claims at its own claiming times, after no " +
                                              "submission delay; set it to 0");
  if (needs.host_shares && not Registry<RuntimeModels>::instance().at(config.runtime_model.kind).traits.shares_hosts)
    config.policy.name_location.fail(
        "policy '" + name + "' runs jobs on shares of hosts; set runtime_model.kind: " + host_sharing_runtime_models());
  if (needs.deadlines &&
      (not config.workload.deadline_factor || (not generator.estimates_given && not config.workload.estimate_factor)))
    config.policy.name_location.fail("policy '" + name +
                                     "' needs every job's estimate and deadline; set workload.estimate_factor and "
                                     "workload.deadline_factor");
  if (config.faults.component_failure_location.given() && not needs.component_failures)
    config.faults.component_failure_location.fail(
        "policy '" + name + "' does not claim incrementally, so no component failure is drawn (only koala draws " +
        "them); use faults.completion_failure, outages or host failures, or set it to 0");
}

} // namespace coalsim
