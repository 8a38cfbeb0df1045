#include "setup/Registries.hpp"

#include <gtest/gtest.h>
#include <set>

using namespace coalsim;

// Every number a registered entry declares says what it counts or measures: `--keys`, `--policy help`,
// `--list` and the docs' tables show it.
TEST(RegistryUnits, EveryNumberOfEveryKindDeclaresItsUnits)
{
  std::set<std::string> kinds;
  for (const auto& listing : registry_listings()) {
    kinds.insert(listing.kind);
    for (const auto& parameter : listing.parameters())
      if (parameter.type == ParameterSpec::Type::number || parameter.type == ParameterSpec::Type::integer ||
          parameter.type == ParameterSpec::Type::distribution) {
        EXPECT_FALSE(parameter.units.empty()) << listing.kind << ": " << parameter.name << " has no units";
      }
  }
  EXPECT_EQ(kinds, (std::set<std::string>{"policies", "local_disciplines", "runtime_models", "background_models",
                                          "workload_generators", "power_managers"}));
}

TEST(RegistryUnits, KeysOfTheirSectionCarryThem)
{
  auto units = declared_units();
  EXPECT_EQ(units["background.runtime"], "s");
  EXPECT_EQ(units["runtime_model.halo_bytes"], "bytes");
  EXPECT_EQ(units["policy.scan_interval"], "s");
  EXPECT_EQ(units["workload.offered_load"], "fraction");
}
