/* Runs the `simulate` executable as a user would and checks its trace and its errors. */
#include "SimulateCommand.hpp"
#include "sim/api/PolicyRegistry.hpp"
#include "tests/support/TraceReader.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <map>
#include <set>
#include <sys/wait.h>

using namespace coalsim;
namespace fs = std::filesystem;

namespace {
using coalsim::testing::Outcome;
using coalsim::testing::run;

std::string temp(const std::string& name)
{
  return ::testing::TempDir() + name;
}

std::string das2_run(const std::string& output, const std::string& extra = "", int seed = 7)
{
  return "--platform " COALSIM_SOURCE_DIR "/platforms/das2.xml --policy wf --jobs 250 --seed " + std::to_string(seed) +
         " -q -o " + output + " " + extra;
}

std::string file_bytes(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}
} // namespace

TEST(SimulateDas2, TraceInvariantsHold)
{
  std::string out = temp("invariants.h5");
  auto result = run(das2_run(out, "--set 'workload.request_types={unordered: 3, ordered: 1, flexible: 1, total: 1}'"));
  ASSERT_EQ(result.status, 0) << result.output;
  Trace t = read_trace(out);
  ASSERT_EQ(t.clusters.size(), 5u);

  // Every job accounted for, once.
  ASSERT_EQ(t.jobs.size(), 250u);
  std::set<int64_t> ids;
  for (const auto& j : t.jobs)
    ids.insert(j.id);
  EXPECT_EQ(ids.size(), 250u);
  EXPECT_EQ(*ids.begin(), 0);
  EXPECT_EQ(*ids.rbegin(), 249);

  std::map<int64_t, std::vector<ComponentRow>> components;
  for (const auto& c : t.components)
    components[c.job_id].push_back(c);
  // Per cluster, (time, +/- grid processors) events, to check no cluster is ever oversubscribed.
  std::vector<std::vector<std::pair<double, int>>> events(t.clusters.size());
  for (const auto& j : t.jobs) {
    ASSERT_EQ(j.status, 0) << "job " << j.id;
    EXPECT_GE(j.placement_time, j.submit_time) << "job " << j.id;
    EXPECT_GE(j.start_time, j.placement_time) << "job " << j.id;
    EXPECT_GE(j.start_time - j.placement_time, j.file_transfer_time - 1e-9) << "files arrive before the start";
    EXPECT_GT(j.end_time, j.start_time) << "job " << j.id;
    EXPECT_GE(j.completion_time, j.end_time) << "job " << j.id;
    // Co-allocated components start together: one start per job, and its components are all recorded.
    const auto& comps = components[j.id];
    ASSERT_EQ(static_cast<int>(comps.size()), j.n_components) << "job " << j.id;
    int processors = 0;
    std::set<int> clusters;
    for (const auto& c : comps) {
      processors += c.processors;
      clusters.insert(c.cluster);
      events[c.cluster].push_back({j.start_time, c.processors});
      events[c.cluster].push_back({j.end_time, -c.processors});
    }
    EXPECT_EQ(processors, j.processors) << "job " << j.id;
    EXPECT_EQ(static_cast<int>(clusters.size()), j.n_clusters) << "job " << j.id;
    EXPECT_EQ(j.coallocated, clusters.size() > 1 ? 1 : 0) << "job " << j.id;
  }
  for (size_t c = 0; c < events.size(); ++c) {
    auto& e = events[c];
    std::sort(e.begin(), e.end(),
              [](auto a, auto b) { return a.first != b.first ? a.first < b.first : a.second < b.second; });
    int busy = 0;
    for (const auto& [time, delta] : e) {
      busy += delta;
      EXPECT_LE(busy, t.clusters[c].processors) << "cluster " << t.clusters[c].name << " at " << time;
    }
  }
  // Time-averaged grid plus background load never exceeds a cluster's processors either.
  ASSERT_EQ(t.columns, t.clusters.size());
  for (size_t s = 0; s < t.sample_time.size(); ++s)
    for (size_t c = 0; c < t.columns; ++c)
      EXPECT_LE(t.grid_busy[s * t.columns + c] + t.background_busy[s * t.columns + c], t.clusters[c].processors + 1e-9);
}

TEST(SimulateDas2, SameSeedGivesAByteIdenticalTraceAndAnotherSeedDoesNot)
{
  std::string a = temp("det_a.h5"), b = temp("det_b.h5"), c = temp("det_c.h5");
  ASSERT_EQ(run(das2_run(a)).status, 0);
  ASSERT_EQ(run(das2_run(b)).status, 0);
  ASSERT_EQ(run(das2_run(c, "", 8)).status, 0);
  EXPECT_EQ(file_bytes(a), file_bytes(b));
  EXPECT_NE(file_bytes(a), file_bytes(c));
}

