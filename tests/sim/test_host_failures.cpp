/* Single hosts failing on the tiny platform (clusters a and b of 4 single-core hosts a-0..a-3 and b-0..b-3,
 * file servers a-4 and b-4; a 100 MB file crosses the wide area in 10 s): from the experiment's scripted host
 * outages, from random host failures, and from a state profile in the platform file. A failed host kills
 * what runs on it and nothing else. Cores are handed out from the first host on. */
#include "SimulationFixture.hpp"
#include "SwfLogs.hpp"

#include "sim/config/InputError.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace coalsim;
using coalsim::testing::local_log;
using coalsim::testing::simulate_yaml;

namespace {
std::vector<std::string> events(const Trace& t)
{
  std::vector<std::string> out;
  for (const auto& f : t.failures)
    out.push_back(std::string(f.kind) + (f.host[0] ? std::string(":") + f.host : "") + "@" +
                  std::to_string(static_cast<long>(std::lround(f.time))));
  return out;
}

const JobRow& job(const Trace& t, int64_t id)
{
  return *std::find_if(t.jobs.begin(), t.jobs.end(), [id](const JobRow& j) { return j.id == id; });
}

/** Two jobs of 2 processors and 100 s ordered on a, under `policy`: job 0 gets a-0 and a-1, job 1 a-2 and
 *  a-3. Unless `faults` says otherwise, host a-1 fails at 30 s for 1000 s. */
std::string two_jobs_on_a(const std::string& policy, const std::string& extra = "",
                          const std::string& faults = "faults: {hosts: {a-1: [\"30+1000\"]}}\n")
{
  return "policy: " + policy + R"(
workload: {jobs: 2, arrival: batch, components: 1, component_size: 2, runtime: 100,
           request_types: {ordered: 1}, ordered_clusters: [a]}
info_service: {poll_interval: 0}
)" + faults +
         extra;
}

/** No grid jobs: `jobs` replayed as local jobs on a (and traced), under `faults` (a YAML line). */
std::string local_replay_on_a(const std::vector<coalsim::testing::LocalJob>& jobs, const std::string& faults)
{
  return "workload: {jobs: 0}\ntrace: {local_jobs: true}\n" + faults +
         "\nbackground: {model: none, clusters: {a: {model: replay, trace: {file: " + local_log("a", jobs) + "}}}}\n";
}

/** `host` failed at 10 s and a went down 20-50 s: the one local job, of 4 cores, starts when a is back, and
 *  the host is reported back with it (each host_down has its host_up). */
void expect_the_local_job_starts_with_the_cluster_at_50(const Trace& t, const std::string& host)
{
  ASSERT_EQ(t.local_jobs.size(), 1u);
  EXPECT_NEAR(t.local_jobs[0].start_time, 50.0, 1e-6);
  EXPECT_EQ(events(t), (std::vector<std::string>{"host_down:" + host + "@10", "outage@20", "outage_end@50",
                                                 "host_up:" + host + "@50"}));
}

/** The tiny platform with a SimGrid state profile (`profile`: "<time> <0 or 1>" lines) for `host`. */
std::string platform_with_profile(const std::string& host, const std::string& profile)
{
  std::ifstream in(COALSIM_SOURCE_DIR "/platforms/test/two-clusters.xml");
  std::stringstream text;
  text << in.rdbuf();
  std::string xml = text.str();
  xml.insert(xml.rfind("</platform>"), "  <trace id=\"" + host + "-state\" periodicity=\"-1\">\n" + profile +
                                           "</trace>\n  <trace_connect trace=\"" + host + "-state\" element=\"" + host +
                                           "\" kind=\"HOST_AVAIL\"/>\n");
  std::string platform = coalsim::testing::test_temp_file("profiled.xml");
  std::ofstream(platform) << xml;
  return platform;
}

/** Job 0 lost a-1 at 30 s; job 1 ran on untouched. With a-1 still down, a has 3 cores: job 0 runs again
 *  after job 1 has ended. */
