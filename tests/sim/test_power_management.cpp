/* Switching idle hosts off (docs/concepts.md, Power management) on platforms/test/power-hosts.xml: cluster p of two
 * 2-core hosts drawing 100 W idle, 160 W with one core busy, 200 W with both and 10 W off. */
#include "SimulationFixture.hpp"
#include "SwfLogs.hpp"

#include <gtest/gtest.h>

using namespace coalsim;
using coalsim::testing::local_log;
using coalsim::testing::simulate_yaml;

namespace {
const std::string on_p = "platform: " COALSIM_SOURCE_DIR "/platforms/test/power-hosts.xml\nclusters: [p]\n"
                         "overheads: {submission: 0, completion: 0}\n";

} // namespace

TEST(PowerManagement, IdleHostsGoOffAndTheBootCountsInTheWait)
{
  // Both hosts idle from 0 go off at 10 s. A grid job of 2 processors arrives at 100: the information service shows
  // p's 4 cores switched off as idle, the claim fails and switches p-0 on (30 s, 3000 J: 100 W); the job starts on
  // it at 130 and ends at 180.
  auto t = simulate_yaml(on_p + "power: {manager: idle_off, idle_timeout: 10, boot_time: 30, boot_energy: 3000}\n"
                                "workload: {jobs: 1, arrival: batch, start: 100, components: 1, component_size: 2, "
                                "runtime: 50}\n");
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& job = t.jobs[0];
  EXPECT_EQ(job.status, 0);
  EXPECT_DOUBLE_EQ(job.start_time, 130);
  EXPECT_DOUBLE_EQ(job.wait_time, 30);
  EXPECT_EQ(job.submission_failures, 1);
  ASSERT_EQ(t.allocations.size(), 1u);
  EXPECT_EQ(t.allocations[0].host, 0);
  ASSERT_EQ(t.cluster_energy.size(), 1u);
  const ClusterEnergyRow& e = t.cluster_energy[0];
  // 0-10 s: 2 x 100 W; 10-100: 2 x 10 W; 100-130: 100 W booting + 10 W; 130-180: 200 W + 10 W.
  EXPECT_DOUBLE_EQ(e.joules, 2000 + 1800 + 3300 + 10500);
  EXPECT_DOUBLE_EQ(e.grid_joules, 200 * 50);
  EXPECT_DOUBLE_EQ(e.off_joules, 20 * 90 + 10 * 80);
  EXPECT_DOUBLE_EQ(e.boot_joules, 3000);
  EXPECT_EQ(e.boots, 1);
  EXPECT_DOUBLE_EQ(e.idle_joules, 2000);
}

TEST(PowerManagement, AWaitingLocalJobSwitchesHostsOnAndWaitsForTheBoot)
{
  // Local jobs of 3 processors at 50 s (runtime 20) and of 1 at 200 s; hosts off from 10 s; the first waits for both
  // hosts to boot (40 s), the second for one (p-0, off again since 120 s).
  auto t = simulate_yaml(on_p +
                         "power: {manager: idle_off, idle_timeout: 10, boot_time: 40, boot_energy: 4000}\n"
                         "workload: {jobs: 1, arrival: batch, start: 300, components: 1, component_size: 1, "
                         "runtime: 10}\ntrace: {local_jobs: true}\n"
                         "background: {model: none, clusters: {p: {model: replay, trace: {file: " +
                         coalsim::testing::local_log("p", {{50, 20, 3}, {200, 5, 1}}) + "}}}}\n");
  ASSERT_EQ(t.local_jobs.size(), 2u);
  EXPECT_DOUBLE_EQ(t.local_jobs[0].start_time, 90);
  EXPECT_DOUBLE_EQ(t.local_jobs[0].wait_time, 40);
  EXPECT_DOUBLE_EQ(t.local_jobs[1].start_time, 240);
  EXPECT_DOUBLE_EQ(t.local_jobs[1].wait_time, 40);
  ASSERT_EQ(t.cluster_energy.size(), 1u);
  EXPECT_EQ(t.cluster_energy[0].boots, 4); // both at 50, p-0 at 200, p-0 again for the grid job at 300
}

