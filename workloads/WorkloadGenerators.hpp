/* The workload generators: where the grid jobs come from. Each registers by name beside its code
 * (COALSIM_REGISTER(WorkloadGenerators, ...), sim/config/Registry.hpp), with the keys of `workload` it reads (its
 * parameters) and what the run must know of it before it starts; the reader names the generator
 * (WorkloadConfig::generator: `replay` when `workload.trace` is given, else `synthetic`), and the run (Simulation,
 * RunInputs, RunLimits, PolicyNeedsCheck) asks the registry, naming none. */
#pragma once

#include "sim/api/JobSource.hpp"
#include "sim/config/Registry.hpp"
#include "workloads/JobAttributes.hpp"
#include "workloads/WorkloadConfig.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace coalsim {

/** A JobSource with what the run's statistics read of it. */
class WorkloadGenerator : public JobSource {
public:
  /** Jobs left out because they fit no cluster (a replayed log's). */
  virtual uint64_t too_large() const { return 0; }
};

/** A simulated time one of the generator's values sets (`key` under `workload`), checked against the horizon. */
struct WorkloadTime {
  std::string key;
  double seconds;
  std::string what; // "a run time of"
};

struct WorkloadGenerators {
  /** Resolves a log the workload names to a path (and fails, naming the key, when it cannot be read). */
  using LogLocator = std::function<std::string(const TraceReplayConfig&)>;
  using Factory    = std::function<std::unique_ptr<WorkloadGenerator>(
      const WorkloadConfig&, const std::vector<ClusterInfo>&, uint64_t seed, const LogLocator&)>;
  struct Traits {
    /** Whether the jobs' request types are drawn from `workload.request_types` (checked against the policy). */
    bool draws_request_types = false;
    /** Whether each job's estimate comes with it (a log's requested time) rather than from `estimate_factor`. */
    bool estimates_given = false;
    /** Whether the run has grid jobs (without them it is the background's own). */
    std::function<bool(const WorkloadConfig&)> has_jobs = {};
    /** The logs it reads, as `workload.<key>` and their config. */
    std::function<std::vector<std::pair<std::string, const TraceReplayConfig*>>(const WorkloadConfig&)> logs = {};
    /** The simulated times its values set. */
    std::function<std::vector<WorkloadTime>(const WorkloadConfig&)> times = {};
  };
  static constexpr const char* heading = "Workload generators (chosen by `workload`: replay with a trace, else "
                                         "synthetic; parameters under `workload:`)";
  static constexpr const char* thing   = "workload generator";
};

/** The traits of the generator `workload` names. */
const WorkloadGenerators::Traits& generator_traits(const WorkloadConfig& workload);

/** The grid jobs `workload` describes, on `clusters`. */
std::unique_ptr<WorkloadGenerator> make_workload(const WorkloadConfig& workload,
                                                 const std::vector<ClusterInfo>& clusters, uint64_t seed,
                                                 const WorkloadGenerators::LogLocator& locate);

} // namespace coalsim