void expect_only_the_job_on_the_failed_host_is_hit(const Trace& t)
{
  ASSERT_EQ(t.jobs.size(), 2u);
  const JobRow& hit   = job(t, 0);
  const JobRow& other = job(t, 1);
  EXPECT_EQ(other.status, 0);
  EXPECT_EQ(other.completion_failures, 0) << "a job on other hosts of the cluster is not touched";
  EXPECT_NEAR(other.start_time, 0.0, 1e-6);
  EXPECT_NEAR(other.end_time, 100.0, 1e-6);
  EXPECT_EQ(hit.status, 0);
  EXPECT_EQ(hit.completion_failures, 1);
  EXPECT_GE(hit.start_time, 100.0 - 1e-6) << "only 1 core was left until the other job ended";
  EXPECT_NEAR(hit.end_time - hit.start_time, 100.0, 1e-6);
  ASSERT_GE(t.failures.size(), 2u);
  EXPECT_STREQ(t.failures[0].kind, "host_down");
  EXPECT_STREQ(t.failures[0].host, "a-1");
  EXPECT_NEAR(t.failures[0].time, 30.0, 1e-6);
  EXPECT_STREQ(t.failures[1].kind, "component");
  EXPECT_EQ(t.failures[1].job_id, 0);
  EXPECT_EQ(t.failures[1].cluster, 0);
  EXPECT_NEAR(t.failures[1].time, 30.0, 1e-6);
}
} // namespace

TEST(HostFailures, LocalJobOnAFailedHostIsKilledAndTheHostsCoreIsOutOfUseUntilItIsBack)
{
  // Local jobs on a: 1 (1 core, 1-101 s) on a-0, 2 (1 core, 2-102 s) on a-1, 3 (3 cores, 10 s) submitted at
  // 20. a-0 fails 10-50: job 1 dies at 10; its core is not free at 20, so job 3 waits for a-0 to be back.
  auto t =
      simulate_yaml(local_replay_on_a({{1, 100, 1}, {2, 100, 1}, {20, 10, 3}}, "faults: {hosts: {a-0: [\"10+40\"]}}"));
  ASSERT_EQ(t.local_jobs.size(), 3u);
  auto local = [&t](int64_t trace_id) {
    return *std::find_if(t.local_jobs.begin(), t.local_jobs.end(),
                         [trace_id](const LocalJobRow& j) { return j.trace_id == trace_id; });
  };
  EXPECT_NEAR(local(1).end_time, 10.0, 1e-6) << "killed with its host";
  EXPECT_NEAR(local(2).end_time, 102.0, 1e-6) << "its host did not fail";
  EXPECT_NEAR(local(3).start_time, 50.0, 1e-6) << "a-0's core came back at 50";
  EXPECT_EQ(events(t), (std::vector<std::string>{"host_down:a-0@10", "host_up:a-0@50"}));
}

TEST(HostFailures, KoalaComponentOnAFailedHostIsAbortedAndPlacedAgainWhileTheOtherJobRunsOn)
{
  auto t = simulate_yaml(two_jobs_on_a("{name: koala, placement: wf, scan_interval: 10}"));
  expect_only_the_job_on_the_failed_host_is_hit(t);
  EXPECT_EQ(job(t, 0).placements, 2);
}

TEST(HostFailures, UnderTheNetworkModelTheFailedRunsParallelTaskIsStoppedAndTheJobRunsAgain)
{
  // The job's processes are a parallel task on a-0 and a-1: SimGrid fails it when a-1 goes off, after the
  // scheduler has aborted the job; the job is placed again as under the delay model.
  auto t = simulate_yaml(
      two_jobs_on_a("{name: koala, placement: wf, scan_interval: 10}", "runtime_model: {kind: network}\n"));
  expect_only_the_job_on_the_failed_host_is_hit(t);
}

TEST(HostFailures, DcsJobOnAFailedHostIsRequeuedAndRunsAgain)
{
  auto t = simulate_yaml(two_jobs_on_a("dcs"));
  expect_only_the_job_on_the_failed_host_is_hit(t);
}