TEST(PowerManagement, ARunWithoutGridJobsEndsWithItsLastJobNotWithASwitchOff)
{
  // No grid jobs; one local job of 1 processor on p-0 from 0 to 50. p-1, idle from 0, goes off at 20; p-0, idle from
  // 50, would go off at 70, after the last job: the run ends at 50 all the same, and its energy is taken up to 50.
  RunStatistics statistics;
  auto t = simulate_yaml(on_p +
                             "power: {manager: idle_off, idle_timeout: 20, boot_time: 10, boot_energy: 1000}\n"
                             "workload: {jobs: 0}\ntrace: {local_jobs: true}\n"
                             "background: {model: none, clusters: {p: {model: replay, trace: {file: " +
                             local_log("p", {{0, 50, 1}}) + "}}}}\n",
                         &statistics);
  ASSERT_EQ(t.local_jobs.size(), 1u);
  EXPECT_DOUBLE_EQ(t.local_jobs[0].end_time, 50);
  EXPECT_DOUBLE_EQ(statistics.end_time, 50);
  ASSERT_EQ(t.cluster_energy.size(), 1u);
  const ClusterEnergyRow& e = t.cluster_energy[0];
  // p-0: 160 W for 50 s; p-1: 100 W for 20 s, then 10 W for 30 s.
  EXPECT_DOUBLE_EQ(e.joules, 8000 + 2000 + 300);
  EXPECT_DOUBLE_EQ(e.off_joules, 300);
  EXPECT_EQ(e.boots, 0);
}

TEST(PowerManagement, AShapedClaimThatDoesNotFitSwitchesOnTheHostsItNeeds)
{
  // Nodes of 1 core: a grid job of 2 processors needs 2 hosts. A local job holds a core of p-0 from 0 to 150; p-1,
  // idle from 0, goes off at 100. At 200 the grid job's claim finds p-0's 2 cores idle but only one host on: p-1 is
  // switched on (30 s) and the job starts at 230 on both hosts. (Counting cores alone switched nothing on, and the
  // grid scheduler placed the job again and again at 200: a livelock.)
  auto t = simulate_yaml(on_p +
                         "power: {manager: idle_off, idle_timeout: 100, boot_time: 30, boot_energy: 3000}\n"
                         "job_shape: {kind: nodes, cores_per_node: 1}\n"
                         "workload: {jobs: 1, arrival: batch, start: 200, components: 1, component_size: 2, "
                         "runtime: 50}\ntrace: {local_jobs: true}\n"
                         "background: {model: none, clusters: {p: {model: replay, trace: {file: " +
                         local_log("p", {{0, 150, 1}}) + "}}}}\n");
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, 0);
  EXPECT_DOUBLE_EQ(t.jobs[0].start_time, 230);
  EXPECT_EQ(t.jobs[0].submission_failures, 1);
  ASSERT_EQ(t.allocations.size(), 3u); // the local job's core, and the grid job's on p-0 and p-1
  ASSERT_EQ(t.cluster_energy.size(), 1u);
  EXPECT_EQ(t.cluster_energy[0].boots, 1);
}

