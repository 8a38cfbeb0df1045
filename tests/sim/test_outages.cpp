/* Cluster outages as SimGrid host failures, on the tiny platform (clusters a and b of 4 single-core 1 Gflop/s
 * hosts, 10 MB/s between them; a 100 MB file crosses in 10 s): what happens to grid jobs of each kind of
 * policy. KOALA's transfer failure and the local side are in test_koala_runs.cpp. */
#include "PlacementRows.hpp"
#include "SimulationFixture.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>

using namespace coalsim;
using coalsim::testing::expect_placement;
using coalsim::testing::placements_of;
using coalsim::testing::simulate_yaml;

namespace {
std::vector<std::string> kinds(const Trace& t)
{
  std::vector<std::string> out;
  for (const auto& f : t.failures)
    out.push_back(std::string(f.kind) + "@" + std::to_string(f.cluster));
  return out;
}

/** One 3-processor job with a 100 MB file at b, under `policy`; cluster a is down from 5 to 105 s. */
std::string staging_job_meets_an_outage(const std::string& policy)
{
  return "policy: " + policy + R"(
workload: {jobs: 1, arrival: batch, components: 1, component_size: 3, runtime: 100,
           file: {size: 100MB, replicas: 1, sites: [b]}}
info_service: {poll_interval: 0}
faults: {clusters: {a: {outages: ["5+100"]}}}
)";
}
} // namespace

TEST(Outages, KoalaJobRunningOnAClusterThatGoesDownIsAbortedAndRunsAgainElsewhereUnderTheNetworkModel)
{
  // Under the network model the job's processes are parallel tasks on a's hosts. At 50 s a goes down: the
  // job is aborted and its task cancelled before the hosts are turned off (a task left on them would fail),
  // and it is placed again on b, where it runs its 100 s from the start.
  auto t = simulate_yaml(R"(
policy: {name: koala, placement: wf}
workload: {jobs: 1, arrival: batch, components: 1, component_size: 3, runtime: 100}
info_service: {poll_interval: 0}
runtime_model: {kind: network}
faults: {clusters: {a: {outages: ["50+100"]}}}
)");
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& j = t.jobs[0];
  EXPECT_EQ(j.status, 0);
  EXPECT_STREQ(j.clusters, "b");
  EXPECT_EQ(j.placements, 2);
  EXPECT_EQ(j.completion_failures, 1);
  EXPECT_NEAR(j.start_time, 50.0, 1e-6);
  EXPECT_NEAR(j.end_time, 150.0, 1e-6);
  EXPECT_EQ(kinds(t), (std::vector<std::string>{"outage@0", "component@0", "outage_end@0"}));
}

TEST(Outages, StagingJobOfAWaitQueuePolicyIsKilledWithItsClusterAndRecordedAsFailed)
{
  // wf claims a's processors at 0 and copies the file while they wait (immediate claiming). At 5 a goes
  // down with the job's processors: the attempt ends as a failed run, which wf does not take back (a drop).
  auto t = simulate_yaml(staging_job_meets_an_outage("wf"));
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, 1);
  EXPECT_EQ(t.jobs[0].completion_failures, 1);
  EXPECT_TRUE(std::isnan(t.jobs[0].start_time));
  EXPECT_EQ(kinds(t), (std::vector<std::string>{"outage@0", "component@0", "drop@-1", "outage_end@0"}));
  EXPECT_NEAR(t.failures[1].time, 5.0, 1e-6);
}

TEST(Outages, JobOfTheDcsKilledWithItsClusterIsRequeued)
{
  // The same job under the DCS: it holds a's processors from 0 while its file is copied there, dies with a at 5
  // and, as the DCS re-queues a failed run, is placed again at 5 on b (a is down), where its file is, and starts
  // at once.
  auto t = simulate_yaml(staging_job_meets_an_outage("{name: dcs, fit: plain_worstfit}"));
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& j = t.jobs[0];
  EXPECT_EQ(j.status, 0);
  EXPECT_STREQ(j.clusters, "b");
  EXPECT_EQ(j.completion_failures, 1);
  EXPECT_NEAR(j.start_time, 5.0, 1e-6);
  EXPECT_EQ(kinds(t), (std::vector<std::string>{"outage@0", "component@0", "outage_end@0"}));
}