TEST(HostFailures, StateProfileOfThePlatformFailsTheHostLikeAScriptedOutage)
{
  // A SimGrid state profile turns a-1 off at 30 s (and on at 1030 s): no faults in the experiment, the same
  // outcome as the scripted outage.
  auto t = simulate_yaml("platform: " + platform_with_profile("a-1", "30 0\n1030 1\n") + "\n" +
                         two_jobs_on_a("{name: koala, placement: wf, scan_interval: 10}", "", ""));
  expect_only_the_job_on_the_failed_host_is_hit(t);
}

TEST(HostFailures, HostBroughtBackByItsProfileDuringAnOutageOfItsClusterComesBackWithTheCluster)
{
  // a-1's profile: off at 10 s, on at 30 s; all of a is down 20-50 s. The profile's repair at 30 does not
  // count (no host_up row, the manager stays down) and a-1 comes back with the cluster: a local job of 4
  // cores submitted at 35 starts at 50.
  auto t = simulate_yaml("platform: " + platform_with_profile("a-1", "10 0\n30 1\n") + "\n" +
                         local_replay_on_a({{35, 10, 4}}, "faults: {clusters: {a: {outages: [\"20+30\"]}}}"));
  expect_the_local_job_starts_with_the_cluster_at_50(t, "a-1");
}

