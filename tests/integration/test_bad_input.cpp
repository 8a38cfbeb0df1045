/* Bad input found by an adversarial audit: each case once crashed, hung, aborted or was silently taken with a
 * default. Every one must now exit with code 2, a message naming the file (and the line and key when there is
 * one), and no output file (nor a temporary one) left behind. */
#include "SimulateCommand.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

namespace fs = std::filesystem;
using coalsim::testing::run;

namespace {
fs::path folder()
{
  return coalsim::testing::test_folder("bad-input-");
}
using coalsim::testing::write;

/** Runs simulate with `arguments` (an output in `dir`), expects exit code 2, a message starting with
 *  "simulate: " + `message_start` and nothing left in `dir` but the inputs. */
void expect_refused(const fs::path& dir, const std::string& arguments, const std::string& message_start)
{
  std::string out = (dir / "out.h5").string();
  auto result     = run(arguments + " -q -o " + out);
  EXPECT_EQ(result.status, 2) << arguments << "\n" << result.output;
  EXPECT_EQ(result.output.rfind("simulate: " + message_start, 0), 0u) << arguments << "\n" << result.output;
  for (const auto& entry : fs::directory_iterator(dir))
    EXPECT_EQ(entry.path().string().find("out.h5"), std::string::npos) << "left behind: " << entry.path();
}

const std::string platform_head =
    "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n";
} // namespace

TEST(BadInput, PlatformsSimGridWouldAbortOrCrashOn)
{
  fs::path dir = folder();
  std::string cores =
      write(dir / "cores.xml", platform_head + "<zone id=\"w\" routing=\"Full\">\n"
                                               "<host id=\"h\" speed=\"1Gf\" core=\"0\"/>\n</zone>\n</platform>\n");
  expect_refused(dir, "--platform " + cores,
                 "Invalid platform element <host> 'h' in " + cores + ":5: a host needs at least one core");
  // Two clusters in a Full zone and no zoneRoute between them: SimGrid 3.32 segfaults when asked for the route.
  std::string no_route =
      write(dir / "no-route.xml", platform_head + "<zone id=\"w\" routing=\"Full\">\n"
                                                  "<cluster id=\"a\" prefix=\"a-\" suffix=\"\" radical=\"0-4\" "
                                                  "speed=\"1Gf\" bw=\"1GBps\" lat=\"0\" router_id=\"ar\"/>\n"
                                                  "<cluster id=\"b\" prefix=\"b-\" suffix=\"\" radical=\"0-4\" "
                                                  "speed=\"1Gf\" bw=\"1GBps\" lat=\"0\" router_id=\"br\"/>\n"
                                                  "</zone>\n</platform>\n");
  expect_refused(dir, "--platform " + no_route,
                 "Invalid platform element <zone> 'w' in " + no_route + ":4: no <zoneRoute> from 'a' to 'b'");
  // g5k.xml, once refused here ("no route from cluster"), runs since the platform is sealed before routes are
  // asked for: test_hardening.cpp.
}

