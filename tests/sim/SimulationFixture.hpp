/* Runs one simulation from YAML text on the tiny two-cluster platform (unless the text names another)
 * and reads its trace back.
 * One simulation per process: CTest runs every TEST in its own process. */
#pragma once

#include "setup/ExperimentConfig.hpp"
#include "setup/Simulation.hpp"
#include "tests/support/TraceReader.hpp"

#include <fstream>
#include <gtest/gtest.h>
#include <string>

namespace coalsim::testing {

/** A path in the test temporary directory under the running test's name: CTest runs each test as its own
 *  process, in parallel, so two tests writing one fixed name would overwrite each other's file. */
inline std::string test_temp_file(const std::string& name)
{
  return ::testing::TempDir() + ::testing::UnitTest::GetInstance()->current_test_info()->name() + "-" + name;
}

inline Trace simulate_yaml(const std::string& yaml, RunStatistics* statistics = nullptr)
{
  std::string file = test_temp_file("run.yaml");
  std::ofstream out(file);
  if (yaml.find("platform:") == std::string::npos)
    out << "platform: " COALSIM_SOURCE_DIR "/platforms/test/two-clusters.xml\n";
  out << yaml;
  out.close();
  RunOptions options;
  options.output = file + ".h5";
  auto result    = Simulation(load_experiment(file, {}), options).run();
  if (statistics)
    *statistics = result;
  return read_trace(options.output);
}

/** The stale-poll scenario used with several schedulers: one 4-processor grid job ordered on cluster a,
 *  whose local users submit a 4-processor job of 25 s every 1000 s; polls every 30 s and a 1010 s
 *  submission overhead, so the first claim meets the local job of 1000-1025. */
inline std::string stale_poll_scenario(const std::string& policy)
{
  return "policy: " + policy + R"(
workload: {jobs: 1, arrival: batch, components: 1, component_size: 4, runtime: 100,
           request_types: {ordered: 1}, ordered_clusters: [a]}
background: {model: none, clusters: {a: {model: synthetic, interarrival: 1000, size: 4, runtime: 25}}}
info_service: {poll_interval: 30}
overheads: {submission: 1010}
)";
}

} // namespace coalsim::testing
