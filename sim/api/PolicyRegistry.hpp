/* Policies register themselves by name (COALSIM_REGISTER_POLICY in their .cpp); the engine never
 * lists policy names itself. The grid policies are one kind of the registry every pluggable kind shares
 * (sim/config/Registry.hpp); a policy declares its parameters as it reads them (PolicyParameters). */
#pragma once

#include "sim/api/GridPolicy.hpp"
#include "sim/api/PolicyParameters.hpp"
#include "sim/config/Registry.hpp"

#include <functional>
#include <map>
#include <memory>
#include <string>

namespace coalsim {

/** What a policy may know of the platform when it is built (cluster names, in index order). */
struct PolicyContext {
  std::vector<std::string> cluster_names;
  /** The run's seed, for a policy that draws (its own named streams, sim/config/Random.hpp). */
  uint64_t seed = 0;
  /** Per cluster, the cores of each compute host (in the order ComponentPlacement::host counts them). */
  std::vector<std::vector<int>> host_cores = {};
};

using PolicyFactory = std::function<std::unique_ptr<GridPolicy>(PolicyParameters&, const PolicyContext&)>;

/** The parameters the policy built by `factory` reads, with no platform (a parameter whose choices are the
 *  clusters names one in their place). */
std::vector<ParameterSpec> declared_policy_parameters(const std::string& name, const PolicyFactory& factory);

/** The kind of the grid policies (Registry.hpp; plugins register into it: its visibility is default, as there). */
struct __attribute__((visibility("default"))) GridPolicies {
  using Factory                        = PolicyFactory;
  using Traits                         = NoTraits;
  static constexpr const char* heading = "Policies (--policy NAME; parameters under `policy:` in the experiment file)";
  static constexpr const char* thing   = "policy";
  template <class Entry> static std::vector<ParameterSpec> declared(const Entry& entry)
  {
    return declared_policy_parameters(entry.name, entry.factory);
  }
};

class PolicyRegistry {
public:
  using Entry = Registry<GridPolicies>::Entry;

  static PolicyRegistry& instance();
  bool add(const std::string& name, const std::string& description, PolicyFactory factory)
  {
    return registry().add(name, description, std::move(factory));
  }
  /** Builds the policy and checks its parameters; throws InputError naming the valid policies otherwise. */
  std::unique_ptr<GridPolicy> create(const std::string& name, PolicyParameters& parameters,
                                     const PolicyContext& context) const;
  bool contains(const std::string& name) const { return registry().contains(name); }
  /** "bf, cf, ...": the registered names, for errors. */
  std::string valid_names() const { return registry().valid_names(); }
  const std::map<std::string, Entry>& entries() const { return registry().entries(); }
  /** "name  description" lines, with each policy's parameters and defaults. */
  std::string help() const { return registry().help(); }

private:
  static Registry<GridPolicies>& registry() { return Registry<GridPolicies>::instance(); }
};

} // namespace coalsim

#define COALSIM_REGISTER_POLICY(id, name, description, factory)                                                        \
  COALSIM_REGISTER(GridPolicies, id, name, description, factory)
