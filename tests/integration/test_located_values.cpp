/* A value that names something outside the experiment file (a platform, a log, a policy) and fails names the
 * line of the experiment file that set it, or the command-line option; and an option that stands for a --set
 * is named as typed. Exit code 2, nothing written. */
#include "SimulateCommand.hpp"
#include "sim/api/PolicyRegistry.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

namespace fs = std::filesystem;
using coalsim::testing::run;

namespace {
fs::path folder()
{
  return coalsim::testing::test_folder("located-");
}
using coalsim::testing::write;

/** simulate `arguments`: exit code 2, exactly "simulate: <message>\n", no trace. */
void expect_message(const fs::path& dir, const std::string& arguments, const std::string& message)
{
  std::string out = (dir / "out.h5").string();
  auto result     = run(arguments + " -q -o " + out);
  EXPECT_EQ(result.status, 2) << arguments << "\n" << result.output;
  EXPECT_EQ(result.output, "simulate: " + message + "\n") << arguments;
  EXPECT_FALSE(fs::exists(out)) << arguments;
}
} // namespace

TEST(LocatedValues, AMissingPlatformNamesTheLineThatSetIt)
{
  fs::path dir     = folder();
  std::string file = write(dir / "x.yaml", "name: located\nworkload: {jobs: 2}\nplatform: no/such/platform.xml\n");
  expect_message(dir, "-c " + file,
                 "Invalid key 'platform' in " + file +
                     ":3: cannot read 'no/such/platform.xml' (No such file or directory)");
  expect_message(dir, "-c " + file + " --platform " + dir.string(),
                 "Invalid key 'platform' in the command line (--platform): '" + dir.string() +
                     "' is a folder, not a file");
}

TEST(LocatedValues, AMissingLogNamesTheLineOfItsFile)
{
  fs::path dir     = folder();
  std::string grid = write(dir / "grid.yaml", "platform: " COALSIM_SOURCE_DIR "/platforms/das2.xml\n"
                                              "workload:\n  trace:\n    file: missing.swf\n");
  expect_message(dir, "-c " + grid,
                 "Invalid key 'workload.trace.file' in " + grid +
                     ":4: cannot read 'missing.swf' (No such file or "
                     "directory)");
  std::string local = write(dir / "local.yaml", "platform: " COALSIM_SOURCE_DIR "/platforms/das2.xml\n"
                                                "workload: {jobs: 0}\n"
                                                "background:\n  model: none\n  clusters:\n"
                                                "    fs1: {model: replay, trace: {file: gone.swf}}\n");
  expect_message(dir, "-c " + local,
                 "Invalid key 'background.clusters.fs1.trace.file' in " + local +
                     ":6: cannot read 'gone.swf' (No such file or directory)");
  // A log that is there but unreadable as a log names the log's own line (not the experiment's).
  std::string bad_log = write(dir / "bad.swf", "1 0 -1 100 4\n");
  std::string broken  = write(dir / "broken.yaml", "platform: " COALSIM_SOURCE_DIR "/platforms/das2.xml\n"
                                                    "workload: {trace: {file: " +
                                                       bad_log + "}}\n");
  auto result         = run("-c " + broken + " -q --no-trace");
  EXPECT_EQ(result.status, 2) << result.output;
  EXPECT_NE(result.output.find(bad_log + ":1"), std::string::npos) << result.output;
}

TEST(LocatedValues, AnUnknownPolicyNamesTheLineThatSetIt)
{
  fs::path dir           = folder();
  std::string valid      = "valid values are: " + coalsim::PolicyRegistry::instance().valid_names();
  std::string short_form = write(dir / "short.yaml", "workload: {jobs: 2}\npolicy: koalla\n");
  expect_message(dir, "-c " + short_form,
                 "Invalid key 'policy.name' in " + short_form + ":2: no such policy 'koalla'; " + valid);
  std::string long_form = write(dir / "long.yaml", "workload: {jobs: 2}\npolicy:\n  L: 0.5\n  name: nope\n");
  expect_message(dir, "-c " + long_form,
                 "Invalid key 'policy.name' in " + long_form + ":4: no such policy 'nope'; " + valid);
  expect_message(dir, "--set policy.name=nope",
                 "Invalid key 'policy.name' in the command line (--set policy.name): "
                 "no such policy 'nope'; " +
                     valid);
}

TEST(LocatedValues, ARunThatWouldNeverEndNamesTheKey)
{
  // It named the experiment only ("Invalid experiment 'x.yaml': ...").
  fs::path dir     = folder();
  std::string file = write(dir / "endless.yaml", "background: {model: synthetic, utilization: 0.2}\n"
                                                 "workload:\n  jobs: 0\n");
  expect_message(dir, "-c " + file,
                 "Invalid key 'workload.jobs' in " + file +
                     ":3: with no grid jobs and a synthetic background the run never ends; set "
                     "stop.max_time");
}

TEST(LocatedValues, OptionsThatStandForASetAreNamedAsTyped)
{
  fs::path dir = folder();
  expect_message(dir, "--seed -1", "Invalid key 'seed' in the command line (--seed): must be at least 0 (got '-1')");
  expect_message(dir, "--seed 1.5",
                 "Invalid key 'seed' in the command line (--seed): expected an integer from 0 to 2^53 (got '1.5')");
  expect_message(dir, "--jobs many",
                 "Invalid key 'workload.jobs' in the command line (--jobs): expected a number (got 'many')");
  expect_message(dir, "--set seed=-1",
                 "Invalid key 'seed' in the command line (--set seed): must be at least 0 (got "
                 "'-1')");
}
