/* Every experiment file the project ships runs as it is: `simulate --config FILE` exits 0 and writes a trace
 * that reads back with the jobs the run reported. Keeps workloads/experiments/ from rotting as keys change. */
#include "SimulateCommand.hpp"
#include "tests/support/TraceReader.hpp"

#include <algorithm>
#include <filesystem>
#include <gtest/gtest.h>

namespace fs = std::filesystem;
using coalsim::testing::run;

namespace {

std::vector<std::string> experiment_files()
{
  std::vector<std::string> files{COALSIM_SOURCE_DIR "/workloads/default.yaml"};
  for (const auto& entry : fs::directory_iterator(COALSIM_SOURCE_DIR "/workloads/experiments"))
    if (entry.path().extension() == ".yaml")
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

class ExperimentFile : public ::testing::TestWithParam<std::string> {};

} // namespace

TEST_P(ExperimentFile, RunsAsShipped)
{
  std::string output = ::testing::TempDir() + fs::path(GetParam()).stem().string() + ".h5";
  auto outcome       = run("--config " + GetParam() + " --output " + output);
  ASSERT_EQ(outcome.status, 0) << outcome.output;
  auto trace = coalsim::read_trace(output);
  EXPECT_FALSE(trace.clusters.empty());
  EXPECT_FALSE(trace.sample_time.empty());
  fs::remove(output);
}

INSTANTIATE_TEST_SUITE_P(Shipped, ExperimentFile, ::testing::ValuesIn(experiment_files()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = fs::path(info.param).stem().string();
                           std::replace_if(
                               name.begin(), name.end(), [](char c) { return not std::isalnum(c); }, '_');
                           return name;
                         });
