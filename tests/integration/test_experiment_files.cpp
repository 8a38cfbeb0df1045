/* Every experiment file the project ships runs as it is: `simulate --config FILE` exits 0 and writes a trace
 * that reads back with the jobs the run reported. Keeps workloads/experiments/ from rotting as keys change. */
#include "SimulateCommand.hpp"
#include "tests/support/TraceReader.hpp"

#include <algorithm>
#include <filesystem>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

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

/** The clusters whose background replays a log, from the experiment as run (the trace's `config`): a cluster's
 *  own section, else `others` for a cluster without one, else the section's top level decides. */
std::vector<std::string> replaying_clusters(const coalsim::Trace& trace)
{
  YAML::Node background = YAML::Load(trace.config)["background"];
  auto model_of         = [](const YAML::Node& section) {
    return section && section["model"] ? section["model"].as<std::string>() : std::string();
  };
  std::vector<std::string> replaying;
  for (const auto& cluster : trace.clusters) {
    YAML::Node own    = background["clusters"] ? background["clusters"][cluster.name] : YAML::Node();
    std::string model = not model_of(own).empty()                                 ? model_of(own)
                        : (not own && not model_of(background["others"]).empty()) ? model_of(background["others"])
                                                                                  : model_of(background);
    if (model == "replay")
      replaying.push_back(cluster.name);
  }
  return replaying;
}

} // namespace

TEST_P(ExperimentFile, RunsAsShipped)
{
  std::string output = ::testing::TempDir() + fs::path(GetParam()).stem().string() + ".h5";
  auto outcome       = run("--config " + GetParam() + " --output " + output);
  ASSERT_EQ(outcome.status, 0) << outcome.output;
  auto trace = coalsim::read_trace(output);
  EXPECT_FALSE(trace.clusters.empty());
  EXPECT_FALSE(trace.sample_time.empty());
  // A replayed log whose window holds no record while the run lasts replays nothing: das2-fs1-background's
  // window began on a Saturday night, and its fs1 stayed idle.
  for (const auto& name : replaying_clusters(trace)) {
    auto cluster =
        std::find_if(trace.clusters.begin(), trace.clusters.end(), [&](const auto& c) { return c.name == name; });
    double busiest = 0;
    for (size_t sample = 0; sample < trace.sample_time.size(); ++sample)
      busiest = std::max(busiest, trace.background_busy[sample * trace.columns + cluster->index]);
    EXPECT_GT(busiest, 0) << name << " replays a log, but none of its jobs ran";
  }
  fs::remove(output);
}

INSTANTIATE_TEST_SUITE_P(Shipped, ExperimentFile, ::testing::ValuesIn(experiment_files()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = fs::path(info.param).stem().string();
                           std::replace_if(
                               name.begin(), name.end(), [](char c) { return not std::isalnum(c); }, '_');
                           return name;
                         });