namespace {
/** Runs 150 jobs of the unreliable testbed with `faults` (simulate options) under seeds 3, 3 and 4, expects
 *  the two runs of seed 3 to write the same bytes and seed 4 others, and every job of seed 3 to complete.
 *  Returns seed 3's trace. */
Trace unreliable_runs_are_deterministic(const std::string& name, const std::string& faults)
{
  auto koala_run = [&faults](const std::string& output, int seed) {
    return "-c " COALSIM_SOURCE_DIR "/workloads/experiments/koala-unreliable.yaml --jobs 150 --seed " +
           std::to_string(seed) + " " + faults + " -q -o " + output;
  };
  std::string a = temp(name + "_a.h5"), b = temp(name + "_b.h5"), c = temp(name + "_c.h5");
  auto result = run(koala_run(a, 3));
  EXPECT_EQ(result.status, 0) << result.output;
  EXPECT_EQ(run(koala_run(b, 3)).status, 0);
  EXPECT_EQ(run(koala_run(c, 4)).status, 0);
  EXPECT_EQ(file_bytes(a), file_bytes(b));
  EXPECT_NE(file_bytes(a), file_bytes(c));
  Trace t = read_trace(a);
  EXPECT_EQ(t.jobs.size(), 150u);
  for (const auto& j : t.jobs)
    EXPECT_EQ(j.status, 0) << "job " << j.id;
  return t;
}

size_t rows_of_kind(const Trace& t, const std::string& kind)
{
  return std::count_if(t.failures.begin(), t.failures.end(), [&kind](const FailureRow& f) { return f.kind == kind; });
}
} // namespace

TEST(SimulateDas2, RandomOutagesTurningHostsOffAreDeterministicAndEveryKoalaJobStillCompletes)
{
  // The unreliable testbed with random outages on every cluster (mean 20000 s up, 2000 s down): hosts go off
  // with transfers under way and jobs running.
  Trace t = unreliable_runs_are_deterministic("outages", "--set faults.mtbf=20000 --set faults.mttr=2000");
  EXPECT_GT(rows_of_kind(t, "outage"), 0u);
}

TEST(SimulateDas2, RandomHostFailuresUnderTheNetworkModelAreDeterministicAndEveryKoalaJobStillCompletes)
{
  // The unreliable testbed with every compute host failing on its own (mean 200000 s up, 3000 s down; about
  // one failure every 1000 s on the grid's 200 hosts), jobs running as parallel tasks that SimGrid fails with
  // their host.
  Trace t = unreliable_runs_are_deterministic(
      "hosts", "--set faults.host_mtbf=200000 --set faults.host_mttr=3000 --set runtime_model.kind=network");
  size_t down = rows_of_kind(t, "host_down"), up = rows_of_kind(t, "host_up");
  EXPECT_GT(down, 5u);
  EXPECT_GE(down, up);
  EXPECT_LE(down - up, 1u) << "a host still down at the end of the run, at most";
}

TEST(SimulateDas2, ClustersOptionRestrictsTheRun)
{
  std::string out = temp("subset.h5");
  auto result     = run(das2_run(out, "--clusters fs0,fs3"));
  ASSERT_EQ(result.status, 0) << result.output;
  Trace t = read_trace(out);
  ASSERT_EQ(t.clusters.size(), 2u);
  EXPECT_STREQ(t.clusters[0].name, "fs0");
  EXPECT_STREQ(t.clusters[1].name, "fs3");
  EXPECT_EQ(t.clusters[0].processors, 144);
  for (const auto& c : t.components)
    EXPECT_TRUE(c.cluster == 0 || c.cluster == 1);
}

