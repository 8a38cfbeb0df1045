#include "sim/api/PolicyRegistry.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_api_policy_registry, coalsim_api, "PolicyRegistry");

namespace coalsim {

PolicyRegistry& PolicyRegistry::instance()
{
  static PolicyRegistry registry;
  return registry;
}

std::unique_ptr<GridPolicy> PolicyRegistry::create(const std::string& name, PolicyParameters& parameters,
                                                   const PolicyContext& context) const
{
  auto policy = registry().at(name).factory(parameters, context);
  parameters.check_all_used();
  return policy;
}

std::vector<ParameterSpec> declared_policy_parameters(const std::string& name, const PolicyFactory& factory)
{
  PolicyContext no_platform{{"<a cluster's name>"}};
  PolicyParameters parameters(name, {});
  factory(parameters, no_platform);
  return parameters.specs();
}

} // namespace coalsim
