#include "setup/Registries.hpp"

#include "sim/api/LocalDisciplines.hpp"
#include "sim/api/PolicyRegistry.hpp"
#include "sim/engine/RuntimeModels.hpp"
#include "sim/engine/power/PowerManagers.hpp"
#include "workloads/WorkloadGenerators.hpp"
#include "workloads/background/BackgroundModels.hpp"

namespace coalsim {

namespace {
template <class Kind> RegistryListing listing(const std::string& kind)
{
  return {kind, [] { return Registry<Kind>::instance().help(); }, [] { return Registry<Kind>::instance().markdown(); }};
}
} // namespace

const std::vector<RegistryListing>& registry_listings()
{
  static const std::vector<RegistryListing> listings = {
      listing<GridPolicies>("policies"), listing<LocalDisciplines>("local_disciplines"),
      listing<RuntimeModels>("runtime_models"), listing<BackgroundModels>("background_models"),
      listing<WorkloadGenerators>("workload_generators"), listing<PowerManagers>("power_managers")};
  return listings;
}

std::string registry_kinds()
{
  std::string kinds;
  for (const auto& listing : registry_listings())
    kinds += (kinds.empty() ? "" : ", ") + listing.kind;
  return kinds;
}

} // namespace coalsim
