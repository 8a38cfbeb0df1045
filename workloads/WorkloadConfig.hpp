/* The `workload` section: the grid jobs, synthetic or replayed from a log, and their attributes. */
#pragma once

#include "sim/api/Job.hpp"
#include "sim/config/ClusterNames.hpp"
#include "sim/config/KeyList.hpp"
#include "sim/config/KeyLocation.hpp"
#include "sim/config/Random.hpp"
#include "workloads/SubmitSite.hpp"
#include "workloads/TraceReplayConfig.hpp"

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coalsim {

class ConfigNode;

struct FileConfig {
  Distribution size = Distribution::constant(0); // bytes; 0: jobs have no input file
  int replicas      = 1;
  ClusterNames sites; // empty: each replica on a distinct random cluster
};

/** Grid jobs from a trace: each usable record is a job; records of mapped partitions become ordered jobs on
 *  their cluster, the others unordered (single-component) jobs, or are skipped. */
struct GridReplayConfig {
  TraceReplayConfig trace;
  std::map<std::string, std::string> partition_clusters; // partition -> cluster name
  bool skip_unmapped = false;
};

struct WorkloadConfig {
  /** The workload generator (WorkloadGenerators.hpp): `replay` when `trace` is given, else `synthetic`. */
  std::string generator = "synthetic";
  int jobs              = 100; // a replay: at most this many (0: the whole window)
  std::optional<GridReplayConfig> replay;
  double start =
      0; // submission time of the first synthetic job (s): lets the background load reach its steady state first
  enum class Arrival { batch, poisson } arrival = Arrival::poisson;
  double rate                                   = NAN; // jobs per second
  double offered_load                           = NAN; // fraction of all processors
  Distribution components                       = Distribution::constant(1);
  Distribution component_size                   = Distribution::constant(8);
  Distribution runtime                          = Distribution::constant(100);
  std::map<RequestType, double> request_types{{RequestType::unordered, 1.0}};
  /** Deal the request types instead of drawing them: each type gets exactly its share of the jobs (largest
   *  remainders), in random order (DCS thesis exp 5: "a half of the jobs are ordered"). */
  bool deal_request_types = false;
  /** Where the keys checked once the platform is known were set (or defaulted), by key under `workload`. */
  std::map<std::string, KeyLocation> locations;
  KeyLocation location(const std::string& key) const
  {
    auto it = locations.find(key);
    return it == locations.end() ? KeyLocation("workload." + key, "", 0) : it->second;
  }
  bool given(const std::string& key) const { return location(key).given(); }
  ClusterNames ordered_clusters; // empty: random clusters
  FileConfig file;
  std::map<Priority, double> priorities{{Priority::high, 1.0}};
  std::optional<Distribution> estimate_factor;
  std::optional<Distribution> deadline_factor;
  std::optional<Distribution> budget;
  /** Where each job is submitted (`workload.submit_site`); a replayed log's site field comes first. */
  SubmitSiteConfig submit_site;
  /** Each job's executable and output sizes (bytes); none: the jobs carry none. */
  std::optional<Distribution> executable_size;
  std::optional<Distribution> output_size;
  /** Job shapes (components, component size), drawn uniformly; replaces `components` and
   *  `component_size` when not empty (KOALA Section 8: sizes 36 and 72 split into 3-8 components). */
  std::vector<std::pair<int, int>> shapes;
};

/** The keys of `workload`, with those of its subsections. */
const KeyList& workload_keys();

/** Reads `workload` (written back with its defaults). */
WorkloadConfig read_workload(ConfigNode workload);

} // namespace coalsim
