#include "setup/Registries.hpp"

#include "sim/api/LocalDisciplines.hpp"
#include "sim/api/PolicyRegistry.hpp"
#include "sim/engine/RuntimeModels.hpp"
#include "sim/engine/power/PowerManagers.hpp"
#include "workloads/WorkloadGenerators.hpp"
#include "workloads/background/BackgroundModels.hpp"

namespace coalsim {

namespace {
template <class Kind> RegistryListing listing(const std::string& kind, const std::string& section)
{
  return {kind, [] { return Registry<Kind>::instance().help(); }, [] { return Registry<Kind>::instance().markdown(); },
          section,
          [] {
            std::vector<ParameterSpec> all;
            for (const auto& [name, entry] : Registry<Kind>::instance().entries())
              for (auto& parameter : Registry<Kind>::parameters_of(entry))
                all.push_back(std::move(parameter));
            return all;
          }};
}
} // namespace

const std::vector<RegistryListing>& registry_listings()
{
  static const std::vector<RegistryListing> listings = {listing<GridPolicies>("policies", "policy"),
                                                        listing<LocalDisciplines>("local_disciplines", "background"),
                                                        listing<RuntimeModels>("runtime_models", "runtime_model"),
                                                        listing<BackgroundModels>("background_models", "background"),
                                                        listing<WorkloadGenerators>("workload_generators", "workload"),
                                                        listing<PowerManagers>("power_managers", "power")};
  return listings;
}

std::map<std::string, std::string> declared_units()
{
  std::map<std::string, std::string> units;
  for (const auto& listing : registry_listings())
    for (const auto& parameter : listing.parameters())
      if (not parameter.units.empty())
        units.emplace(listing.section + "." + parameter.name, parameter.units);
  return units;
}

std::string registry_kinds()
{
  std::string kinds;
  for (const auto& listing : registry_listings())
    kinds += (kinds.empty() ? "" : ", ") + listing.kind;
  return kinds;
}

} // namespace coalsim