TEST(HostFailures, FailedFileServerFailsTheCopyAndTheJobWaitsForItWhileTheClusterComputes)
{
  // The job (3 processors, ordered on b) reads a 100 MB file whose only replica is at a. KOALA places it at 0
  // and copies the file from a-4; a-4 fails 5-50 s: the copy fails, a component failure of a (the file
  // site), and the job is not placed while its replica is out of reach. At the first scan after a-4 is back
  // (50) it is placed again and starts at 60, after the 10 s copy. A local job of 4 cores submitted on a at
  // 10 starts at once: only the file server failed.
  auto t = simulate_yaml(R"(
policy: {name: koala, placement: wf, scan_interval: 10}
workload: {jobs: 1, arrival: batch, components: 1, component_size: 3, runtime: 100, request_types: {ordered: 1},
           ordered_clusters: [b], file: {size: 100MB, replicas: 1, sites: [a]}}
info_service: {poll_interval: 0}
faults: {hosts: {a-4: ["5+45"]}}
trace: {local_jobs: true}
background: {model: none, clusters: {a: {model: replay, trace: {file: )" +
                         local_log("a", {{10, 20, 4}}) + "}}}}\n");
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& j = t.jobs[0];
  EXPECT_EQ(j.status, 0);
  EXPECT_EQ(j.completion_failures, 1);
  EXPECT_EQ(j.placements, 2);
  EXPECT_NEAR(j.placement_time, 50.0, 1e-6);
  EXPECT_NEAR(j.start_time, 60.0, 1e-6);
  EXPECT_EQ(events(t), (std::vector<std::string>{"host_down:a-4@5", "component@5", "host_up:a-4@50"}));
  EXPECT_EQ(t.failures[1].cluster, 0) << "the copy's failure counts against the file site";
  ASSERT_EQ(t.local_jobs.size(), 1u);
  EXPECT_NEAR(t.local_jobs[0].start_time, 10.0, 1e-6);
}

TEST(HostFailures, ClusterComesBackWholeFromAnOutageThatBeganWhileOneOfItsHostsWasDown)
{
  // a-0 fails at 10 for 100 s; all of a is down 20-50. A local job of 4 cores submitted at 15 waits for the
  // cluster and starts when it is back, a-0 included.
  auto t = simulate_yaml(
      local_replay_on_a({{15, 10, 4}}, "faults: {hosts: {a-0: [\"10+100\"]}, clusters: {a: {outages: [\"20+30\"]}}}"));
  expect_the_local_job_starts_with_the_cluster_at_50(t, "a-0");
}

TEST(HostFailures, RandomHostFailuresHitJobsAndEveryJobStillCompletes)
{
  // Each of the 8 compute hosts fails on average every 600 s, for 100 s. (That the same seed gives the same
  // trace is checked on DAS-2, in test_simulate_runs.cpp.)
  auto t = simulate_yaml(R"(
policy: {name: koala, placement: wf, scan_interval: 10}
seed: 7
workload: {jobs: 40, arrival: poisson, rate: 0.05, components: {dist: choice, values: [1, 2]},
           component_size: {dist: choice, values: [1, 2]}, runtime: 150}
info_service: {poll_interval: 0}
faults: {host_mtbf: 600, host_mttr: 100}
)");
  ASSERT_EQ(t.jobs.size(), 40u);
  int hit = 0;
  for (const auto& j : t.jobs) {
    EXPECT_EQ(j.status, 0) << "job " << j.id;
    hit += j.completion_failures > 0;
  }
  EXPECT_GT(hit, 0) << "some job met a failed host";
  std::vector<std::string> e = events(t);
  EXPECT_GT(std::count_if(e.begin(), e.end(), [](const std::string& s) { return s.rfind("host_down", 0) == 0; }), 5);
}

TEST(HostFailures, UnknownHostIsAnInputErrorNamingTheKeyAndTheFile)
{
  try {
    simulate_yaml(two_jobs_on_a("koala", "", "faults:\n  hosts: {a-9: [\"30+10\"]}\n"));
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("faults.hosts.a-9"), std::string::npos) << what;
    EXPECT_NE(what.find("run.yaml:"), std::string::npos) << what;
    EXPECT_NE(what.find("not a compute host or file server"), std::string::npos) << what;
  }
}

TEST(HostFailures, RandomHostFailuresAlsoHitAReplayWithoutGridJobsAndStopWithIt)
{
  // A replay of 20 local jobs of 1-2 cores on a (one every 50 s, 200 s each) and no grid jobs; each host of a
  // fails on average every 300 s for 30 s. Failures come while local jobs arrive, wait or run, kill some of
  // them, and stop once the replay is over: the run ends.
  std::vector<coalsim::testing::LocalJob> jobs;
  for (int i = 0; i < 20; ++i)
    jobs.push_back({50.0 * i + 1, 200, 1 + i % 2});
  auto t =
      simulate_yaml("seed: 3\n" + local_replay_on_a(jobs, "faults: {clusters: {a: {host_mtbf: 300, host_mttr: 30}}}"));
  ASSERT_EQ(t.local_jobs.size(), 20u);
  int killed      = 0;
  double last_end = 0;
  for (const auto& j : t.local_jobs) {
    killed += j.end_time - j.start_time < 200 - 1e-6;
    last_end = std::max(last_end, j.end_time);
  }
  EXPECT_GT(killed, 0);
  std::vector<std::string> e = events(t);
  EXPECT_GT(std::count_if(e.begin(), e.end(), [](const std::string& s) { return s.rfind("host_down", 0) == 0; }), 3);
  for (const auto& f : t.failures) {
    if (std::strcmp(f.kind, "host_down") == 0) {
      EXPECT_LE(f.time, last_end + 1e-6) << "a host failed after the last local job had ended";
    }
  }
}

TEST(HostFailures, StateProfileInTheExperimentRepeatsWithItsPeriodicity)
{
  // a-1 follows a SimGrid state profile given in the experiment: off at 30 s, on at 60 s, every 100 s. Job 0
  // (on a-0 and a-1) dies at 30 and, placed again at the scan at 60, at 130; it then runs 130-230 on a-0 and
  // a-2 (job 1 ended at 100), while a-1 goes off a third time at 230.
  auto t = simulate_yaml(two_jobs_on_a("{name: koala, placement: wf, scan_interval: 10}", "",
                                       "faults:\n  hosts:\n    a-1:\n      profile: |\n        30 0\n        60 1\n"
                                       "      periodicity: 100\n"));
  ASSERT_EQ(t.jobs.size(), 2u);
  const JobRow& hit = job(t, 0);
  EXPECT_EQ(hit.status, 0);
  EXPECT_EQ(hit.completion_failures, 2);
  EXPECT_NEAR(hit.start_time, 130.0, 1e-6);
  EXPECT_NEAR(hit.end_time, 230.0, 1e-6);
  EXPECT_EQ(events(t),
            (std::vector<std::string>{"host_down:a-1@30", "component@30", "host_up:a-1@60", "host_down:a-1@130",
                                      "component@130", "host_up:a-1@160", "host_down:a-1@230"}));
}
