/* One run, assembled from an experiment by named steps: the SimGrid engine and the platform's clusters, the
 * trace, the local resource managers with their background load, the policy, the workload, the information
 * service and the grid scheduler with its faults; then the run and its summary. One Simulation per process
 * (SimGrid keeps global state). */
#pragma once

#include "setup/ExperimentConfig.hpp"
#include "sim/platform/PlatformCheck.hpp"
#include "sim/trace/RunStatistics.hpp"

#include <memory>
#include <string>
#include <vector>

namespace coalsim {

struct RunOptions {
  std::string output;                   // trace file; empty: no trace
  bool force_output = false;            // replace `output` even when it is not a coalsim trace (--force)
  bool progress     = false;            // progress line on stderr
  std::vector<std::string> log_options; // SimGrid --log settings
  /** The platform is loaded once, by the probe's child, which goes on as the run; this process waits for it and
   *  ends as it ends (load_platform_once in PlatformCheck.hpp). For the command-line programs only: a caller that
   *  needs the results or callbacks in its own process (the Python module, the tests) keeps it false, and the
   *  platform is checked in a child, then loaded in its own process. */
  bool load_once = false;
};

class Simulation {
public:
  Simulation(ExperimentConfig config, RunOptions options);
  ~Simulation();
  Simulation(const Simulation&)            = delete;
  Simulation& operator=(const Simulation&) = delete;

  /** Runs to the end (or the stop time) and returns the summary. Throws InputError on bad input. */
  RunStatistics run();

private:
  struct Parts; // what the steps build, destroyed in the reverse order
  void build_engine();
  void build_platform(LoadedPlatform loaded);
  void load_checked_platform();
  void check_cluster_settings();
  void open_trace();
  void build_local_side();
  void build_energy_accounting();
  void build_policy();
  void build_workload();
  void build_grid_side();
  void start();
  void run_engine();
  void allow_polls_to_wait();
  void collect_statistics();
  void write_trace_attributes();

  ExperimentConfig config_;
  RunOptions options_;
  std::unique_ptr<Parts> parts_;
};

} // namespace coalsim
