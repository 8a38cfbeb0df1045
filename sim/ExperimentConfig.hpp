/* Everything one run needs, read from an experiment file (YAML), with `--set` overrides applied first.
 * Every key is documented in the README ("Experiment files"). */
#pragma once

#include "sim/ClusterHealth.hpp"
#include "sim/Job.hpp"
#include "sim/PolicyParameters.hpp"
#include "sim/Random.hpp"

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coalsim {

/** Cluster names as written, with where they were written, resolved once the platform is loaded. */
struct ClusterNames {
  std::vector<std::string> names; // empty: all / random, as the key documents
  std::string origin;             // "<file>:<line>" for error messages
};

struct FileConfig {
  Distribution size = Distribution::constant(0); // bytes; 0: jobs have no input file
  int replicas      = 1;
  ClusterNames sites; // empty: each replica on a distinct random cluster
};

struct WorkloadConfig {
  int jobs = 100;
  enum class Arrival { batch, poisson } arrival = Arrival::poisson;
  double rate         = NAN; // jobs per second
  double offered_load = NAN; // fraction of all processors
  Distribution components     = Distribution::constant(1);
  Distribution component_size = Distribution::constant(8);
  Distribution runtime        = Distribution::constant(100);
  std::map<RequestType, double> request_types{{RequestType::unordered, 1.0}};
  ClusterNames ordered_clusters; // empty: random clusters
  FileConfig file;
  std::map<Priority, double> priorities{{Priority::high, 1.0}};
  std::optional<Distribution> estimate_factor;
  std::optional<Distribution> deadline_factor;
  std::optional<Distribution> budget;
  /** Job shapes (components, component size), drawn uniformly; replaces `components` and
   *  `component_size` when not empty (KOALA Section 8: sizes 36 and 72 split into 3-8 components). */
  std::vector<std::pair<int, int>> shapes;
};

struct BackgroundModel {
  enum class Kind { none, synthetic, band } kind = Kind::none;
  // band: other users' jobs (synthetic, optional) plus dummy jobs keeping the background in [low, high]
  double band_low = 0.3, band_high = 0.4, band_interval = 60;
  double utilization = NAN;                 // target fraction of the cluster's processors, or
  std::optional<Distribution> interarrival; // seconds between arrivals
  Distribution size    = Distribution::constant(1);
  Distribution runtime = Distribution::constant(600);
};

struct BackgroundConfig {
  BackgroundModel defaults;
  std::map<std::string, BackgroundModel> per_cluster; // by cluster name
  std::string origin;
};

struct RuntimeModelConfig {
  enum class Kind { delay, network } kind = Kind::delay;
  double coallocation_slowdown = 1.0; // delay: runtime factor when a job spans more than one cluster
  int iterations               = 1;   // network: sequential compute+exchange phases
  double halo_bytes            = 0;   // network: bytes exchanged with each neighbour per iteration
};

struct ExperimentConfig {
  std::string source; // the experiment file, or "built-in default"
  std::string name;
  std::string platform;
  ClusterNames clusters;
  uint64_t seed = 1;
  std::string policy;
  std::map<std::string, ParameterValue> policy_parameters;
  WorkloadConfig workload;
  BackgroundConfig background;
  double poll_interval = 10; // information service; 0: exact
  double bandwidth_expiry = 0; // > 0: transfer estimates from measured bandwidths cached this long (s)
  FaultConfig faults;
  RuntimeModelConfig runtime_model;
  Distribution submission_overhead = Distribution::constant(0);
  Distribution completion_overhead = Distribution::constant(0);
  double max_time        = INFINITY;
  double sample_interval = 60;
  std::string network_model = "CM02";
  std::vector<std::string> simgrid_options;
  /** The whole configuration as YAML, defaults included. */
  std::string resolved_yaml;
};

/** Reads the experiment from `file` (or the built-in default when empty), applies the overrides in
 *  order and validates everything. Throws InputError naming file, line and key. */
ExperimentConfig load_experiment(const std::string& file, const std::vector<std::string>& overrides);

/** The built-in default experiment (workloads/default.yaml at build time). */
const std::string& default_experiment_yaml();

} // namespace coalsim
