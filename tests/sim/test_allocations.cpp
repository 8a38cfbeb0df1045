/* The cores each job held (/allocations, docs/trace-format.md): first fit from the first host, rows ended by
 * host failures, outages and the band's kills, and the cores still held at the stop time. On the tiny
 * platform (clusters a and b of 4 single-core hosts a-0..a-3, b-0..b-3). */
#include "SimulationFixture.hpp"
#include "SwfLogs.hpp"

#include "sim/engine/Clock.hpp"
#include "sim/engine/LocalResourceManager.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <tuple>
#include <xbt/log.h>

using namespace coalsim;
using coalsim::testing::local_log;
using coalsim::testing::simulate_yaml;

namespace {
/** (owner, job, host, first core, cores, claimed, started, released, outcome), rounded to the ms. */
using Row = std::tuple<int, long, int, int, int, long, long, long, int>;
long ms(double t)
{
  return std::isnan(t) ? -1 : std::lround(t * 1000);
}
std::vector<Row> rows(const Trace& t)
{
  std::vector<Row> out;
  for (const auto& a : t.allocations)
    out.emplace_back(a.owner, static_cast<long>(a.job_id), a.host, a.first_core, a.cores, ms(a.claimed_at),
                     ms(a.started_at), ms(a.released_at), a.outcome);
  return out;
}
} // namespace

TEST(Allocations, LocalJobsTakeTheFirstFreeCoresAndAFailedHostEndsTheRowOfTheJobOnIt)
{
  // Local jobs on a: 0 (1 core, 1-101 s) on a-0, 1 (1 core, 2-102 s) on a-1, 2 (3 cores) submitted at 20. a-0
  // fails 10-50: job 0 dies at 10; job 2 starts when a-0 is back, on a-0, a-2 and a-3, and ends at 60.
  auto t = simulate_yaml("workload: {jobs: 0}\ntrace: {local_jobs: true}\nfaults: {hosts: {a-0: [\"10+40\"]}}\n"
                         "background: {model: none, clusters: {a: {model: replay, trace: {file: " +
                         local_log("a", {{1, 100, 1}, {2, 100, 1}, {20, 10, 3}}) + "}}}}\n");
  EXPECT_EQ(rows(t), (std::vector<Row>{{1, 0, 0, 0, 1, 1000, 1000, 10000, 1},
                                       {1, 2, 0, 0, 1, 50000, 50000, 60000, 0},
                                       {1, 2, 2, 0, 1, 50000, 50000, 60000, 0},
                                       {1, 2, 3, 0, 1, 50000, 50000, 60000, 0},
                                       {1, 1, 1, 0, 1, 2000, 2000, 102000, 0}}));
  ASSERT_EQ(t.local_jobs.size(), 3u);
  for (const auto& job : t.local_jobs) // in order of their ends: 0, 2, 1
    EXPECT_EQ(job.id, job.trace_id - 1) << "numbered in order of arrival";
  ASSERT_EQ(t.hosts.size(), 8u);
  EXPECT_STREQ(t.hosts[1].name, "a-1");
  EXPECT_EQ(t.hosts[4].cluster, 1);
  EXPECT_EQ(t.hosts[4].cores, 1);
}

TEST(Allocations, LocalJobsAreLeftOutUnlessTraced)
{
  auto t = simulate_yaml("workload: {jobs: 0}\nbackground: {model: none, clusters: {a: {model: replay, trace: "
                         "{file: " +
                         local_log("a", {{1, 100, 1}}) + "}}}}\n");
  EXPECT_TRUE(t.allocations.empty());
}

