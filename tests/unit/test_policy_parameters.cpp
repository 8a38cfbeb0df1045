/* Policy parameters are read from the experiment file by the same parser as every other key: byte units,
 * distributions, the located errors; and `simulate --keys` lists them with the sections' own keys. */
#include "setup/ExperimentConfig.hpp"
#include "sim/api/PolicyParameters.hpp"
#include "sim/config/InputError.hpp"

#include <algorithm>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>

using namespace coalsim;

namespace {
/** The experiment file a test writes, named after the test: CTest runs tests in parallel processes. */
std::string parameters_file()
{
  return ::testing::TempDir() + ::testing::UnitTest::GetInstance()->current_test_info()->name() +
         "-policy_parameters.yaml";
}

/** The parameters of `policy` as the experiment file `text` gives them. */
PolicyParameters parameters_of(const std::string& text)
{
  std::string path = parameters_file();
  std::ofstream(path) << text;
  ExperimentConfig config = load_experiment(path, {});
  return PolicyParameters(config.policy.name, config.policy.parameters);
}

std::string error_of(const std::function<void()>& read)
{
  try {
    read();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}
} // namespace

TEST(PolicyParameters, NumbersTakeTheExperimentFilesUnits)
{
  auto p = parameters_of("policy: {name: dcs, chunk: 2MiB, count: 4kB, L: 1.5e3}\n");
  EXPECT_DOUBLE_EQ(p.get_double("chunk", 0, 0, "bytes"), 2.0 * 1024 * 1024);
  EXPECT_EQ(p.get_int("count", 0, 0, "an integer written with a unit"), 4000);
  EXPECT_EQ(p.get_int("L", 0, 0, "an integer in exponent notation"), 1500);
  auto bad = parameters_of("policy: {name: dcs, count: 2.5, size: 3 parsecs}\n");
  EXPECT_NE(error_of([&] { bad.get_int("count", 0, 0, ""); }).find("expected an integer (got '2.5')"),
            std::string::npos);
  EXPECT_NE(error_of([&] { bad.get_double("size", 0, 0, ""); }).find("expected a number (got '3 parsecs')"),
            std::string::npos);
}

TEST(PolicyParameters, ADistributionIsReadAsAnyOtherKeysAndLocatedErrorsNameItsLine)
{
  auto p             = parameters_of("policy:\n  name: dcs\n  delay: {dist: uniform, min: 1, max: 3}\n  fixed: 2\n");
  Distribution delay = p.get_distribution("delay", 0, 0, "a delay");
  EXPECT_DOUBLE_EQ(delay.mean(), 2);
  EXPECT_DOUBLE_EQ(p.get_distribution("fixed", 0, 0, "a constant").mean(), 2);
  EXPECT_DOUBLE_EQ(p.get_distribution("absent", 7, 0, "the default").mean(), 7);
  std::string path = parameters_file();
  auto negative    = parameters_of("policy:\n  name: dcs\n  delay: {dist: uniform, min: -1, max: 3}\n");
  EXPECT_EQ(error_of([&] { negative.get_distribution("delay", 0, 0, ""); }),
            "Invalid key 'policy.delay.min' in " + path + ":3: must be at least 0 (got '-1')");
  // A map where a single value is read is refused, naming the parameter.
  EXPECT_EQ(error_of([&] { p.get_double("delay", 0, 0, ""); }),
            "Invalid parameter 'policy.delay' of policy 'dcs' in " + path + ":3: expected a single value (got '')");
  EXPECT_EQ(error_of([] { parameters_of("policy: {name: dcs, queue: [fcfs, fpfs]}\n"); }),
            "Invalid key 'policy.queue' in " + path + ":1: expected a single value");
}

TEST(ExperimentKeys, EverySectionsKeysAndEveryPolicysParametersAreListedOnceSorted)
{
  auto keys = experiment_key_paths();
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
  EXPECT_EQ(std::adjacent_find(keys.begin(), keys.end()), keys.end());
  for (const char* key : {"platform", "workload.trace.window.start", "background.trace.file", "faults.hosts",
                          "workload.request_types.ordered", "simgrid.options", "policy.name", "policy.L",
                          "policy.monitor_interval", "policy.queue"})
    EXPECT_TRUE(std::binary_search(keys.begin(), keys.end(), key)) << key;
  // Free names (clusters, hosts) and the sections that repeat another's keys are one path each.
  for (const char* key : {"background.clusters.fs0.model", "background.others.model", "faults.clusters.fs0.mtbf"})
    EXPECT_FALSE(std::binary_search(keys.begin(), keys.end(), key)) << key;
  // Every listed key of a section is one the section accepts: an unknown one is refused with the same list.
  std::string unknown;
  try {
    load_experiment("", {"trace.colour=1"});
  } catch (const InputError& e) {
    unknown = e.what();
  }
  EXPECT_NE(unknown.find("valid keys here: sample_interval, local_jobs, decisions)"), std::string::npos) << unknown;
}