TEST(Outages, CopyOfAnAfterTransferJobFailsAndTheJobIsBackAsAfterAFailedClaim)
{
  // With claiming after the transfer, the job holds nothing while its file is copied to a; at 5 the copy
  // fails with a's file server. The job goes back to the queue (a submission failure), is placed on b and
  // starts there at once.
  auto t = simulate_yaml(staging_job_meets_an_outage("{name: wf, claiming: after_transfer}"));
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& j = t.jobs[0];
  EXPECT_EQ(j.status, 0);
  EXPECT_STREQ(j.clusters, "b");
  EXPECT_EQ(j.submission_failures, 1);
  EXPECT_EQ(j.completion_failures, 0);
  EXPECT_NEAR(j.start_time, 5.0, 1e-6);
  EXPECT_EQ(kinds(t), (std::vector<std::string>{"outage@0", "component@0", "outage_end@0"}));
}

TEST(Outages, CopyFromAFileSiteThatGoesDownFailsAndCountsAgainstItAndTheJobWaitsForAReadableReplica)
{
  // The job's only replica is at b, which is down from 5 to 50 s. KOALA places it on a at 0 (WF) and copies
  // the file from b; at 5 the copy fails with b's file server: a component failure of b, the file site. The
  // job cannot be placed while its replica is out of reach; at the first scan after b is back (50) it is
  // placed on a again and starts at 60, after a 10 s copy.
  auto t = simulate_yaml(R"(
policy: {name: koala, placement: wf, scan_interval: 10}
workload: {jobs: 1, arrival: batch, components: 1, component_size: 3, runtime: 100,
           file: {size: 100MB, replicas: 1, sites: [b]}}
info_service: {poll_interval: 0}
faults: {clusters: {b: {outages: ["5+45"]}}}
)");
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& j = t.jobs[0];
  EXPECT_EQ(j.status, 0);
  EXPECT_STREQ(j.clusters, "a");
  EXPECT_EQ(j.placements, 2);
  EXPECT_EQ(j.completion_failures, 1);
  EXPECT_NEAR(j.placement_time, 50.0, 1e-6);
  EXPECT_NEAR(j.start_time, 60.0, 1e-6);
  EXPECT_EQ(kinds(t), (std::vector<std::string>{"outage@1", "component@1", "outage_end@1"}));
  EXPECT_GE(j.placement_tries, 4) << "tried at the scans of 10-40 s while b was down";
}

TEST(Outages, WaitQueuePolicyWaitsForAReadableReplicaInsteadOfPlacingTheJobOnAFileSiteThatIsDown)
{
  // b, the only file site, is down from 0 to 50 s; the job arrives at 1. wf with claiming after the transfer
  // would place it at once with its file from b, the copy would fail at once, and the job would be placed
  // again at the same instant, forever. The replica is out of reach in wf's view: the job waits for b, and
  // is placed when b is back.
  auto t = simulate_yaml(R"(
policy: {name: wf, claiming: after_transfer}
workload: {jobs: 1, start: 1, arrival: batch, components: 1, component_size: 3, runtime: 100,
           file: {size: 100MB, replicas: 1, sites: [b]}}
info_service: {poll_interval: 0}
faults: {clusters: {b: {outages: ["0+50"]}}}
)");
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& j = t.jobs[0];
  EXPECT_EQ(j.status, 0);
  EXPECT_NEAR(j.placement_time, 50.0, 1e-6);
  EXPECT_EQ(j.submission_failures, 0);
  EXPECT_NEAR(j.start_time, j.placement_time + j.file_transfer_time, 1e-6);
  EXPECT_EQ(kinds(t), (std::vector<std::string>{"outage@1", "outage_end@1"}));
}

