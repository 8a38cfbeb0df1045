/* The `policy` section: the policy by registered name and its parameters, which only the policy knows (it
 * declares them when it is built, see PolicyParameters). `policy: <name>` stands for `policy: {name: <name>}`. */
#pragma once

#include "sim/api/PolicyParameters.hpp"
#include "sim/config/KeyLocation.hpp"

#include <map>
#include <string>
#include <vector>

namespace coalsim {

class ConfigNode;

struct PolicyConfig {
  std::string name;
  KeyLocation name_location; // an unknown policy is found when the run is assembled
  std::map<std::string, ParameterValue> parameters;
};

/** `policy.name` and `policy.<parameter>` for every parameter of every registered policy, sorted. */
std::vector<std::string> policy_key_paths();

/** Reads `policy` from the root (the shorthand is rewritten as a map in the tree). */
PolicyConfig read_policy(ConfigNode& root);

} // namespace coalsim
