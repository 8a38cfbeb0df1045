#include "workloads/WorkloadGenerators.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_workloads_workload_generators, coalsim_workloads, "WorkloadGenerators");

namespace coalsim {

const WorkloadGenerators::Traits& generator_traits(const WorkloadConfig& workload)
{
  return Registry<WorkloadGenerators>::instance().at(workload.generator).traits;
}

std::unique_ptr<WorkloadGenerator> make_workload(const WorkloadConfig& workload,
                                                 const std::vector<ClusterInfo>& clusters, uint64_t seed,
                                                 const WorkloadGenerators::LogLocator& locate)
{
  return Registry<WorkloadGenerators>::instance().at(workload.generator).factory(workload, clusters, seed, locate);
}

} // namespace coalsim
