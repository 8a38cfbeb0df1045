/* Everything one run needs, read from an experiment file (YAML), with the command line's overrides applied
 * first. Each section is declared and read beside the code that owns it (its <Section>Config.hpp); this
 * file reads the root keys and puts the sections together. docs/configuration.md documents every key;
 * `simulate --keys` lists them. */
#pragma once

#include "setup/PolicyConfig.hpp"
#include "setup/SimGridConfig.hpp"
#include "setup/StopConfig.hpp"
#include "sim/config/ClusterNames.hpp"
#include "sim/config/ConfigNode.hpp"
#include "sim/config/KeyLocation.hpp"
#include "sim/engine/FaultConfig.hpp"
#include "sim/engine/InformationServiceConfig.hpp"
#include "sim/engine/JobShapeConfig.hpp"
#include "sim/engine/OverheadsConfig.hpp"
#include "sim/engine/RuntimeModelConfig.hpp"
#include "sim/engine/power/PowerConfig.hpp"
#include "sim/trace/TraceConfig.hpp"
#include "workloads/WorkloadConfig.hpp"
#include "workloads/background/BackgroundConfig.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace coalsim {

struct ExperimentConfig {
  std::string source; // the experiment file, or "built-in default"
  std::string name;
  std::string platform;
  KeyLocation platform_location; // a platform that cannot be read names the line that gave it
  ClusterNames clusters;
  uint64_t seed = 1;
  PolicyConfig policy;
  WorkloadConfig workload;
  BackgroundConfig background;
  JobShapeConfig job_shape; // every job a pool job when the section is absent
  InformationServiceConfig info_service;
  FaultConfig faults;
  RuntimeModelConfig runtime_model;
  PowerConfig power; // always_on unless the optional `power` section says otherwise
  OverheadsConfig overheads;
  StopConfig stop;
  TraceConfig trace;
  SimGridConfig simgrid;
  /** The whole configuration as YAML, defaults included (the policy's parameters once add_policy_parameters()
   *  has them). */
  std::string resolved_yaml;

  /** Adds the policy's parameters as resolved by the policy (defaults included) to `resolved_yaml`: only the
   *  policy knows its parameters and their defaults. */
  void add_policy_parameters(const std::map<std::string, std::string>& resolved);
};

/** Reads the experiment from `file` (or the built-in default when empty), applies the overrides in
 *  order and validates everything. Throws InputError naming file, line and key. */
ExperimentConfig load_experiment(const std::string& file, const std::vector<Override>& overrides);

/** Every key path an experiment file accepts, sorted: each section's declared keys, and the parameters of
 *  every registered policy as `policy.<parameter>`. A map of free names (clusters, hosts, partitions) is one
 *  path; the sections it holds take keys listed elsewhere. */
std::vector<std::string> experiment_key_paths();

/** The built-in default experiment (workloads/default.yaml at build time). */
const std::string& default_experiment_yaml();

} // namespace coalsim
