/* Everything one run needs, read from an experiment file (YAML), with `--set` overrides applied first.
 * Every key is documented in docs/configuration.md. */
#pragma once

#include "sim/engine/ClusterHealth.hpp"
#include "sim/api/Job.hpp"
#include "sim/engine/LocalScheduling.hpp"
#include "sim/api/PolicyParameters.hpp"
#include "sim/config/Random.hpp"

#include <cmath>
#include <map>
#include <memory>
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

/** Replaying a workload trace (SWF, plain or gzip; or GWF): which records, and how their times and sizes
 *  map onto the simulation. */
struct TraceReplayConfig {
  std::string file;   // as written; resolved like the platform
  std::string origin; // "<file>:<line>" of the `trace` key
  std::string key;    // e.g. "background.clusters.fs1.trace", for error messages
  double window_start = 0;        // trace seconds from the log's origin
  double window_end   = INFINITY; // records submitted at or after this are not replayed
  double offset       = 0;        // simulated time at which the window starts
  double time_scale   = 1;        // trace seconds -> simulated seconds of arrival spacing (< 1 compresses)
  enum class SizeScaling { none, fit, factor } size_scaling = SizeScaling::none;
  double size_factor = 1; // SizeScaling::factor
  std::optional<std::string> partition; // only this partition's records
};

/** Grid jobs from a trace: each usable record is a job; records of mapped partitions become ordered jobs on
 *  their cluster, the others unordered (single-component) jobs, or are skipped. */
struct GridReplayConfig {
  TraceReplayConfig trace;
  std::map<std::string, std::string> partition_clusters; // partition -> cluster name
  bool skip_unmapped = false;
};

struct WorkloadConfig {
  int jobs = 100; // a replay: at most this many (0: the whole window)
  std::optional<GridReplayConfig> replay;
  double start = 0; // submission time of the first synthetic job (s): lets the background load reach its steady state first
  enum class Arrival { batch, poisson } arrival = Arrival::poisson;
  double rate         = NAN; // jobs per second
  double offered_load = NAN; // fraction of all processors
  Distribution components     = Distribution::constant(1);
  Distribution component_size = Distribution::constant(8);
  Distribution runtime        = Distribution::constant(100);
  std::map<RequestType, double> request_types{{RequestType::unordered, 1.0}};
  /** Deal the request types instead of drawing them: each type gets exactly its share of the jobs (largest
   *  remainders), in random order (DCS thesis exp 5: "a half of the jobs are ordered"). */
  bool deal_request_types = false;
  /** "<file>:<line>" of the keys given (for errors found once the platform is known), by key. */
  std::map<std::string, std::string> origins;
  /** " in <file>:<line>" of `key` when it was given, else "" (an error message's location). */
  std::string where(const std::string& key) const
  {
    auto it = origins.find(key);
    return it == origins.end() ? "" : " in " + it->second;
  }
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
  enum class Kind { none, synthetic, replay, fitted, band } kind = Kind::none;
  LocalScheduling scheduling = LocalScheduling::fcfs;
  // band: other users' jobs (synthetic, optional) plus dummy jobs keeping the background in [low, high]
  double band_low = 0.3, band_high = 0.4, band_interval = 60;
  // band: the run is void once the background stays above `band_high` with no dummy job left to kill for this
  // long (the experimenters repeated such runs, 7.5); 0: never
  double band_void_after = 0;
  // band: the other users' model (synthetic, fitted or replay); without it, this model's own synthetic keys
  std::shared_ptr<const BackgroundModel> band_others;
  double utilization = NAN;                 // target fraction of the cluster's processors, or
  std::optional<Distribution> interarrival; // seconds between arrivals
  Distribution size    = Distribution::constant(1);
  Distribution runtime = Distribution::constant(600);
  TraceReplayConfig replay; // Kind::replay, and the log a Kind::fitted model is fitted to
  enum class FittedRuntime { empirical, lognormal } fitted_runtime = FittedRuntime::empirical;
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
  std::string submission_overhead_origin; // "<file>:<line>" of `overheads.submission`, when given
  Distribution completion_overhead = Distribution::constant(0);
  double max_time        = INFINITY;
  double sample_interval = 60;
  bool trace_local_jobs  = false; // write /local_jobs
  std::string network_model = "CM02";
  std::vector<std::string> simgrid_options;
  /** The whole configuration as YAML, defaults included (the policy's parameters once add_policy_parameters()
   *  has them). */
  std::string resolved_yaml;

  /** Adds the policy's parameters as resolved by the policy (defaults included) to `resolved_yaml`: only the
   *  policy knows its parameters and their defaults. */
  void add_policy_parameters(const std::map<std::string, std::string>& resolved);
};

/** Reads the experiment from `file` (or the built-in default when empty), applies the overrides in
 *  order and validates everything. Throws InputError naming file, line and key. */
ExperimentConfig load_experiment(const std::string& file, const std::vector<std::string>& overrides);

/** The built-in default experiment (workloads/default.yaml at build time). */
const std::string& default_experiment_yaml();

} // namespace coalsim