TEST(SimulateCli, BadInputGivesAClearMessageAndExitCode2)
{
  std::string out = temp("never.h5");
  struct Case {
    std::string arguments, message;
  };
  std::string bad_yaml = temp("bad.yaml");
  std::ofstream(bad_yaml) << "seed: 1\nworkload:\n  jobs: 5\n  componets: 2\n";
  std::string bad_platform = temp("bad.xml");
  std::ofstream(bad_platform)
      << "<?xml version='1.0'?>\n<platform version=\"4.1\">\n<zone id=\"w\" routing=\"Full\">\n";
  std::vector<Case> cases = {
      {"--policy nope",
       "simulate: Invalid key 'policy.name' in the command line (--policy): no such policy 'nope'; valid "
       "values are: " +
           coalsim::PolicyRegistry::instance().valid_names() + "\n"},
      {"--bogus", "simulate: Invalid command line: unrecognised option '--bogus'\n(see simulate --help)\n"},
      {"--config " + bad_yaml,
       "simulate: Invalid key 'workload.componets' in " + bad_yaml +
           ":4: unknown key (valid keys here: jobs, start, arrival, rate, offered_load, components, "
           "component_size, runtime, request_types, deal_request_types, ordered_clusters, trace, file, priorities, "
           "estimate_factor, deadline_factor, budget, submit_site, executable_size, output_size, shapes)\n"},
      {"--platform /nonexistent.xml", "simulate: Invalid key 'platform' in the command line (--platform): cannot read "
                                      "'/nonexistent.xml' (No such file or directory)\n"},
      {"--clusters fs0,fs9",
       "simulate: Invalid cluster 'fs9' in the command line (--clusters): no such cluster in " COALSIM_SOURCE_DIR
       "/platforms/das2.xml (clusters: fs0, fs1, fs2, fs3, fs4)\n"},
      {"--set policy.queue=lifo",
       "simulate: Invalid parameter 'policy.queue' of policy 'cf' in the command line "
       "(--set policy.queue): valid values are: fcfs, fpfs, easy, conservative (got 'lifo')\n"},
  };
  for (const auto& c : cases) {
    auto result = run(c.arguments + " -q -o " + out);
    EXPECT_EQ(result.status, 2) << c.arguments;
    EXPECT_EQ(result.output, c.message) << c.arguments;
    EXPECT_FALSE(fs::exists(out)) << c.arguments;
  }
  auto broken = run("--platform " + bad_platform + " -q -o " + out);
  EXPECT_EQ(broken.status, 2);
  EXPECT_EQ(broken.output.rfind("simulate: Invalid platform '" + bad_platform + "' in " + bad_platform + ":", 0), 0u)
      << broken.output;
}

TEST(SimulateCli, InterruptedRunLeavesNoFileBehind)
{
  std::string dir = temp("interrupted");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string out = dir + "/trace.h5";
  // A run far too long to finish, interrupted by SIGINT once it writes its trace (a background job of a shell
  // ignores SIGINT until the trace writer installs its handler: a fixed delay raced with a slow start).
  auto result = run("--platform " COALSIM_SOURCE_DIR "/platforms/das2.xml --jobs 2000000 -q -o " + out +
                    " & pid=$!; for i in $(seq 600); do ls " + dir +
                    "/trace.h5.tmp-* >/dev/null 2>&1 && break; "
                    "sleep 0.1; done; kill -INT $pid; wait $pid");
  EXPECT_EQ(result.status, 130) << result.output;
  EXPECT_TRUE(fs::is_empty(dir)) << "left behind: " << fs::directory_iterator(dir)->path();
}

TEST(SimulateCli, PolicyHelpListsEveryPolicyWithItsParameters)
{
  auto result = run("--policy help");
  EXPECT_EQ(result.status, 0);
  for (const char* name : {"  bf ", "  cf ", "  ff ", "  mbf ", "  mwf ", "  wf "})
    EXPECT_NE(result.output.find(name), std::string::npos) << name;
  EXPECT_NE(result.output.find("queue (default fcfs)"), std::string::npos);
}

TEST(SimulateCli, StopTimeWithTransfersAndParallelTasksInFlightEndsCleanly)
{
  // At stop.max_time input files are being copied and network-mode jobs run as parallel tasks; the run must
  // cancel them (it used to crash while SimGrid was torn down) and record the jobs as unfinished.
  std::string out = temp("stopped.h5");
  auto result     = run("--set stop.max_time=300 --set runtime_model.kind=network --set runtime_model.iterations=4 "
                            "--set runtime_model.halo_bytes=1MB -o " +
                        out);
  ASSERT_EQ(result.status, 0) << result.output;
  EXPECT_EQ(result.output.find("Backtrace"), std::string::npos) << result.output;
  Trace t           = read_trace(out);
  size_t unfinished = 0;
  for (const auto& j : t.jobs)
    unfinished += j.status == static_cast<int8_t>(JobStatus::unfinished);
  EXPECT_GT(unfinished, 0u);
}