TEST(Allocations, AGridComponentOnAFailedHostEndsKilledAndItsNextAttemptTakesTheFirstCoresLeft)
{
  // Two KOALA jobs of 2 processors ordered on a: job 0 on a-0 and a-1, job 1 on a-2 and a-3. a-1 fails at 30:
  // job 0's attempt ends there (killed while running); placed again, it runs on a-0 and a-2 once job 1 is done.
  auto t = simulate_yaml(R"(policy: {name: koala, placement: wf, scan_interval: 10}
workload: {jobs: 2, arrival: batch, components: 1, component_size: 2, runtime: 100,
           request_types: {ordered: 1}, ordered_clusters: [a]}
info_service: {poll_interval: 0}
faults: {hosts: {a-1: ["30+1000"]}}
)");
  ASSERT_EQ(t.allocations.size(), 6u);
  std::vector<std::tuple<long, int, int, int, int>> held; // job, placement, host, outcome, started
  for (const auto& a : t.allocations) {
    EXPECT_EQ(a.owner, 0);
    EXPECT_EQ(a.cluster, 0);
    EXPECT_EQ(a.component, 0);
    EXPECT_LE(a.claimed_at, a.started_at);
    held.emplace_back(static_cast<long>(a.job_id), a.placement, a.host, a.outcome, std::isnan(a.started_at) ? 0 : 1);
  }
  std::sort(held.begin(), held.end());
  EXPECT_EQ(held,
            (std::vector<std::tuple<long, int, int, int, int>>{
                {0, 1, 0, 1, 1}, {0, 1, 1, 1, 1}, {0, 2, 0, 0, 1}, {0, 2, 2, 0, 1}, {1, 1, 2, 0, 1}, {1, 1, 3, 0, 1}}));
  for (const auto& a : t.allocations) {
    if (a.job_id == 0 && a.placement == 1) {
      EXPECT_NEAR(a.released_at, 30.0, 1e-6);
    }
  }
}

TEST(Allocations, CoresStillHeldAtTheStopTimeEndUnfinishedThen)
{
  auto t = simulate_yaml(R"(policy: wf
workload: {jobs: 2, arrival: batch, components: 1, component_size: 2, runtime: 100,
           request_types: {ordered: 1}, ordered_clusters: [a]}
info_service: {poll_interval: 0}
stop: {max_time: 50}
)");
  ASSERT_EQ(t.allocations.size(), 4u) << "two single-core hosts per job: two rows each";
  for (const auto& a : t.allocations) {
    EXPECT_EQ(a.outcome, 3);
    EXPECT_DOUBLE_EQ(a.released_at, 50);
    EXPECT_LE(a.started_at, 50);
  }
}

TEST(Allocations, DummyJobsLoseTheirNewestCoresToTheBandAndTheCoresOfAFailedHost)
{
  xbt_log_control_set("root.thres:critical");
  int argc     = 1;
  char name[]  = "test";
  char* argv[] = {name, nullptr};
  sg4::Engine engine(&argc, argv);
  engine.load_platform(COALSIM_SOURCE_DIR "/platforms/test/two-clusters.xml");
  Cluster cluster;
  cluster.name = std::string(1, 'a');
  for (const char* host : {"a-0", "a-1", "a-2", "a-3"})
    cluster.compute_hosts.push_back(engine.host_by_name(host));
  cluster.processors = 4;
  UtilizationRecorder recorder(1, 60, [](const UtilizationSample&) {});
  InstantStep step;
  LocalResourceManager manager(cluster, recorder, step, /*track_hosts=*/true);
  std::vector<std::tuple<int, long, std::vector<int>, long, long, int>> ended; // owner, job, hosts, start, end, outcome
  manager.set_on_cores_released([&](const HeldCores& held) {
    std::vector<int> hosts;
    for (CoreMap::Core core : held.cores)
      hosts.push_back(manager.core_map().host_of(core));
    ended.emplace_back(static_cast<int>(held.holding.owner), static_cast<long>(held.holding.job_id), hosts,
                       ms(held.holding.claimed_at), ms(held.released_at), static_cast<int>(held.outcome));
  });
  // Dummy job 0 takes a-0..a-2 at 0; local job 1 (100 s) gets a-3. At 10 the band kills 2 dummy processors: the
  // newest, a-1 and a-2. At 20 a-0 fails: the dummy job's last core. At 30 the cluster goes down: the local job.
  at(0, [&] {
    manager.start_dummy(3);
    manager.submit_background({1, 100});
  });
  at(10, [&] { manager.kill_dummy(2); });
  at(20, [&] {
    engine.host_by_name("a-0")->turn_off();
    manager.host_down(engine.host_by_name("a-0"));
  });
  at(30, [&] { manager.go_down(); });
  engine.run();
  using Ended = std::tuple<int, long, std::vector<int>, long, long, int>;
  EXPECT_EQ(ended,
            (std::vector<Ended>{{2, 0, {1, 2}, 0, 10000, 0}, {2, 0, {0}, 0, 20000, 1}, {1, 1, {3}, 0, 30000, 1}}));
  EXPECT_EQ(manager.off(), 1) << "a-0's core stays out of use until the cluster comes back";
}