TEST(Outages, OverlappingOutagesOfAClusterMakeOneFromTheFirstStartToTheLastEnd)
{
  // a is down 10-60 and 40-100 (one outage, 10-100): a local job submitted at 20 starts at 100, not at 60.
  std::string log = coalsim::testing::test_temp_file("overlapping-outages.swf");
  std::ofstream(log) << "; MaxProcs: 4\n1 20 -1 30 4 -1 -1 4 30 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
  auto t = simulate_yaml(R"(
workload: {jobs: 1, arrival: batch, components: 1, component_size: 1, runtime: 200, request_types: {ordered: 1},
           ordered_clusters: [b]}
trace: {local_jobs: true}
faults: {clusters: {a: {outages: ["10+50", "40+60"]}}}
background: {model: none, clusters: {a: {model: replay, trace: {file: )" +
                         log + "}}}}\n");
  ASSERT_EQ(t.local_jobs.size(), 1u);
  EXPECT_NEAR(t.local_jobs[0].start_time, 100.0, 1e-6);
  EXPECT_EQ(kinds(t), (std::vector<std::string>{"outage@0", "outage_end@0"}));
  EXPECT_NEAR(t.failures.back().time, 100.0, 1e-6) << "the outage ends with the last of the two";
}

TEST(Outages, RunCompletedByAWaitQueuePolicyResetsTheClustersConsecutiveErrors)
{
  // wf, grid jobs of 4 processors ordered on a (replayed), a down 10-15 and 150-155, 2 consecutive errors
  // mark a cluster unusable. Job 0 (0-100) dies at 10 (and is dropped: wf takes no failed run back): a's
  // first error. Job 1 runs 20-70 and completes: a's
  // count goes back to 0. Job 2 (100-200) dies at 150: a's first error again, so a stays usable and job 3,
  // submitted at 200, runs 200-210. Were the completed run not counted, a would be unusable from 150 and
  // job 3 would wait until the stop.
  std::string log = coalsim::testing::test_temp_file("grid.swf");
  std::ofstream(log) << "; MaxProcs: 4\n"
                        "1 0 -1 100 4 -1 -1 4 100 -1 1 -1 -1 -1 -1 1 -1 -1\n"
                        "2 20 -1 50 4 -1 -1 4 50 -1 1 -1 -1 -1 -1 1 -1 -1\n"
                        "3 100 -1 100 4 -1 -1 4 100 -1 1 -1 -1 -1 -1 1 -1 -1\n"
                        "4 200 -1 10 4 -1 -1 4 10 -1 1 -1 -1 -1 -1 1 -1 -1\n";
  auto t = simulate_yaml("policy: wf\n"
                         "workload: {trace: {file: " +
                         log +
                         ", partition_clusters: {1: a}}}\n"
                         "info_service: {poll_interval: 0}\n"
                         "faults: {unusable_after: 2, clusters: {a: {outages: [\"10+5\", \"150+5\"]}}}\n"
                         "stop: {max_time: 1000}\n");
  ASSERT_EQ(t.jobs.size(), 4u);
  EXPECT_EQ(kinds(t), (std::vector<std::string>{"outage@0", "component@0", "drop@-1", "outage_end@0", "outage@0",
                                                "component@0", "drop@-1", "outage_end@0"}));
  std::sort(t.jobs.begin(), t.jobs.end(), [](const JobRow& x, const JobRow& y) { return x.id < y.id; });
  EXPECT_EQ(t.jobs[1].status, 0);
  EXPECT_NEAR(t.jobs[1].end_time, 70.0, 1e-6);
  EXPECT_EQ(t.jobs[3].status, 0) << "a was marked unusable although a run completed there between its errors";
  EXPECT_NEAR(t.jobs[3].start_time, 200.0, 1e-6);
  EXPECT_NEAR(t.jobs[3].end_time, 210.0, 1e-6);
}

// /placements rows of the staging_job_meets_an_outage runs: the outage at 5 ends the first attempt as a
// component failure, whether the job had claimed (a failed run) or not (claiming after the transfer: counted
// as a submission failure).

TEST(Outages, WaitQueueJobKilledWithItsClusterHasOnePlacementEndingAsAComponentFailure)
{
  auto t    = simulate_yaml(staging_job_meets_an_outage("wf"));
  auto rows = placements_of(t, 0);
  ASSERT_EQ(rows.size(), 1u);
  expect_placement(rows, 0, {0, 0, 0, NAN, NAN, NAN, 5, "component_failed"});
}

TEST(Outages, DcsJobKilledWithItsClusterIsPlacedAgainAtTheOutageInASecondPlacementRow)
{
  // On a the job holds its processors from 0 while its file is copied from b, and dies with a at 5 before
  // it starts; placed again at 5 on b, where its file is, it starts at once.
  auto t    = simulate_yaml(staging_job_meets_an_outage("{name: dcs, fit: plain_worstfit}"));
  auto rows = placements_of(t, 0);
  ASSERT_EQ(rows.size(), 2u);
  expect_placement(rows, 0, {0, 0, 0, NAN, NAN, NAN, 5, "component_failed"});
  expect_placement(rows, 1, {5, 5, 0, NAN, NAN, 5, 105, "completed"});
}

TEST(Outages, AfterTransferJobWhoseCopyFailedIsPlacedAgainAtTheOutageInASecondPlacementRow)
{
  auto t    = simulate_yaml(staging_job_meets_an_outage("{name: wf, claiming: after_transfer}"));
  auto rows = placements_of(t, 0);
  ASSERT_EQ(rows.size(), 2u);
  expect_placement(rows, 0, {0, 0, 0, NAN, NAN, NAN, 5, "component_failed"});
  expect_placement(rows, 1, {5, 5, 0, NAN, NAN, 5, 105, "completed"});
}

namespace {
/** Two jobs of 3 processors, both ordered on a: job 0 runs there from 0, job 1 waits. a goes down 5-15 s and
 *  that one error marks it unusable. (stop.max_time ends the run should the jobs wait forever.) */
std::string jobs_outlived_by_their_only_cluster(const std::string& policy)
{
  return "policy: " + policy + R"(
workload: {jobs: 2, arrival: batch, components: 1, component_size: 3, runtime: 100,
           request_types: {ordered: 1}, ordered_clusters: [a]}
info_service: {poll_interval: 0}
faults: {unusable_after: 1, clusters: {a: {outages: ["5+10"]}}}
stop: {max_time: 100000}
)";
}

/** Both jobs leave as failed once a is marked unusable (at `drop_time`), instead of waiting forever. */
void expect_both_dropped(const Trace& t, double drop_time)
{
  ASSERT_EQ(t.jobs.size(), 2u);
  for (const auto& j : t.jobs)
    EXPECT_EQ(j.status, 1) << "job " << j.id;
  EXPECT_EQ(kinds(t),
            (std::vector<std::string>{"outage@0", "component@0", "unusable@0", "drop@-1", "drop@-1", "outage_end@0"}));
  EXPECT_NEAR(t.failures[3].time, drop_time, 1e-6);
  EXPECT_NEAR(t.failures[4].time, drop_time, 1e-6);
}
} // namespace

TEST(Outages, KoalaJobsThatOnlyFitAClusterMarkedUnusableLeaveAsFailedAtOnce)
{
  // The engine withdraws them at the pass after a was marked (5 s); KOALA's own check came at its next scan (10 s).
  expect_both_dropped(
      simulate_yaml(jobs_outlived_by_their_only_cluster("{name: koala, placement: wf, scan_interval: 10}")), 5.0);
}

TEST(Outages, DcsJobsThatOnlyFitAClusterMarkedUnusableLeaveAsFailedAtOnce)
{
  // The killed job is re-queued by the dcs, then dropped with the waiting one.
  expect_both_dropped(simulate_yaml(jobs_outlived_by_their_only_cluster("dcs")), 5.0);
}

TEST(Outages, ClusterStateProfileRepeatsWhileThereIsWorkAndEndsWithACycle)
{
  // a's outages as a state profile: down at 5 s, up at 15 s, every 50 s. The job (3 processors on a, 30 s)
  // runs from 0, dies at 5, runs again from the scan at 20 and completes at 50. The cycle begun while it was
  // in the system plays out (down 55-65); no other starts.
  auto t = simulate_yaml(R"(
policy: {name: koala, placement: wf, scan_interval: 10}
workload: {jobs: 1, arrival: batch, components: 1, component_size: 3, runtime: 30, request_types: {ordered: 1},
           ordered_clusters: [a]}
info_service: {poll_interval: 0}
faults: {clusters: {a: {outages: {profile: "5 0\n15 1\n", periodicity: 50}}}}
)");
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, 0);
  EXPECT_EQ(t.jobs[0].completion_failures, 1);
  EXPECT_NEAR(t.jobs[0].start_time, 20.0, 1e-6);
  EXPECT_NEAR(t.jobs[0].end_time, 50.0, 1e-6);
  EXPECT_EQ(kinds(t),
            (std::vector<std::string>{"outage@0", "component@0", "outage_end@0", "outage@0", "outage_end@0"}));
  EXPECT_NEAR(t.failures[3].time, 55.0, 1e-6);
  EXPECT_NEAR(t.failures[4].time, 65.0, 1e-6);
}