namespace {
/** Nodes of 1 core: a local job of 2 processors needs 2 hosts. Both hosts are off from 10 s; the job arrives at 50
 *  with nothing else to happen. Its 2 cores by count switch p-0 on, and its shape p-1 too: it starts at 80 once both
 *  have booted (30 s) and ends at 100, under every local discipline. (Counting cores alone switched p-0 on only, and
 *  the job waited for ever on the hosts that were on.) One run per test: SimGrid loads a platform once a process. */
void expect_a_waiting_shaped_local_job_switches_on_the_hosts_it_needs(const std::string& discipline)
{
  auto t = simulate_yaml(on_p +
                         "power: {manager: idle_off, idle_timeout: 10, boot_time: 30, boot_energy: 3000}\n"
                         "job_shape: {kind: nodes, cores_per_node: 1}\n"
                         "workload: {jobs: 0}\ntrace: {local_jobs: true}\n"
                         "background: {model: none, scheduler: " +
                         discipline + ", clusters: {p: {model: replay, trace: {file: " + local_log("p", {{50, 20, 2}}) +
                         "}}}}\n");
  ASSERT_EQ(t.local_jobs.size(), 1u);
  EXPECT_DOUBLE_EQ(t.local_jobs[0].start_time, 80);
  EXPECT_DOUBLE_EQ(t.local_jobs[0].end_time, 100);
  ASSERT_EQ(t.cluster_energy.size(), 1u);
  EXPECT_EQ(t.cluster_energy[0].boots, 2);
}
} // namespace

TEST(PowerManagement, AWaitingShapedLocalJobSwitchesOnTheHostsItNeedsFcfs)
{
  expect_a_waiting_shaped_local_job_switches_on_the_hosts_it_needs("fcfs");
}

TEST(PowerManagement, AWaitingShapedLocalJobSwitchesOnTheHostsItNeedsEasy)
{
  expect_a_waiting_shaped_local_job_switches_on_the_hosts_it_needs("easy");
}

TEST(PowerManagement, AWaitingShapedLocalJobSwitchesOnTheHostsItNeedsConservative)
{
  expect_a_waiting_shaped_local_job_switches_on_the_hosts_it_needs("conservative");
}

TEST(PowerManagement, AWaitingShapedLocalJobSwitchesOnTheHostsItNeedsEasySjbf)
{
  expect_a_waiting_shaped_local_job_switches_on_the_hosts_it_needs("easy_sjbf");
}

TEST(PowerManagement, AWaitingShapedLocalJobWhoseCoresAreIdleOnTooFewHostsSwitchesOnAnother)
{
  // Nodes of 1 core. A local job of 1 processor holds a core of p-0 from 0 to 15; p-1, idle from 0, goes off at 10. A
  // local job of 2 processors arrives at 20: p-0's 2 cores are idle, as many as it holds, but it needs 2 hosts: p-1
  // is switched on (30 s) and the job runs from 50 to 70. (Counting cores alone switched nothing on: the job waited
  // for ever, and the run ended at 25 with it still waiting.)
  auto t = simulate_yaml(on_p +
                         "power: {manager: idle_off, idle_timeout: 10, boot_time: 30, boot_energy: 3000}\n"
                         "job_shape: {kind: nodes, cores_per_node: 1}\n"
                         "workload: {jobs: 0}\ntrace: {local_jobs: true}\n"
                         "background: {model: none, clusters: {p: {model: replay, trace: {file: " +
                         local_log("p", {{0, 15, 1}, {20, 20, 2}}) + "}}}}\n");
  ASSERT_EQ(t.local_jobs.size(), 2u);
  EXPECT_DOUBLE_EQ(t.local_jobs[1].start_time, 50);
  EXPECT_DOUBLE_EQ(t.local_jobs[1].end_time, 70);
  ASSERT_EQ(t.cluster_energy.size(), 1u);
  EXPECT_EQ(t.cluster_energy[0].boots, 1);
}

