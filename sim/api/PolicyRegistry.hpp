/* Policies register themselves by name (COALSIM_REGISTER_POLICY in their .cpp); the engine never
 * lists policy names itself. */
#pragma once

#include "sim/api/GridPolicy.hpp"
#include "sim/api/PolicyParameters.hpp"

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

class PolicyRegistry {
public:
  struct Entry {
    std::string description;
    PolicyFactory factory;
  };

  static PolicyRegistry& instance();
  bool add(const std::string& name, const std::string& description, PolicyFactory factory);
  /** Builds the policy and checks its parameters; throws InputError naming the valid policies otherwise. */
  std::unique_ptr<GridPolicy> create(const std::string& name, PolicyParameters& parameters,
                                     const PolicyContext& context) const;
  bool contains(const std::string& name) const { return entries_.count(name) > 0; }
  /** "bf, cf, ...": the registered names, for errors. */
  std::string valid_names() const;
  const std::map<std::string, Entry>& entries() const { return entries_; }
  /** "name  description" lines, with each policy's parameters and defaults. */
  std::string help() const;

private:
  std::map<std::string, Entry> entries_;
};

} // namespace coalsim

#define COALSIM_REGISTER_POLICY(id, name, description, factory)                                                        \
  static const bool coalsim_policy_registered_##id =                                                                   \
      ::coalsim::PolicyRegistry::instance().add(name, description, factory)
