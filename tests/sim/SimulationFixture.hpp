/* Runs one simulation from YAML text on the tiny two-cluster platform (unless the text names another)
 * and reads its trace back.
 * One simulation per process: CTest runs every TEST in its own process. */
#pragma once

#include "sim/ExperimentConfig.hpp"
#include "sim/Simulation.hpp"
#include "sim/TraceReader.hpp"

#include <fstream>
#include <gtest/gtest.h>
#include <string>

namespace coalsim::testing {

inline Trace simulate_yaml(const std::string& yaml, RunStatistics* statistics = nullptr)
{
  std::string dir  = ::testing::TempDir();
  std::string file = dir + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".yaml";
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

} // namespace coalsim::testing
