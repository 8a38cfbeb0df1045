#include "setup/PolicyConfig.hpp"

#include "sim/api/PolicyRegistry.hpp"
#include "sim/config/ConfigNode.hpp"

#include <set>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_setup_policy_config, coalsim_setup, "PolicyConfig");

namespace coalsim {

std::vector<std::string> policy_key_paths()
{
  std::set<std::string> paths = {"policy", "policy.name"};
  for (const auto& [name, entry] : PolicyRegistry::instance().entries()) {
    PolicyParameters parameters(name, {});
    entry.factory(parameters, PolicyContext{});
    for (const auto& key : parameters.names())
      paths.insert("policy." + key);
  }
  return {paths.begin(), paths.end()};
}

PolicyConfig read_policy(ConfigNode& root)
{
  if (root.has("policy") && root.child("policy").is_scalar())
    root.yaml()["policy"] = name_map(root.yaml()["policy"]);
  ConfigNode policy = root.section("policy");
  PolicyConfig c;
  c.name          = policy.get("name", std::string("cf"));
  c.name_location = policy.child("name").location();
  for (auto& [key, value] : policy.entries()) {
    if (key == "name")
      continue;
    if (value.is_sequence() || value.is_null())
      value.as_string(); // fails: a parameter is one value, or a map for a distribution
    c.parameters[key] = ParameterValue{value.is_scalar() ? value.as_string() : "", value.location().where(),
                                       std::make_shared<const ConfigNode>(value)};
  }
  return c;
}

} // namespace coalsim