TEST(BadInput, CommandLinesThatWereIgnoredOrAborted)
{
  fs::path dir = folder();
  // Ignored: a positional argument (the default experiment ran), an empty --config (likewise), an empty --output
  // (no trace was written), --no-trace beside --output.
  expect_refused(dir, "experiment.yaml", "Invalid command line: too many positional options");
  expect_refused(dir, "--config ''", "Invalid command line: the argument for option '--config' is empty");
  expect_refused(dir, "--no-trace", "Invalid command line: give either --output or --no-trace, not both");
  auto empty_output = run("-q --jobs 2 -o ''");
  EXPECT_EQ(empty_output.status, 2) << empty_output.output;
  // Aborted: a log setting SimGrid cannot parse (xbt_die, or an uncaught std::invalid_argument).
  expect_refused(dir, "--log garbage", "Invalid option '--log garbage': 'garbage' names no setting");
  expect_refused(dir, "--log root.thres:loud", "Invalid option '--log root.thres:loud': unknown priority 'loud'");
  // Aborted: SimGrid settings it refuses (xbt_die on the form, uncaught exceptions on keys and values).
  expect_refused(dir, "--set 'simgrid.options=[garbage]'", "Invalid key 'simgrid.options'");
  expect_refused(dir, "--set 'simgrid.options=[no/such:key]'",
                 "Invalid key 'simgrid.options' in the command line (--set simgrid.options): SimGrid refuses "
                 "'no/such:key' (Bad config key: no/such)");
  expect_refused(dir, "--set 'simgrid.options=[host/model:bogus]'", "Invalid key 'simgrid.options'");
  // Aborted: an output path longer than the signal handler's buffer (xbt_assert).
  auto long_path = run("-q --jobs 2 -o " + (dir / std::string(5000, 'x')).string());
  EXPECT_EQ(long_path.status, 2) << long_path.output;
  EXPECT_NE(long_path.output.find("the path is too long"), std::string::npos) << long_path.output;
  // Aborted (NaN passed every bound of a policy parameter, then SimGrid was asked to run until NaN).
  expect_refused(dir, "--set 'policy={name: koala, L: nan}'", "Invalid parameter 'policy.L' of policy 'koala'");
}

TEST(BadInput, AnAbortedRunLeavesNoTemporaryFile)
{
  // SimGrid stops on what it cannot run with abort(): the temporary trace must not stay behind.
  fs::path dir = folder();
  auto result  = run("--platform " COALSIM_SOURCE_DIR "/platforms/das2.xml --jobs 2000000 -q -o " +
                     (dir / "trace.h5").string() + " & sleep 1; kill -ABRT $!; wait $!");
  EXPECT_EQ(result.status, 134) << result.output;
  EXPECT_TRUE(fs::is_empty(dir)) << "left behind: " << fs::directory_iterator(dir)->path();
}

TEST(BadInput, FittedLoadOfJobsAllSubmittedAtOneInstant)
{
  // The fit's mean inter-arrival time was 0: endless local arrivals at time 0, a run that never ended.
  fs::path dir    = folder();
  std::string log = write(dir / "burst.swf", "; MaxProcs: 64\n"
                                             "1 100 0 50 4 -1 -1 4 60 -1 1 1 1 -1 -1 1 -1 -1\n"
                                             "2 100 0 70 8 -1 -1 8 90 -1 1 1 1 -1 -1 1 -1 -1\n");
  expect_refused(dir, "--jobs 5 --set 'background={model: fitted, trace: {file: " + log + "}}'",
                 "Invalid trace '" + log + "' in " + log +
                     ": a local-load fit needs usable jobs submitted at different times");
}

TEST(BadInput, AMaxProcsHeaderThatIsNoNumber)
{
  // `size_scale: fit` said the log had no MaxProcs, as if the header line were not there.
  fs::path dir    = folder();
  std::string log = write(dir / "words.swf", "; MaxProcs: abc\n"
                                             "1 100 0 50 4 -1 -1 4 60 -1 1 1 1 -1 -1 1 -1 -1\n");
  expect_refused(dir, "--jobs 0 --set 'background={model: replay, trace: {file: " + log + ", size_scale: fit}}'",
                 "Invalid SWF header 'MaxProcs' in " + log + ":1: is not an integer: 'abc'");
}

