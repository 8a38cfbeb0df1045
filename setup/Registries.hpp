/* Every pluggable kind's registry (sim/config/Registry.hpp), by the name `simulate --list KIND` takes: the one
 * place that knows them all, for the listings and the docs' tables (scripts/registry_tables.py). */
#pragma once

#include "sim/config/ParameterSpec.hpp"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace coalsim {

struct RegistryListing {
  std::string kind;                      // "policies", "local_disciplines", ...
  std::function<std::string()> help;     // the entries with their parameters, as `--policy help` prints them
  std::function<std::string()> markdown; // the docs' tables
  std::string section;                   // the experiment file's section whose keys the parameters are
  std::function<std::vector<ParameterSpec>()> parameters; // every entry's, in name order
};

const std::vector<RegistryListing>& registry_listings();

/** The units of every parameter a registry declares, by its key's dotted path ("background.runtime" -> "s");
 *  `simulate --keys` prints them. */
std::map<std::string, std::string> declared_units();

/** "policies, local_disciplines, ...": the kinds, for errors. */
std::string registry_kinds();

} // namespace coalsim
