/* Every pluggable kind's registry (sim/config/Registry.hpp), by the name `simulate --list KIND` takes: the one
 * place that knows them all, for the listings and the docs' tables (scripts/registry_tables.py). */
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace coalsim {

struct RegistryListing {
  std::string kind;                      // "policies", "local_disciplines", ...
  std::function<std::string()> help;     // the entries with their parameters, as `--policy help` prints them
  std::function<std::string()> markdown; // the docs' tables
};

const std::vector<RegistryListing>& registry_listings();

/** "policies, local_disciplines, ...": the kinds, for errors. */
std::string registry_kinds();

} // namespace coalsim