TEST(BadInput, JobsThatFitNowhereEvenOnIdleClusters)
{
  // The default workload (up to 4 components of 16) on 56 processors in clusters of 8, 16 and 32: room for 3
  // components of 16. Such a job waited forever at the head of the queue, and the run never ended.
  fs::path dir = folder();
  auto cluster = [](const std::string& id, int nodes) {
    return "<cluster id=\"" + id + "\" prefix=\"" + id + "-\" suffix=\"\" radical=\"0-" + std::to_string(nodes) +
           "\" speed=\"1Gf\" bw=\"1GBps\" lat=\"0\" router_id=\"" + id + "-r\"/>\n";
  };
  std::string platform = write(
      dir / "small.xml",
      platform_head + "<zone id=\"w\" routing=\"Full\">\n" + cluster("a", 8) + cluster("b", 16) + cluster("c", 32) +
          "<link id=\"l\" bandwidth=\"1GBps\" latency=\"0\"/>\n"
          "<zoneRoute src=\"a\" dst=\"b\" gw_src=\"a-r\" gw_dst=\"b-r\"><link_ctn id=\"l\"/></zoneRoute>\n"
          "<zoneRoute src=\"a\" dst=\"c\" gw_src=\"a-r\" gw_dst=\"c-r\"><link_ctn id=\"l\"/></zoneRoute>\n"
          "<zoneRoute src=\"b\" dst=\"c\" gw_src=\"b-r\" gw_dst=\"c-r\"><link_ctn id=\"l\"/></zoneRoute>\n"
          "</zone>\n</platform>\n");
  expect_refused(dir, "--platform " + platform,
                 "Invalid key 'workload.components' in built-in default experiment (workloads/default.yaml):13: "
                 "unordered jobs of 4 components of 16 processors fit nowhere in this run, even on idle clusters (room "
                 "for 3 such components)");
  expect_refused(
      dir, "--platform " + platform + " --set 'workload.shapes=[2x8, 3x20]'",
      "Invalid key 'workload.shapes' in the command line (--set workload.shapes): unordered jobs of 3 components "
      "of 20 processors fit nowhere");
  // Ordered jobs on random clusters have the same room; a pattern must hold its components on each cluster.
  expect_refused(dir, "--platform " + platform + " --set 'workload.request_types={ordered: 1}'",
                 "Invalid key 'workload.components' in built-in default experiment (workloads/default.yaml):13: "
                 "ordered jobs of 4 components of 16 processors fit nowhere");
  expect_refused(
      dir,
      "--platform " + platform +
          " --set 'workload.request_types={ordered: 1}' --set 'workload.ordered_clusters=[c, b, b]'",
      "Invalid key 'workload.ordered_clusters' in the command line (--set workload.ordered_clusters): ordered jobs "
      "of 4 components of 16 processors need 32 on b, which has 17");
  auto fits = run("--platform " + platform +
                  " --set 'workload.components={dist: choice, values: [1, 3]}' -q --no-trace --jobs 20");
  EXPECT_EQ(fits.status, 0) << fits.output;
}

TEST(BadInput, ReplaysWithNothingToReplay)
{
  // An empty log, a window after the log's last record and a partition with no records ran silently as runs
  // without those jobs.
  fs::path dir      = folder();
  std::string log   = write(dir / "two.swf", "; MaxProcs: 64\n"
                                               "1 0 -1 100 4 -1 -1 4 100 -1 1 -1 -1 -1 -1 1 -1 -1\n"
                                               "2 50 -1 100 4 -1 -1 4 100 -1 1 -1 -1 -1 -1 1 -1 -1\n");
  std::string empty = write(dir / "empty.swf", "; MaxProcs: 64\n");
  auto grid_replay  = [&](const std::string& trace) {
    return write(dir / "replay.yaml", "platform: " COALSIM_SOURCE_DIR "/platforms/das2.xml\n"
                                        "workload: {trace: " +
                                           trace + "}\n");
  };
  expect_refused(dir, "-c " + grid_replay("{file: " + empty + "}"),
                 "Invalid key 'workload.trace' in " + (dir / "replay.yaml").string() + ":2: " + empty +
                     " has no usable record in the window to replay");
  expect_refused(dir, "-c " + grid_replay("{file: " + log + ", window: {start: 100, duration: 10}}"),
                 "Invalid key 'workload.trace' in " + (dir / "replay.yaml").string() + ":2: " + log +
                     " has no usable record in the window to replay");
  std::string local = write(dir / "local.yaml", "platform: " COALSIM_SOURCE_DIR "/platforms/das2.xml\n"
                                                "workload: {jobs: 0}\n"
                                                "background: {model: none, clusters: {fs1: {model: replay,\n"
                                                "  trace: {file: " +
                                                    log + ", partition: 7}}}}\n");
  expect_refused(dir, "-c " + local,
                 "Invalid key 'background.clusters.fs1.trace' in " + local + ":4: " + log +
                     " has no usable record of partition 7 in the window to replay");
  auto fine = run("-c " + grid_replay("{file: " + log + ", window: {start: 40, duration: 20}}") + " -q --no-trace");
  EXPECT_EQ(fine.status, 0) << fine.output;
}