TEST(SimulateDas2, JobsDrawnLargerThanTheGridAreRejectedAndTheRunEnds)
{
  // An exponential component size is unbounded: some 4-component jobs draw components above 64 processors,
  // of which only fs0 (144) holds two, so they fit nowhere. Up to 64, fs1-fs4 hold one each. Before, such a
  // job waited forever and the run never ended.
  for (std::string policy : {"wf", "koala", "dcs"}) {
    std::string yaml = temp("unbounded-" + policy + ".yaml"), out = temp("unbounded-" + policy + ".h5");
    std::ofstream(yaml) << "platform: " COALSIM_SOURCE_DIR "/platforms/das2.xml\n"
                           "seed: 1\n"
                           "policy: {name: " +
                               policy +
                               "}\n"
                               "workload:\n"
                               "  jobs: 50\n"
                               "  offered_load: 0.3\n"
                               "  components: {dist: choice, values: [4]}\n"
                               "  component_size: {dist: exponential, mean: 30}\n"
                               "  runtime: {dist: uniform, min: 90, max: 192}\n"
                               "  request_types: {unordered: 1}\n"
                               "background: {model: none}\n";
    auto result = run("--config " + yaml + " -q -o " + out);
    ASSERT_EQ(result.status, 0) << policy << ": " << result.output;
    Trace t = read_trace(out);
    ASSERT_EQ(t.jobs.size(), 50u) << policy;
    int rejected = 0;
    for (const auto& job : t.jobs) {
      bool fits = job.processors / 4 <= 64;
      EXPECT_EQ(job.status, fits ? 0 : 2) << policy << ": job " << job.id << " of 4 x " << job.processors / 4;
      rejected += job.status == 2;
    }
    EXPECT_GT(rejected, 0) << policy << ": the seed must draw a job larger than the grid";
  }
}

TEST(SimulateCli, VerboseLogPrintsTheSchedulerEventsInEveryBuildType)
{
  // Debug-level messages are compiled out of Release builds (NDEBUG); the scheduler's events are verbose.
  auto result = run("--jobs 2 -q --no-trace --log coalsim_engine_grid_scheduler.thres:verbose");
  ASSERT_EQ(result.status, 0) << result.output;
  EXPECT_NE(result.output.find("[coalsim_engine_grid_scheduler/VERBOSE] job 1 arrives"), std::string::npos)
      << result.output;
  auto quiet = run("--jobs 2 -q --no-trace");
  EXPECT_EQ(quiet.output.find("arrives"), std::string::npos) << "verbose only when asked for";
}

TEST(SimulateCli, LogCategoriesNestUnderOneRootAndOneFamily)
{
  // The root shows every part; a family's category shows that family alone.
  auto all = run("--jobs 2 -q --no-trace --log coalsim.thres:verbose");
  ASSERT_EQ(all.status, 0) << all.output;
  EXPECT_NE(all.output.find("[coalsim_engine_grid_scheduler/VERBOSE] job 1 arrives"), std::string::npos) << all.output;
  auto koala = run("-c " COALSIM_SOURCE_DIR "/workloads/experiments/koala-w30-cf-norep.yaml --set workload.jobs=5 -q "
                   "--no-trace --log coalsim_koala.thres:verbose");
  ASSERT_EQ(koala.status, 0) << koala.output;
  EXPECT_NE(koala.output.find("[coalsim_koala_"), std::string::npos) << koala.output;
  EXPECT_EQ(koala.output.find("[coalsim_engine_"), std::string::npos) << "the engine's events are not the family's";
}

TEST(SimulateCli, TheConfigAttributeRerunsTheExperimentToTheSameTrace)
{
  // The trace's `config` is the experiment as run, every default filled in, the policy's parameters too: run
  // again from it, it gives the same data and the same `config`.
  std::string first = temp("config-first.h5"), again = temp("config-again.h5"), yaml = temp("config.yaml");
  auto result = run("-c " COALSIM_SOURCE_DIR "/workloads/experiments/koala-unreliable.yaml --jobs 60 -q -o " + first);
  ASSERT_EQ(result.status, 0) << result.output;
  Trace t = read_trace(first);
  for (const char* parameter : {"\n  T: 0\n", "\n  L_step: 0.25\n", "\n  count_pending: true\n"})
    EXPECT_NE(t.config.find(parameter), std::string::npos) << parameter << " missing from\n" << t.config;
  std::ofstream(yaml) << t.config;
  result = run("-c " + yaml + " -q -o " + again);
  ASSERT_EQ(result.status, 0) << result.output;
  EXPECT_EQ(read_trace(again).config, t.config);
  EXPECT_TRUE(file_bytes(again) == file_bytes(first)) << "the rerun's trace differs";
}

TEST(SimulateCli, PolicyOptionOnTheDefaultExperimentTakesEveryPolicy)
{
  // The default experiment gives no policy parameter, so `--policy NAME` works with each registered policy.
  for (const char* policy : {"koala", "dcs", "ff", "bf", "wf", "cf", "mbf", "mwf"}) {
    auto result = run(std::string("--policy ") + policy + " --jobs 5 -q --no-trace");
    EXPECT_EQ(result.status, 0) << policy << ": " << result.output;
  }
}
