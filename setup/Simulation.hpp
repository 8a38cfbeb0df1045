/* One run: builds the SimGrid engine, the platform's clusters, the local resource managers, the
 * background load, the information service, the policy and the grid scheduler from an experiment, runs
 * it and writes the trace. One Simulation per process (SimGrid keeps global state). */
#pragma once

#include "sim/config/ExperimentConfig.hpp"
#include "sim/trace/RunStatistics.hpp"

#include <string>
#include <vector>

namespace coalsim {

struct RunOptions {
  std::string output;                  // trace file; empty: no trace
  bool progress = false;               // progress line on stderr
  std::vector<std::string> log_options; // SimGrid --log settings
};

/** Throws InputError unless `setting` is one SimGrid's xbt_log_control_set takes (it aborts on the others). */
void check_log_setting(const std::string& setting);

class Simulation {
public:
  Simulation(ExperimentConfig config, RunOptions options);
  /** Runs to the end (or the stop time) and returns the summary. Throws InputError on bad input. */
  RunStatistics run();
  /** The platform file as found (the experiment's path, or resolved against the config's folder). */
  static std::string locate(const std::string& path, const std::string& experiment_file);

private:
  ExperimentConfig config_;
  RunOptions options_;
};

} // namespace coalsim