TEST(BadInput, KeysThatWouldBeSilentlyIgnored)
{
  fs::path dir = folder();
  // Only koala draws component failures (as each component starts, under incremental claiming).
  std::string faults = write(dir / "faults.yaml", "policy: {name: wf}\nworkload: {jobs: 5}\nfaults:\n"
                                                  "  clusters:\n    fs1: {component_failure: 0.2}\n");
  expect_refused(dir, "--config " + faults,
                 "Invalid key 'faults.clusters.fs1.component_failure' in " + faults +
                     ":5: policy 'wf' does not claim incrementally");
  auto koala = run("--config " + faults + " --set policy=koala -q --no-trace");
  EXPECT_EQ(koala.status, 0) << koala.output;
  auto zero = run("--config " + faults + " --set faults.clusters.fs1.component_failure=0 -q --no-trace");
  EXPECT_EQ(zero.status, 0) << zero.output;
  // A batch arrives at workload.start: a rate or an offered load means nothing there.
  expect_refused(
      dir, "--set workload.arrival=batch",
      "Invalid key 'workload.offered_load' in built-in default experiment (workloads/default.yaml):12: applies "
      "to poisson arrivals only");
  std::string batch = write(dir / "batch.yaml", "workload:\n  jobs: 5\n  arrival: batch\n  rate: 0.1\n");
  expect_refused(dir, "--config " + batch,
                 "Invalid key 'workload.rate' in " + batch + ":4: applies to poisson arrivals only");
  // SimGrid 3.32 aborts with the Constant network model on any platform with links.
  expect_refused(dir, "--set simgrid.network_model=Constant", "Invalid key 'simgrid.network_model'");
}

TEST(BadInput, SubmissionSitesThatNameNoClusterOfTheRun)
{
  fs::path dir      = folder();
  std::string sites = write(dir / "sites.yaml", "clusters: [fs0, fs1]\nworkload:\n  jobs: 5\n  submit_site: fs3\n");
  expect_refused(dir, "--config " + sites,
                 "Invalid key 'workload.submit_site' in " + sites +
                     ":4: 'fs3' is neither none, drawn, drawn_by_processors nor a cluster of this run (clusters: fs0, "
                     "fs1)");
  std::string list = write(dir / "list.yaml", "workload:\n  jobs: 5\n  submit_site: [fs0, fs1]\n");
  expect_refused(dir, "--config " + list,
                 "Invalid key 'workload.submit_site' in " + list +
                     ":3: expected none, drawn, drawn_by_processors or a cluster's name");
  auto fixed = run("--config " + sites + " --set workload.submit_site=fs1 -q --no-trace");
  EXPECT_EQ(fixed.status, 0) << fixed.output;
}

TEST(BadInput, ExecutableAndOutputSizesBelowZeroOrIncomplete)
{
  fs::path dir       = folder();
  std::string output = write(dir / "output.yaml", "workload:\n  jobs: 5\n  output_size: -1\n");
  expect_refused(dir, "--config " + output,
                 "Invalid key 'workload.output_size' in " + output + ":3: must be at least 0 (got '-1')");
  std::string executable =
      write(dir / "executable.yaml", "workload:\n  jobs: 5\n  executable_size: {dist: uniform, min: 1MB}\n");
  expect_refused(dir, "--config " + executable,
                 "Invalid key 'workload.executable_size' in " + executable + ":3: missing key 'max'");
  auto given = run("--config " + output + " --set workload.output_size=2MB -q --no-trace");
  EXPECT_EQ(given.status, 0) << given.output;
}