namespace {
/** Both hosts, idle from 0 with a timeout of 0, go off at 0. A grid job of 2 processors arrives at 100: the claim
 *  fails and switches p-0 on (25 s, 2500 J: 100 W). p-0 is up at 125, idle: the grid scheduler learns of it at once
 *  and it stays on while the job waits; the job starts on it at 125 and ends at 175. (Switched off as idle at 125, p-0
 *  was off again at every poll or pass that followed: each claim failed and booted it again, and the job starved.) */
void expect_hosts_switched_on_for_a_claim_stay_on_for_it(const std::string& poll_interval)
{
  auto t = simulate_yaml(on_p + "info_service: {poll_interval: " + poll_interval +
                         "}\n"
                         "power: {manager: idle_off, idle_timeout: 0, boot_time: 25, boot_energy: 2500}\n"
                         "workload: {jobs: 1, arrival: batch, start: 100, components: 1, component_size: 2, "
                         "runtime: 50}\n");
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& job = t.jobs[0];
  EXPECT_EQ(job.status, 0);
  EXPECT_DOUBLE_EQ(job.start_time, 125);
  EXPECT_DOUBLE_EQ(job.wait_time, 25);
  EXPECT_EQ(job.submission_failures, 1);
  ASSERT_EQ(t.cluster_energy.size(), 1u);
  const ClusterEnergyRow& e = t.cluster_energy[0];
  // p-0: 10 W off for 100 s, the boot, 200 W for 50 s; p-1: 10 W off for 175 s.
  EXPECT_DOUBLE_EQ(e.joules, 1000 + 2500 + 10000 + 1750);
  EXPECT_DOUBLE_EQ(e.grid_joules, 200 * 50);
  EXPECT_DOUBLE_EQ(e.off_joules, 1000 + 1750);
  EXPECT_DOUBLE_EQ(e.boot_joules, 2500);
  EXPECT_EQ(e.boots, 1);
  EXPECT_DOUBLE_EQ(e.idle_joules, 0);
}
} // namespace

TEST(PowerManagement, HostsSwitchedOnForAClaimStayOnForItPolled)
{
  expect_hosts_switched_on_for_a_claim_stay_on_for_it("10"); // p-0 is up between two polls
}

TEST(PowerManagement, HostsSwitchedOnForAClaimStayOnForItExact)
{
  expect_hosts_switched_on_for_a_claim_stay_on_for_it("0"); // its switch-off was due before the pass of 125
}

TEST(PowerManagement, APlacementOfAPolicyThatClaimsItselfSwitchesOnTheHostsItNeeds)
{
  // KOALA claims only what the hosts that are on can take: its claims never switched a host on, and its jobs waited
  // for ever once the hosts were off. Both hosts go off at 10. The grid job of 2 processors arrives at 100 and is
  // placed on p's cores switched off: the placement switches p-0 on (30 s, 3000 J), and its claiming try at the JST
  // (100) finds no core on. p-0 is up at 130 and stays on, idle, while the job waits; the next scan of the placement
  // queues (every 60 s from 0) places it at 180, and it runs on p-0 until 230.
  auto t = simulate_yaml(on_p + "policy: koala\n"
                                "power: {manager: idle_off, idle_timeout: 10, boot_time: 30, boot_energy: 3000}\n"
                                "workload: {jobs: 1, arrival: batch, start: 100, components: 1, component_size: 2, "
                                "runtime: 50}\n");
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& job = t.jobs[0];
  EXPECT_EQ(job.status, 0);
  EXPECT_DOUBLE_EQ(job.start_time, 180);
  EXPECT_DOUBLE_EQ(job.end_time, 230);
  ASSERT_EQ(t.allocations.size(), 1u);
  EXPECT_EQ(t.allocations[0].host, 0);
  ASSERT_EQ(t.cluster_energy.size(), 1u);
  const ClusterEnergyRow& e = t.cluster_energy[0];
  // Idle: both hosts 0-10, p-0 130-180 (100 W); off: p-0 10-100, p-1 10-230 (10 W); p-0 busy 180-230 (200 W).
  EXPECT_DOUBLE_EQ(e.idle_joules, 1000 + 1000 + 5000);
  EXPECT_DOUBLE_EQ(e.off_joules, 900 + 2200);
  EXPECT_DOUBLE_EQ(e.boot_joules, 3000);
  EXPECT_DOUBLE_EQ(e.grid_joules, 200 * 50);
  EXPECT_DOUBLE_EQ(e.joules, 7000 + 3100 + 3000 + 10000);
  EXPECT_EQ(e.boots, 1);
}
