/* Completion times on the tiny platform (two clusters of 4 one-core 1 Gflop/s nodes; 10 MB/s between
 * them, no latency), computed by hand. */
#include "PlacementRows.hpp"
#include "SimulationFixture.hpp"

#include <cstring>

using namespace coalsim;
using coalsim::testing::expect_placement;
using coalsim::testing::placements_of;
using coalsim::testing::simulate_yaml;

TEST(CompletionTimes, OneJobRunsItsRuntime)
{
  auto t = simulate_yaml(R"(
policy: wf
workload: {jobs: 1, arrival: batch, components: 1, component_size: 4, runtime: 100}
info_service: {poll_interval: 0}
)");
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_DOUBLE_EQ(t.jobs[0].start_time, 0.0);
  EXPECT_DOUBLE_EQ(t.jobs[0].end_time, 100.0);
  EXPECT_DOUBLE_EQ(t.jobs[0].response_time, 100.0);
  EXPECT_EQ(t.jobs[0].coallocated, 0);
}

TEST(CompletionTimes, CoallocatedJobStartsTogetherAndPaysTheSlowdown)
{
  RunStatistics stats;
  auto t = simulate_yaml(R"(
policy: wf
workload: {jobs: 1, arrival: batch, components: 2, component_size: 4, runtime: 50,
           request_types: {ordered: 1}, ordered_clusters: [a, b]}
runtime_model: {kind: delay, coallocation_slowdown: 1.5}
overheads: {submission: 3, completion: 2}
info_service: {poll_interval: 0}
)",
                         &stats);
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& job = t.jobs[0];
  EXPECT_DOUBLE_EQ(job.start_time, 3.0);       // after the submission overhead
  EXPECT_DOUBLE_EQ(job.end_time, 3.0 + 75.0);  // 50 s x 1.5 across two clusters
  EXPECT_DOUBLE_EQ(job.completion_time, 80.0); // + 2 s completion overhead
  EXPECT_DOUBLE_EQ(job.overhead, 5.0);
  EXPECT_EQ(job.coallocated, 1);
  EXPECT_DOUBLE_EQ(job.job_spread, 1.0);
  EXPECT_STREQ(job.clusters, "a+b");
  ASSERT_EQ(t.components.size(), 2u);
  EXPECT_EQ(t.components[0].cluster, 0);
  EXPECT_EQ(t.components[1].cluster, 1);
  // 8 processors busy for 75 s out of 8 x 80 processor-seconds.
  EXPECT_NEAR(stats.grid_utilization(), 8 * 75.0 / (8 * 80.0), 1e-12);
}

TEST(CompletionTimes, InputFileCrossesTheWideAreaBeforeTheStart)
{
  auto t = simulate_yaml(R"(
policy: wf
workload: {jobs: 1, arrival: batch, components: 1, component_size: 4, runtime: 20,
           request_types: {ordered: 1}, ordered_clusters: [a], file: {size: 100MB, sites: [b]}}
info_service: {poll_interval: 0}
)");
  ASSERT_EQ(t.jobs.size(), 1u);
  // 100 MB over the 10 MB/s link: 10 s, then 20 s of runtime.
  EXPECT_DOUBLE_EQ(t.jobs[0].file_transfer_time, 10.0);
  EXPECT_DOUBLE_EQ(t.jobs[0].start_time, 10.0);
  EXPECT_DOUBLE_EQ(t.jobs[0].end_time, 30.0);
  ASSERT_EQ(t.components.size(), 1u);
  EXPECT_EQ(t.components[0].file_site, 1);
  EXPECT_DOUBLE_EQ(t.components[0].transfer_time, 10.0);
}

TEST(CompletionTimes, TwoTransfersShareTheWideAreaLink)
{
  auto t = simulate_yaml(R"(
policy: wf
workload: {jobs: 2, arrival: batch, components: 1, component_size: 2, runtime: 20,
           request_types: {ordered: 1}, ordered_clusters: [a], file: {size: 100MB, sites: [b]}}
info_service: {poll_interval: 0}
)");
  ASSERT_EQ(t.jobs.size(), 2u);
  for (const auto& job : t.jobs) {
    // Both 100 MB files cross the 10 MB/s link at once: 5 MB/s each, 20 s.
    EXPECT_DOUBLE_EQ(job.file_transfer_time, 20.0) << "job " << job.id;
    EXPECT_DOUBLE_EQ(job.start_time, 20.0) << "job " << job.id;
    EXPECT_DOUBLE_EQ(job.end_time, 40.0) << "job " << job.id;
  }
}

TEST(CompletionTimes, NetworkModeComputesAtHostSpeedAndExchangesHalosOverTheLinks)
{
  auto t = simulate_yaml(R"(
policy: wf
workload: {jobs: 2, arrival: batch, components: 2, component_size: 2, runtime: 10,
           request_types: {ordered: 1}, ordered_clusters: [a, a]}
runtime_model: {kind: network, iterations: 1, halo_bytes: 0}
info_service: {poll_interval: 0}
)");
  ASSERT_EQ(t.jobs.size(), 2u);
  // 10 Gflop per process on 1 Gflop/s cores, no exchange: 10 s. The second job waits for the first.
  EXPECT_NEAR(t.jobs[0].runtime, 10.0, 1e-9);
  EXPECT_NEAR(t.jobs[1].start_time, 10.0, 1e-9);
  EXPECT_NEAR(t.jobs[1].end_time, 20.0, 1e-9);
}

TEST(CompletionTimes, NetworkModeWideAreaHaloSlowsACoallocatedJob)
{
  auto t = simulate_yaml(R"(
policy: wf
workload: {jobs: 1, arrival: batch, components: 2, component_size: 1, runtime: 10,
           request_types: {ordered: 1}, ordered_clusters: [a, b]}
runtime_model: {kind: network, iterations: 1, halo_bytes: 100MB}
info_service: {poll_interval: 0}
)");
  ASSERT_EQ(t.jobs.size(), 1u);
  // Two processes, one per cluster, exchange 100 MB each way over the shared 10 MB/s wide-area link:
  // 200 MB / 10 MB/s = 20 s, which dominates the 10 s of computation (L07 overlaps the two).
  EXPECT_NEAR(t.jobs[0].runtime, 20.0, 1e-6);
}

TEST(CompletionTimes, StaleIdleCountMakesClaimsFailUntilAPollShowsTheTruth)
{
  // Cluster a's local users submit a 4-processor job every 1000 s (at 1000, 2000, ...) for 25 s. The
  // grid job is placed at 0 on the idle count polled at 0; its claim comes 1010 s later (submission
  // overhead), when the local job holds the processors: a submission failure, which tells the scheduler
  // that cluster a has 0 idle. The polls at 1020 (local job still running) and 1050 (4 idle again) bring
  // the truth; the job is placed at 1050, claims at 2060, after the next local job (2000-2025), and runs.
  RunStatistics stats;
  auto t = simulate_yaml(coalsim::testing::stale_poll_scenario("{name: wf, max_submission_failures: 5}"), &stats);
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& job = t.jobs[0];
  EXPECT_EQ(job.status, 0);
  EXPECT_EQ(job.submission_failures, 1);
  EXPECT_DOUBLE_EQ(job.placement_time, 1050.0);
  EXPECT_DOUBLE_EQ(job.start_time, 2060.0);
  EXPECT_DOUBLE_EQ(job.end_time, 2160.0);
  ASSERT_EQ(t.failures.size(), 1u);
  EXPECT_DOUBLE_EQ(t.failures[0].time, 1010.0);
  EXPECT_STREQ(t.failures[0].kind, "claim");
  EXPECT_EQ(t.failures[0].cluster, 0);
}

TEST(CompletionTimes, JobDroppedAfterItsMaximumOfSubmissionFailures)
{
  auto t = simulate_yaml(R"(
policy: {name: wf, max_submission_failures: 1}
workload: {jobs: 1, arrival: batch, components: 1, component_size: 4, runtime: 100,
           request_types: {ordered: 1}, ordered_clusters: [a]}
background: {model: none, clusters: {a: {model: synthetic, interarrival: 1000, size: 4, runtime: 25}}}
info_service: {poll_interval: 30}
overheads: {submission: 1010}
)");
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, 1); // failed
  EXPECT_EQ(t.jobs[0].submission_failures, 1);
  EXPECT_TRUE(std::isnan(t.jobs[0].start_time));
  // Dropped by the pass after its claim failed at 1010 s: the user learns of it then.
  ASSERT_EQ(t.failures.size(), 2u);
  EXPECT_STREQ(t.failures[1].kind, "drop");
  EXPECT_NEAR(t.failures[1].time, 1010.0, 1e-6);
  EXPECT_NEAR(t.jobs[0].completion_time, 1010.0, 1e-6);
  EXPECT_NEAR(t.jobs[0].response_time, 1010.0, 1e-6);
}

TEST(CompletionTimes, EachPlacementOfAJobWhoseClaimFailedHasAPlacementRow)
{
  // The stale-poll job above: placed at 0, its claim fails at 1010 before any start. Back in the queue from
  // 1010, the pass after the failed claim cannot place it (1 try: a has 0 idle, and the poll at 1020 finds no
  // change); the poll at 1050 shows a idle and it is placed then, claims at 2060 and completes at 2160. Policies other
  // than KOALA have no estimated FTT or JST. /jobs counts one placement for them (placement_time is the last one).
  auto t    = simulate_yaml(coalsim::testing::stale_poll_scenario("{name: wf, max_submission_failures: 5}"));
  auto rows = placements_of(t, 0);
  ASSERT_EQ(rows.size(), 2u);
  expect_placement(rows, 0, {0, 0, 0, NAN, NAN, NAN, 1010, "claim_failed"});
  expect_placement(rows, 1, {1010, 1050, 1, NAN, NAN, 2060, 2160, "completed"});
  EXPECT_EQ(t.jobs[0].placement_tries, 1);
  EXPECT_EQ(t.jobs[0].placements, 1);
}
