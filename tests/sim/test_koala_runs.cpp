/* KOALA on the tiny platform (two clusters of 4 processors, 10 MB/s between them). */
#include "PlacementRows.hpp"
#include "SimulationFixture.hpp"
#include "SwfLogs.hpp"
#include "sim/config/InputError.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

using namespace coalsim;
using coalsim::testing::expect_placement;
using coalsim::testing::grid_log;
using coalsim::testing::GridJob;
using coalsim::testing::local_log;
using coalsim::testing::placements_of;
using coalsim::testing::simulate_yaml;

namespace {
/** `jobs` jobs of one component of 4 processors, arriving at once, each with a 100 MB file at b. */
std::string jobs_with_file_at_b(int jobs, const std::string& policy = "{name: koala, placement: wf}")
{
  return "policy: " + policy + "\nworkload: {jobs: " + std::to_string(jobs) +
         ", arrival: batch, components: 1, component_size: 4, runtime: 100,\n"
         "           file: {size: 100MB, replicas: 1, sites: [b]}}\n"
         "info_service: {poll_interval: 0}\n";
}

const JobRow& job_with(const Trace& t, int placements)
{
  auto it = std::find_if(t.jobs.begin(), t.jobs.end(), [&](const JobRow& j) { return j.placements == placements; });
  if (it == t.jobs.end())
    throw std::runtime_error("no job with " + std::to_string(placements) + " placements");
  return *it;
}
} // namespace

TEST(KoalaRuns, JobClaimsAtJctAndStartsWhenTheFileHasArrived)
{
  // One component of 4 on cluster b (the only one idle at... both are idle: WF takes a), file at b:
  // FTT = 100 MB / 10 MB/s = 10 s; JCT = 0.75 * 10 = 7.5 s; start at 10 s.
  auto t = simulate_yaml(jobs_with_file_at_b(1));
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& j = t.jobs[0];
  EXPECT_EQ(j.status, 0);
  EXPECT_NEAR(j.estimated_ftt, 10.0, 1e-6);
  EXPECT_NEAR(j.start_time, 10.0, 1e-6);
  EXPECT_NEAR(j.pgt, 4 * 7.5, 1e-6) << "claimed at JCT_0 = JPT + 0.75 FTT";
  EXPECT_NEAR(j.pwt, 4 * 2.5, 1e-6) << "held from the claim to the start";
  EXPECT_EQ(j.claiming_tries, 1);
  EXPECT_EQ(j.placements, 1);
}

TEST(KoalaRuns, ClusterFailingRepeatedlyIsMarkedUnusableAndEveryJobCompletes)
{
  auto t = simulate_yaml(R"(
policy: {name: koala, placement: wf, scan_interval: 10}
workload: {jobs: 20, arrival: poisson, rate: 0.02, components: 1, component_size: 2, runtime: 50}
faults:
  unusable_after: 3
  clusters:
    a: {component_failure: 1.0}
info_service: {poll_interval: 0}
)");
  ASSERT_EQ(t.jobs.size(), 20u);
  for (const auto& j : t.jobs)
    EXPECT_EQ(j.status, 0) << "job " << j.id << " did not complete";
  int unusable = 0, component = 0;
  for (const auto& f : t.failures) {
    if (std::strcmp(f.kind, "unusable") == 0) {
      ++unusable;
      EXPECT_EQ(f.cluster, 0);
    }
    if (std::strcmp(f.kind, "component") == 0) {
      ++component;
      EXPECT_EQ(f.cluster, 0) << "only cluster a fails";
    }
  }
  EXPECT_EQ(unusable, 1);
  EXPECT_GE(component, 3);
  int failed_runs = 0;
  for (const auto& j : t.jobs) {
    failed_runs += j.completion_failures;
    EXPECT_EQ(j.placements, j.completion_failures + 1);
    EXPECT_STREQ(j.clusters, "b") << "job " << j.id << ": every run on a fails";
  }
  EXPECT_EQ(failed_runs, component);
}

TEST(KoalaRuns, PlacementReservesNoProcessorsSoAClaimCanFailAndTheJobIsPlacedAgain)
{
  // KOALA's CO places on the idle counts the MDS reports; a placed job's processors are not taken until
  // they are claimed at the JCT (the time until then is processor gained time, free for anyone). Without
  // counting its own pending claims (count_pending: false), two jobs of 4 with their file at b, arriving
  // at 0 and 0.51 s (seed 1), both go to a by WF (4 idle in the view each time: jobs placed at one pass
  // would see each other). At JCT 7.5 the first claims a's 4 processors; the second cannot claim, reaches
  // its JST (arrival + 10 s) with nothing claimed, goes back to the placement queue and is placed again,
  // on b (its file site: no transfer), at once.
  auto yaml = jobs_with_file_at_b(2, "{name: koala, placement: wf, count_pending: false}\nseed: 1");
  yaml.replace(yaml.find("arrival: batch"), std::strlen("arrival: batch"), "arrival: poisson, rate: 0.5");
  auto t = simulate_yaml(yaml);
  ASSERT_EQ(t.jobs.size(), 2u);
  auto first  = std::find_if(t.jobs.begin(), t.jobs.end(), [](const JobRow& j) { return j.placements == 1; });
  auto second = std::find_if(t.jobs.begin(), t.jobs.end(), [](const JobRow& j) { return j.placements == 2; });
  ASSERT_NE(first, t.jobs.end());
  ASSERT_NE(second, t.jobs.end()) << "with a reserving placement the second job would have gone to b at once";
  ASSERT_GT(second->submit_time, 0.0);
  ASSERT_LT(second->submit_time, 7.5) << "the second job must arrive before the first claims";
  EXPECT_STREQ(first->clusters, "a");
  EXPECT_NEAR(first->pgt, 4 * 7.5, 1e-6) << "claimed at JCT_0";
  EXPECT_STREQ(second->clusters, "b");
  EXPECT_NEAR(second->start_time, second->submit_time + 10.0, 1e-6);
  EXPECT_NEAR(second->pgt, 4 * 10.0, 1e-6) << "placed at its arrival and unclaimed until its failed JST 10 s later "
                                              "(gained), then claimed at once";
  EXPECT_NEAR(second->pwt, 0.0, 1e-6);
  EXPECT_EQ(second->submission_failures, 1);
  int claim_failures = 0;
  for (const auto& f : t.failures)
    claim_failures += std::strcmp(f.kind, "claim") == 0;
  EXPECT_EQ(claim_failures, 1);
}

TEST(KoalaRuns, CountedPendingClaimsKeepTheNextJobOffThemWhileTheProcessorsStayFree)
{
  // By default the CO counts a placed job's unclaimed processors as taken when it places the next grid job
  // ("an execution site which will have enough idle processors at the JST", Section 5.1): the second job
  // goes to b at once and no claim fails. The first job's processors are still only claimed at its JCT.
  auto t = simulate_yaml(jobs_with_file_at_b(2));
  ASSERT_EQ(t.jobs.size(), 2u);
  for (const auto& j : t.jobs) {
    EXPECT_EQ(j.placements, 1);
    EXPECT_EQ(j.submission_failures, 0);
  }
  auto on_a =
      std::find_if(t.jobs.begin(), t.jobs.end(), [](const JobRow& j) { return std::strcmp(j.clusters, "a") == 0; });
  auto on_b =
      std::find_if(t.jobs.begin(), t.jobs.end(), [](const JobRow& j) { return std::strcmp(j.clusters, "b") == 0; });
  ASSERT_NE(on_a, t.jobs.end());
  ASSERT_NE(on_b, t.jobs.end());
  EXPECT_NEAR(on_a->pgt, 4 * 7.5, 1e-6) << "processors gained until JCT_0, as without counting";
  EXPECT_NEAR(on_b->start_time, 0.0, 1e-6) << "file already at b: claimed and started at once";
  for (const auto& f : t.failures)
    EXPECT_STRNE(f.kind, "claim");
}

TEST(KoalaRuns, MeasuredBandwidthKeepsToTheTcpWindowBoundAsTheTransferDoes)
{
  // DAS-2 with 1 Gbit/s access links, a 1 GB file from fs1 to fs0 (WF's choice: the largest cluster) and a
  // 64 KiB TCP window: SimGrid caps the flow at gamma / (2 x route latency), about 16 MB/s instead of the
  // link's 125 MB/s. The repository's measurement, like Iperf's, must see the same cap, or KOALA would
  // claim the processors long before the file arrives.
  auto t = simulate_yaml(R"(
platform: )" COALSIM_SOURCE_DIR R"(/platforms/das2-koala.xml
policy: {name: koala, placement: wf}
workload: {jobs: 1, arrival: batch, components: 1, component_size: 8, runtime: 100,
           file: {size: 1GB, replicas: 1, sites: [fs1]}}
info_service: {poll_interval: 0, bandwidth_expiry: 30}
simgrid: {options: ["network/TCP-gamma:65536"]}
)");
  ASSERT_EQ(t.jobs.size(), 1u);
  const auto& job = t.jobs[0];
  EXPECT_STREQ(job.clusters, "fs0");
  EXPECT_GT(job.estimated_ftt, 40.0) << "at the link's bandwidth 1 GB takes 8 s";
  EXPECT_NEAR(job.file_transfer_time, job.estimated_ftt, 0.01 * job.estimated_ftt);
}

TEST(KoalaRuns, AbortedJobsTransferIsCancelledSoTheOtherTransferOnTheLinkSpeedsUp)
{
  // Two jobs of 2 processors ordered on a, each copying a 100 MB file from b over the 10 MB/s link: 5 MB/s
  // each, estimated FTT 10 s (the route's nominal bandwidth), JST 10, JCT 7.5. A local job holds 2 of a's 4
  // processors from 1 s, so at 7.5 only the first job can claim; the second reaches its JST at 10 unclaimed
  // and goes back to its placement queue with 50 MB copied. Its copy is cancelled: the first job's copy
  // (50 MB left) has the link alone and arrives at 15 s. Had the aborted copy kept its share, both would
  // arrive at 20 s.
  auto t = simulate_yaml("policy: {name: koala, placement: wf}\n"
                         "workload: {jobs: 2, arrival: batch, components: 1, component_size: 2, runtime: 100,\n"
                         "           request_types: {ordered: 1}, ordered_clusters: [a],\n"
                         "           file: {size: 100MB, replicas: 1, sites: [b]}}\n"
                         "info_service: {poll_interval: 0}\n"
                         "background: {model: none, clusters: {a: {model: replay, trace: {file: " +
                         local_log("a", {{1, 1000, 2}}) + "}}}}\n");
  ASSERT_EQ(t.jobs.size(), 2u);
  const JobRow& first = job_with(t, 1);
  EXPECT_NEAR(first.estimated_ftt, 10.0, 1e-6);
  EXPECT_NEAR(first.pgt, 2 * 7.5, 1e-6) << "claimed at JCT_0";
  EXPECT_NEAR(first.file_transfer_time, 15.0, 1e-6) << "the aborted job's copy kept taking half of the link";
  EXPECT_NEAR(first.start_time, 15.0, 1e-6);
  const JobRow& second = job_with(t, 2);
  EXPECT_EQ(second.status, 0);
  EXPECT_EQ(second.submission_failures, 1);
  ASSERT_EQ(t.failures.size(), 1u);
  EXPECT_STREQ(t.failures[0].kind, "claim");
  EXPECT_NEAR(t.failures[0].time, 10.0, 1e-6);
  EXPECT_EQ(t.failures[0].job_id, second.id);
}

TEST(KoalaRuns, IcpReplacementCancelsTheComponentsOldTransfer)
{
  // Two unordered jobs of 2 processors with a 100 MB file at b, while a local job holds all of b until 5 s:
  // CF puts both on a (the pair (a, b) of its history), copying over the 10 MB/s link at 5 MB/s each
  // (estimated FTT 10, JCT 7.5). A local job takes 2 of a's processors at 1 s. At 7.5 the first job claims
  // a's last 2; the second cannot, and with T = 0 the ICP re-places it on b, its file site, now idle: it
  // starts there at once and its copy to a, 37.5 MB along, is cancelled. The first job's copy then has the
  // link alone: 62.5 MB at 10 MB/s, arriving at 13.75 s (20 s if the old copy kept its share).
  auto t = simulate_yaml("policy: {name: koala, placement: cf, T: 0}\n"
                         "workload: {jobs: 2, arrival: batch, components: 1, component_size: 2, runtime: 100,\n"
                         "           file: {size: 100MB, replicas: 1, sites: [b]}}\n"
                         "info_service: {poll_interval: 0}\n"
                         "background: {model: none, clusters: {a: {model: replay, trace: {file: " +
                         local_log("a", {{1, 1000, 2}}) +
                         "}}, b: {model: replay, trace: {file: " + local_log("b", {{0, 5, 4}}) + "}}}}\n");
  ASSERT_EQ(t.jobs.size(), 2u);
  auto on = [&](const char* cluster) -> const JobRow& {
    auto it = std::find_if(t.jobs.begin(), t.jobs.end(),
                           [&](const JobRow& j) { return std::strcmp(j.clusters, cluster) == 0; });
    if (it == t.jobs.end())
      throw std::runtime_error(std::string("no job on ") + cluster);
    return *it;
  };
  const JobRow& moved = on("b");
  EXPECT_EQ(moved.placements, 1) << "re-placed by the ICP, not returned to the placement queue";
  EXPECT_NEAR(moved.start_time, 7.5, 1e-6);
  EXPECT_EQ(moved.file_transfer_time, 0.0);
  const JobRow& stayed = on("a");
  EXPECT_NEAR(stayed.file_transfer_time, 13.75, 1e-6) << "the re-placed component's old copy kept its share";
  EXPECT_NEAR(stayed.start_time, 13.75, 1e-6);
  EXPECT_TRUE(t.failures.empty());
}

namespace {
/** One job of two 2-processor components ordered on a and b, with a 100 MB file at b (FTT 10 s, JST 10,
 *  tries at 7.5 and at the JST), T = 0 so that components claim one by one (unless `T` says otherwise). Local jobs: 3
 * of a's processors from 1 to 201 s, 2 of b's from 1 to 301 s, and 2 more of b's submitted at 8 s for 100 s, which
 * waits for the grid job's claimed processors on b. */
std::string claims_keep_failing(const std::string& limit, const std::string& T = "0")
{
  return "policy: {name: koala, placement: wf, T: " + T + limit +
         "}\n"
         "workload: {jobs: 1, arrival: batch, components: 2, component_size: 2, runtime: 100,\n"
         "           request_types: {ordered: 1}, ordered_clusters: [a, b],\n"
         "           file: {size: 100MB, replicas: 1, sites: [b]}}\n"
         "info_service: {poll_interval: 0}\n"
         "trace: {local_jobs: true}\n"
         "background: {model: none, clusters: {a: {model: replay, trace: {file: " +
         local_log("a", {{1, 200, 3}}) +
         "}}, b: {model: replay, trace: {file: " + local_log("b", {{1, 300, 2}, {8, 100, 2}}) + "}}}}\n";
}

double local_start(const Trace& t, int cluster, double submit)
{
  for (const auto& j : t.local_jobs)
    if (j.cluster == cluster && j.submit_time == submit)
      return j.start_time;
  return NAN;
}
} // namespace

TEST(KoalaRuns, JobFailsWhenItsClaimingTriesExceedTheLimit)
{
  // At 7.5 the component on b claims its 2 processors; the one on a cannot (1 idle), and neither the ICP's
  // re-placement nor preemption finds room. The second try, at 10 s, fails too: 2 tries exceed the limit
  // of 1, so the job fails there: b's processors are released (the local job waiting on b since 8 s starts
  // at 10; it would wait until 301 otherwise), a drop row is written, and the run ends.
  auto t = simulate_yaml(claims_keep_failing(", max_claiming_tries: 1"));
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& j = t.jobs[0];
  EXPECT_EQ(j.status, 1) << "failed";
  EXPECT_EQ(j.claiming_tries, 2);
  EXPECT_TRUE(std::isnan(j.start_time));
  ASSERT_EQ(t.failures.size(), 1u);
  EXPECT_STREQ(t.failures[0].kind, "drop");
  EXPECT_EQ(t.failures[0].job_id, 0);
  EXPECT_EQ(t.failures[0].cluster, -1);
  EXPECT_NEAR(t.failures[0].time, 10.0, 1e-6);
  EXPECT_NEAR(local_start(t, 1, 8), 10.0, 1e-6) << "the failed job kept its processors on b";
}

namespace {
/** The job of claims_keep_failing without a claiming limit: one claim failure at its JST (10 s), placed again
 *  at the first scan after a's local job ends (240 s), claimed at 245 and started when its file arrives, at
 *  250. b's local job submitted at 8 starts at `b_local_start`. */
void expect_one_claim_failure_then_start_at_250(const Trace& t, double b_local_start)
{
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& j = t.jobs[0];
  EXPECT_EQ(j.status, 0);
  EXPECT_EQ(j.placements, 2);
  EXPECT_EQ(j.claiming_tries, 3);
  EXPECT_NEAR(j.start_time, 250.0, 1e-6);
  ASSERT_EQ(t.failures.size(), 1u);
  EXPECT_STREQ(t.failures[0].kind, "claim");
  EXPECT_NEAR(t.failures[0].time, 10.0, 1e-6);
  EXPECT_NEAR(local_start(t, 1, 8), b_local_start, 1e-6);
}
} // namespace

TEST(KoalaRuns, WithoutAClaimingLimitTheJobWhoseClaimsFailEventuallyCompletes)
{
  // The same run without a limit (the default), T = 0: the component on b claims at 7.5 and holds b's
  // processors until the JST, when the job releases them and goes back to its queue (L 0.5).
  expect_one_claim_failure_then_start_at_250(simulate_yaml(claims_keep_failing("")), 10.0);
}

TEST(KoalaRuns, AtomicClaimingClaimsNoComponentWhileAnotherCannotBeClaimed)
{
  // The same job with T = 1: at 7.5 the component on b could claim but the one on a cannot, so F = 1/2 < T
  // and the ICP claims nothing: b's 2 idle processors stay free and the local job submitted there at 8
  // starts at once (with T = 0 it waits until the JST, 10). The rest is as with T = 0 (b's second local job
  // ends at 108, a's at 201).
  expect_one_claim_failure_then_start_at_250(simulate_yaml(claims_keep_failing("", "1")), 8.0);
}

TEST(KoalaRuns, OutageFailsTheTransferIntoTheClusterKillsItsLocalJobsAndItsProcessorsComeBackAfterIt)
{
  // Cluster a is down from 5 to 105 s (its hosts are turned off in SimGrid). The grid job (3 processors,
  // 100 MB file at b) is placed on a by WF at 0 and copies its file from b over the 10 MB/s link, to claim at
  // 7.5. At 5 the copy fails with a's file server: a component failure on a; the job goes back to its queue
  // and is placed at once on b (its file site), where it starts at 5 and ends at 205. A local job running on
  // a since 1 is killed at 5; one submitted at 20 waits for a to come back and starts at 105.
  auto t = simulate_yaml("policy: {name: koala, placement: wf}\n"
                         "workload: {jobs: 1, arrival: batch, components: 1, component_size: 3, runtime: 200,\n"
                         "           file: {size: 100MB, replicas: 1, sites: [b]}}\n"
                         "info_service: {poll_interval: 0}\n"
                         "trace: {local_jobs: true}\n"
                         "faults: {clusters: {a: {outages: [\"5+100\"]}}}\n"
                         "background: {model: none, clusters: {a: {model: replay, trace: {file: " +
                         local_log("a", {{1, 50, 1}, {20, 30, 1}}) + "}}}}\n");
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& j = t.jobs[0];
  EXPECT_EQ(j.status, 0);
  EXPECT_STREQ(j.clusters, "b") << "placed again away from the failed cluster";
  EXPECT_EQ(j.placements, 2);
  EXPECT_EQ(j.completion_failures, 1);
  EXPECT_NEAR(j.start_time, 5.0, 1e-6);
  EXPECT_NEAR(j.end_time, 205.0, 1e-6);
  ASSERT_EQ(t.failures.size(), 3u);
  EXPECT_STREQ(t.failures[0].kind, "outage");
  EXPECT_EQ(t.failures[0].job_id, -1);
  EXPECT_EQ(t.failures[0].cluster, 0);
  EXPECT_STREQ(t.failures[1].kind, "component") << "the failed copy counts against a";
  EXPECT_EQ(t.failures[1].job_id, 0);
  EXPECT_EQ(t.failures[1].cluster, 0);
  for (int i : {0, 1})
    EXPECT_NEAR(t.failures[i].time, 5.0, 1e-6);
  EXPECT_STREQ(t.failures[2].kind, "outage_end");
  EXPECT_NEAR(t.failures[2].time, 105.0, 1e-6);
  ASSERT_EQ(t.local_jobs.size(), 2u);
  EXPECT_NEAR(local_start(t, 0, 1), 1.0, 1e-6);
  auto killed =
      std::find_if(t.local_jobs.begin(), t.local_jobs.end(), [](const LocalJobRow& l) { return l.submit_time == 1; });
  EXPECT_NEAR(killed->end_time, 5.0, 1e-6) << "killed by the outage, not ended at 51";
  EXPECT_NEAR(local_start(t, 0, 20), 105.0, 1e-6) << "a's processors are back after the outage, not before";
  // a's utilization: the local job until 5, nothing during the outage.
  ASSERT_GE(t.sample_time.size(), 2u);
  EXPECT_NEAR(t.background_busy[0 * t.columns + 0], 4.0 / 60.0, 1e-9) << "1 processor from 1 to 5, over 60 s";
  EXPECT_NEAR(t.background_busy[1 * t.columns + 0], 15.0 / 60.0, 1e-9) << "60-120: down until 105, then 1 from 105";
}

namespace {
/** The preemption scenario on cluster b (4 processors), every grid job ordered on b with a 100 MB file at a
 *  (estimated FTT 10 s at the link's 10 MB/s: JCT = JPT + 7.5, JST = JPT + 10), T = 0 so that the ICP acts on
 *  a job whose component cannot claim, placements that reserve nothing (count_pending: false) and scans every
 *  10 s. A local job holds 3 of b's processors from 0 to 18.
 *  - job 0 (2 processors, 100 s) arrives at 0, finds 1 idle, waits; the scan at 20 places it: JCT 27.5, JST 30;
 *  - job 1 (1 processor, 1000 s) arrives at 5 and is placed on b's last idle processor: it claims at 12.5,
 *    its file arrives at 15 (the link to itself) and it runs from 15 to 1015;
 *  - job 2 (2 processors, 100 s) arrives at 21 and, the 3 idle processors being only placed, not claimed, is
 *    placed on b too: JCT 28.5, JST 31. Its copy shares the link with job 0's from 21.
 *  At 27.5 job 0 claims 2 processors; at 28.5 job 2 finds 1 idle of the 2 it needs and cannot move (ordered).
 *  The priorities are drawn from `priorities` with the run's seed. */
std::string preemption_scenario(const std::string& priorities, int seed)
{
  return "seed: " + std::to_string(seed) +
         "\n"
         "policy: {name: koala, placement: wf, T: 0, count_pending: false, scan_interval: 10}\n"
         "workload:\n"
         "  priorities: " +
         priorities +
         "\n"
         "  file: {size: 100MB, replicas: 1, sites: [a]}\n"
         "  trace: {file: " +
         grid_log("grid", {{0, 100, 2, 1}, {5, 1000, 1, 1}, {21, 100, 2, 1}}) +
         ", partition_clusters: {1: b}}\n"
         "info_service: {poll_interval: 0}\n"
         "background: {model: none, clusters: {b: {model: replay, trace: {file: " +
         local_log("b", {{0, 18, 3}}) + "}}}}\n";
}

const JobRow& job_id(const Trace& t, JobId id)
{
  auto it = std::find_if(t.jobs.begin(), t.jobs.end(), [&](const JobRow& j) { return j.id == id; });
  if (it == t.jobs.end())
    throw std::runtime_error("no job " + std::to_string(id));
  return *it;
}
} // namespace

TEST(KoalaRuns, HighPriorityJobPreemptsTheNewestLowerPriorityJobOnItsCluster)
{
  // Seed 3 draws low, low, high. At 28.5 the high-priority job 2 needs 1 more processor on b; the
  // lower-priority jobs holding b are job 1 (1 processor, JST 15, running) and job 0 (2, JST 30, claimed and
  // waiting for its file). Newest JST first: job 0 is preempted (oldest first, or largest id first, would
  // take job 1, which frees enough too). Its 2 processors go to job 2, which claims at 28.5; job 0's copy is
  // cancelled, so job 2's copy (37.5 MB at 5 MB/s from 21 to 28.5) has the link alone for its last 62.5 MB
  // and arrives at 34.75: job 2 runs 34.75-134.75. Job 0 is back in the low placement queue; b has 1 idle
  // processor until 134.75, so the scan at 140 places it again (JCT 147.5, JST 150, file alone on the link
  // 140-150): it runs 150-250.
  auto t = simulate_yaml(preemption_scenario("{high: 1, low: 1}", 3));
  ASSERT_EQ(t.jobs.size(), 3u);
  const JobRow& victim = job_id(t, 0);
  const JobRow& older  = job_id(t, 1);
  const JobRow& high   = job_id(t, 2);
  ASSERT_EQ(victim.priority, static_cast<int8_t>(Priority::low)) << "seed 3 no longer draws low, low, high";
  ASSERT_EQ(older.priority, static_cast<int8_t>(Priority::low));
  ASSERT_EQ(high.priority, static_cast<int8_t>(Priority::high));
  ASSERT_EQ(t.failures.size(), 1u);
  EXPECT_STREQ(t.failures[0].kind, "preempted");
  EXPECT_EQ(t.failures[0].job_id, 0) << "job 0 has the newest JST (30, against 15)";
  EXPECT_EQ(t.failures[0].cluster, 1);
  EXPECT_NEAR(t.failures[0].time, 28.5, 1e-6) << "at the high-priority job's JCT";
  EXPECT_EQ(high.status, 0);
  EXPECT_EQ(high.placements, 1);
  EXPECT_EQ(high.claiming_tries, 1) << "it claimed at its first try, on the preempted processors";
  EXPECT_NEAR(high.pgt, 2 * 7.5, 1e-6) << "claimed at 28.5";
  EXPECT_NEAR(high.start_time, 34.75, 1e-6) << "the victim's copy was not cancelled, or the claim came late";
  EXPECT_NEAR(high.end_time, 134.75, 1e-6);
  EXPECT_EQ(older.status, 0);
  EXPECT_EQ(older.placements, 1) << "the older job keeps its processor";
  EXPECT_NEAR(older.start_time, 15.0, 1e-6);
  EXPECT_NEAR(older.end_time, 1015.0, 1e-6);
  EXPECT_EQ(victim.status, 0) << "the preempted job completes later";
  EXPECT_EQ(victim.placements, 2) << "back to its own placement queue, and placed again";
  EXPECT_EQ(victim.submission_failures, 0);
  EXPECT_NEAR(victim.start_time, 150.0, 1e-6);
  EXPECT_NEAR(victim.completion_time, 250.0, 1e-6);
  // PGT and PWT sum over both placements: claimed at 27.5 (JPT 20, JST 30) and preempted at 28.5, then
  // placed at 140 and claimed at 147.5.
  EXPECT_NEAR(victim.pgt, 2 * 7.5 + 2 * 7.5, 1e-6);
  EXPECT_NEAR(victim.pwt, 2 * 1.0 + 2 * 2.5, 1e-6) << "held 27.5-28.5, then 147.5-150";
}

namespace {
/** The preemption scenario when job 2 finds no lower-priority holder on b: it preempts nothing, reaches its
 *  JST (31) unclaimed, has its claim failure and goes back to its queue (L 0.5). Job 0's copy (10 MB alone,
 *  then 50 MB shared until 31, when job 2's is cancelled) has its last 40 MB alone: it runs 35-135. Job 2
 *  is placed again at the scan at 140 (JCT 145, JST 150) and runs 150-250. */
void expect_no_preemption(const std::string& priorities)
{
  auto t = simulate_yaml(preemption_scenario(priorities, 3));
  ASSERT_EQ(t.jobs.size(), 3u);
  ASSERT_EQ(t.failures.size(), 1u);
  EXPECT_STREQ(t.failures[0].kind, "claim") << "job 2 preempted a job of its own priority";
  EXPECT_EQ(t.failures[0].job_id, 2);
  EXPECT_NEAR(t.failures[0].time, 31.0, 1e-6);
  EXPECT_EQ(job_id(t, 0).placements, 1);
  EXPECT_NEAR(job_id(t, 0).start_time, 35.0, 1e-6);
  EXPECT_EQ(job_id(t, 2).placements, 2);
  EXPECT_NEAR(job_id(t, 2).start_time, 150.0, 1e-6);
  for (const auto& j : t.jobs)
    EXPECT_EQ(j.status, 0);
}
} // namespace

TEST(KoalaRuns, JobsOfEqualPriorityDoNotPreemptEachOther)
{
  expect_no_preemption("{low: 1}");
}

TEST(KoalaRuns, SuperLowJobNeverPreempts)
{
  // Nothing ranks below super-low, so the holders of b are of job 2's own level. (The super-low guards of
  // Algorithm 2, line 8, only matter if jobs of equal priority ever become preemptable.)
  expect_no_preemption("{super_low: 1}");
}

TEST(KoalaRuns, ComponentClaimsTheRoomAPreemptionForItsSiblingFreed)
{
  // Two jobs of 2x2 ordered on b (4 processors), T = 0, a 100 MB file at a (estimated FTT 10 s). Seed 5: job 0
  // (low) arrives at 0 and claims all of b at 7.5; job 1 (high) arrives at 4.35, is placed on b too (placements
  // reserve nothing) and tries at its JCT, 11.85, with b full. Preempting job 0 for its first component frees
  // 4 processors: the second component must claim the 2 left over in the same try (Algorithm 2: a component
  // with enough idle processors joins C_now), not wait for the next JCT.
  auto t = simulate_yaml("seed: 5\n"
                         "policy: {name: koala, placement: wf, T: 0, count_pending: false, scan_interval: 10}\n"
                         "workload: {jobs: 2, arrival: poisson, rate: 0.5, components: 2, component_size: 2,\n"
                         "           runtime: 100, request_types: {ordered: 1}, ordered_clusters: [b, b],\n"
                         "           priorities: {high: 1, low: 1}, file: {size: 100MB, replicas: 1, sites: [a]}}\n"
                         "info_service: {poll_interval: 0}\n");
  ASSERT_EQ(t.jobs.size(), 2u);
  const JobRow& low  = job_id(t, 0);
  const JobRow& high = job_id(t, 1);
  ASSERT_EQ(low.priority, static_cast<int8_t>(Priority::low)) << "seed 5 no longer draws low, high";
  ASSERT_EQ(high.priority, static_cast<int8_t>(Priority::high));
  ASSERT_NEAR(high.submit_time, 4.3475, 1e-3) << "job 1 no longer arrives while job 0 is placed";
  ASSERT_EQ(t.failures.size(), 1u);
  EXPECT_STREQ(t.failures[0].kind, "preempted");
  EXPECT_EQ(t.failures[0].job_id, 0);
  EXPECT_NEAR(t.failures[0].time, high.submit_time + 7.5, 1e-6) << "at job 1's JCT";
  EXPECT_EQ(high.claiming_tries, 1) << "its second component waited for the next JCT";
  EXPECT_NEAR(high.pgt, 4 * 7.5, 1e-6) << "both components claimed at the JCT";
  EXPECT_EQ(low.status, 0);
  EXPECT_EQ(low.placements, 2);
}

TEST(KoalaRuns, RunThatFailsAtItsCompletionGoesBackToItsPlacementQueueAndCompletesLater)
{
  // Half of the runs fail at their completion (DUROC reporting a failed component): KOALA aborts the job and
  // places it again (Section 4.5) instead of letting it fail for good. (Total requests, a flexible weight of 0
  // and a submission delay of 0 are no input errors.)
  auto t = simulate_yaml("seed: 2\npolicy: {name: koala, placement: wf}\n"
                         "workload: {jobs: 12, arrival: batch, components: 2, component_size: 2, runtime: 50,\n"
                         "           request_types: {unordered: 1, total: 1, flexible: 0}}\n"
                         "overheads: {submission: 0, completion: 5}\n"
                         "faults: {completion_failure: 0.5}\n");
  ASSERT_EQ(t.jobs.size(), 12u);
  int failures = 0;
  for (const auto& j : t.jobs) {
    EXPECT_EQ(j.status, 0) << "job " << j.id;
    EXPECT_EQ(j.placements, 1 + j.completion_failures) << "job " << j.id;
    failures += j.completion_failures;
  }
  EXPECT_GT(failures, 3);
}

namespace {
/** The error a KOALA run on the tiny platform stops with; line 1 of its file is the platform, line 2 the
 *  policy, line 3 the workload (these request types), line 4 `extra`. */
std::string koala_input_error(const std::string& request_types, const std::string& extra = "")
{
  try {
    simulate_yaml("policy: {name: koala}\nworkload: {jobs: 2, arrival: batch, component_size: 2, request_types: " +
                  request_types + "}\n" + extra);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}
} // namespace

TEST(KoalaRuns, FlexibleJobsAreAnInputErrorNamingTheKeyAndLine)
{
  // KOALA places fixed and non-fixed requests only; flexible ones are the paper's future work.
  EXPECT_EQ(koala_input_error("{unordered: 1, flexible: 1}"), "Invalid key 'workload.request_types' in " +
                                                                  coalsim::testing::test_temp_file("run.yaml") +
                                                                  ":3: policy 'koala' takes no flexible jobs");
}

TEST(KoalaRuns, ASubmissionDelayIsAnInputErrorNamingTheKeyAndLine)
{
  // KOALA claims at its JCTs: a submission delay would be silently ignored.
  EXPECT_EQ(koala_input_error("{unordered: 1}", "overheads: {submission: 5}\n"),
            "Invalid key 'overheads.submission' in " + coalsim::testing::test_temp_file("run.yaml") +
                ":4: policy 'koala' claims at its own claiming times, after no submission delay; set it to 0");
}

TEST(KoalaRuns, SuccessBetweenComponentErrorsKeepsTheClusterUsable)
{
  // Four jobs of 4 processors ordered on a, where a component fails with probability 0.5 (at a uniform
  // fraction of its 95 s run), and 2 consecutive errors mark a cluster unusable. One job runs at a time; the
  // others wait for the scans, every 10 s. Seed 20 draws, per started job: fail (at 0.3299), succeed, fail
  // (0.4147), fail (0.0845). So: job 0 runs from 0 and fails at 31.34 (error 1), back to the tail of the
  // queue; job 1 is placed at the scan at 40, runs 40-135 and completes (the count goes back to 0); job 2 runs
  // from 140 and fails at 179.40 (error 1 again: a stays usable); job 3 runs from 180 and fails at 188.03,
  // the second consecutive error: a is marked unusable then, and the three failed jobs, which fit no other
  // cluster, leave as failed at once (the engine withdraws them at that pass; KOALA's own check came at its next
  // scan, 190). Without the reset, a would be marked unusable at 179.40,
  // on its second error.
  auto t = simulate_yaml(R"(
seed: 20
policy: {name: koala, placement: wf, scan_interval: 10}
workload: {jobs: 4, arrival: batch, components: 1, component_size: 4, runtime: 95,
           request_types: {ordered: 1}, ordered_clusters: [a]}
faults: {unusable_after: 2, clusters: {a: {component_failure: 0.5}}}
info_service: {poll_interval: 0}
stop: {max_time: 400}
)");
  ASSERT_EQ(t.jobs.size(), 4u);
  const JobRow& succeeded = job_id(t, 1);
  EXPECT_EQ(succeeded.status, 0) << "seed 20 no longer draws fail, succeed, fail, fail";
  EXPECT_NEAR(succeeded.start_time, 40.0, 1e-6);
  EXPECT_NEAR(succeeded.completion_time, 135.0, 1e-6);
  ASSERT_EQ(t.failures.size(), 7u);
  const double failed_at[] = {31.34, 179.40, 188.03};
  const JobId failed_job[] = {0, 2, 3};
  for (int i = 0; i < 3; ++i) {
    EXPECT_STREQ(t.failures[i].kind, "component") << "row " << i;
    EXPECT_EQ(t.failures[i].job_id, failed_job[i]) << "row " << i;
    EXPECT_EQ(t.failures[i].cluster, 0) << "row " << i;
    EXPECT_NEAR(t.failures[i].time, failed_at[i], 0.01) << "row " << i;
  }
  EXPECT_STREQ(t.failures[3].kind, "unusable")
      << "marked unusable on its second error, although a success came between";
  EXPECT_EQ(t.failures[3].cluster, 0);
  EXPECT_NEAR(t.failures[3].time, 188.03, 0.01) << "on the second consecutive error, job 3's";
  for (int i = 4; i < 7; ++i) {
    EXPECT_STREQ(t.failures[i].kind, "drop") << "row " << i;
    EXPECT_NEAR(t.failures[i].time, 188.03, 0.01) << "row " << i;
  }
  for (JobId id : {0, 2, 3})
    EXPECT_EQ(job_id(t, id).status, 1) << "job " << id << " fits no cluster left usable";
}

TEST(KoalaRuns, JobTheLocalLoadNeverLeavesRoomForIsGivenUpOnceTheRunStalls)
{
  // Clusters a and b of 4 processors, each held at the middle of a [0.25, 0.75] band by 2 dummy jobs that never
  // end (no other users), and one job of 4 processors: it fits a cluster, so no size check rejects it, but the
  // scans never see 4 idle processors anywhere (the unreliable testbed's 72-processor jobs on the two clusters left
  // to them waited so, placed and aborted at their JSTs, to the simulated-time horizon). Nothing arrives, starts
  // or ends after its arrival at 0, so at 1000 (`stop.stall_after`) it is given up: failed, code `stalled`, and
  // the run ends there instead of at `stop.max_time`.
  auto t = simulate_yaml(R"(
policy: {name: koala, placement: wf, scan_interval: 10}
workload: {jobs: 1, arrival: batch, components: 1, component_size: 4, runtime: 100, request_types: {unordered: 1}}
background: {model: band, band: [0.25, 0.75], band_interval: 30}
info_service: {poll_interval: 0}
stop: {max_time: 100000, stall_after: 1000}
)");
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, 1) << "the job that can never start is given up, not left waiting";
  EXPECT_STREQ(t.jobs[0].rejection, "stalled");
  ASSERT_EQ(t.failures.size(), 1u);
  EXPECT_STREQ(t.failures[0].kind, "drop");
  EXPECT_DOUBLE_EQ(t.failures[0].time, 1000.0);
}

TEST(KoalaRuns, MeasuredBandwidthIsReusedUntilItExpiresAndMeasuredAgainThen)
{
  // Three 1-processor jobs ordered on a, each with a 400 MB file at b, placed on arrival at 0, 5 and 30; the
  // bandwidth repository's estimates expire after 30 s. At 0 the link is idle: 10 MB/s, estimated FTT 40 s,
  // and job 0's copy starts. At 5 the estimate is 5 s old and is reused: FTT 40 again, although a measurement
  // would find job 0's copy and a fair share of 5 MB/s (80 s). At 30 it is 30 s old, expired: measured again
  // with job 0's and job 1's copies on the link, 10/3 MB/s: 120 s.
  auto t = simulate_yaml("policy: {name: koala, placement: wf}\n"
                         "workload:\n"
                         "  file: {size: 400MB, replicas: 1, sites: [b]}\n"
                         "  trace: {file: " +
                         grid_log("grid", {{0, 100, 1, 1}, {5, 100, 1, 1}, {30, 100, 1, 1}}) +
                         ", partition_clusters: {1: a}}\n"
                         "info_service: {poll_interval: 0, bandwidth_expiry: 30}\n");
  ASSERT_EQ(t.jobs.size(), 3u);
  for (const auto& j : t.jobs)
    EXPECT_EQ(j.placements, 1) << "job " << j.id;
  EXPECT_NEAR(job_id(t, 0).estimated_ftt, 40.0, 1e-6) << "measured on the idle link";
  EXPECT_NEAR(job_id(t, 1).estimated_ftt, 40.0, 1e-6) << "the 5 s old measurement was not reused";
  EXPECT_NEAR(job_id(t, 2).estimated_ftt, 120.0, 1e-6) << "the 30 s old measurement was not taken again";
}

// /placements: one row per placement, with the attempt's outcome, on the scenarios above.

TEST(KoalaRuns, PreemptedJobHasOneRowPerPlacementTheFirstEndingAtThePreemption)
{
  // Job 0 of the preemption scenario: queued at its arrival (0), not placed by the scan at 10 (1 try; the try
  // on arrival does not count), placed by the scan at 20 (JST 30) and preempted at 28.5 before its start.
  // Back in its queue from 28.5, it is not placed by the scans at 30, 40, ..., 130 (11 tries), placed at
  // 140 (JST 150), started at 150 and completed at 250.
  auto t    = simulate_yaml(preemption_scenario("{high: 1, low: 1}", 3));
  auto rows = placements_of(t, 0);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(job_id(t, 0).placements, 2);
  expect_placement(rows, 0, {0, 20, 1, 10, 30, NAN, 28.5, "preempted"});
  expect_placement(rows, 1, {28.5, 140, 11, 10, 150, 150, 250, "completed"});
  EXPECT_EQ(rows[0].tries + rows[1].tries, job_id(t, 0).placement_tries);
  EXPECT_NEAR(rows[0].placement_time + rows[1].placement_time, job_id(t, 0).total_placement_time, 1e-9);
  for (JobId id : {1, 2}) { // placed once, on arrival, and completed
    auto once = placements_of(t, id);
    ASSERT_EQ(once.size(), 1u) << "job " << id;
    EXPECT_STREQ(once[0].outcome, "completed") << "job " << id;
    EXPECT_NEAR(once[0].placed_at, job_id(t, id).submit_time, 1e-6) << "job " << id;
  }
}

TEST(KoalaRuns, ClaimFailureAtTheJstEndsTheFirstPlacementAndTheJobIsQueuedFromThen)
{
  // The job of claims_keep_failing (T = 0, no limit): placed on arrival (JST 10), its JST comes with the
  // component on a unclaimed: a claim failure at 10 (its component on b had claimed, the job never started).
  // Back in its queue, it is scanned at once (no scan has run yet, so one is due) and every 60 s: not placed
  // at 10, 60, 120 and 180 (4 tries), placed at 240; it starts at 250 and completes at 350.
  auto t    = simulate_yaml(claims_keep_failing(""));
  auto rows = placements_of(t, 0);
  ASSERT_EQ(rows.size(), 2u);
  expect_placement(rows, 0, {0, 0, 0, 10, 10, NAN, 10, "claim_failed"});
  expect_placement(rows, 1, {10, 240, 4, 10, 250, 250, 350, "completed"});
  EXPECT_EQ(t.jobs[0].placement_tries, 4);
  EXPECT_NEAR(t.jobs[0].total_placement_time, 230.0, 1e-9);
}

TEST(KoalaRuns, JobOutOfClaimingTriesHasItsPlacementEndAsTriesExceeded)
{
  auto t    = simulate_yaml(claims_keep_failing(", max_claiming_tries: 1"));
  auto rows = placements_of(t, 0);
  ASSERT_EQ(rows.size(), 1u);
  expect_placement(rows, 0, {0, 0, 0, 10, 10, NAN, 10, "tries_exceeded"});
  EXPECT_EQ(t.jobs[0].status, 1);
}

TEST(KoalaRuns, FailedCopyEndsThePlacementAsAComponentFailureAndTheNextPlacementStartsThen)
{
  // The outage scenario above: placed on a at 0 (FTT 10), the copy fails at 5 with a's file server; placed
  // at once on b, its file site (FTT 0, JST 5), it runs 5-205.
  auto t    = simulate_yaml("policy: {name: koala, placement: wf}\n"
                               "workload: {jobs: 1, arrival: batch, components: 1, component_size: 3, runtime: 200,\n"
                               "           file: {size: 100MB, replicas: 1, sites: [b]}}\n"
                               "info_service: {poll_interval: 0}\n"
                               "faults: {clusters: {a: {outages: [\"5+100\"]}}}\n");
  auto rows = placements_of(t, 0);
  ASSERT_EQ(rows.size(), 2u);
  expect_placement(rows, 0, {0, 0, 0, 10, 10, NAN, 5, "component_failed"});
  expect_placement(rows, 1, {5, 5, 0, 0, 5, 5, 205, "completed"});
}

TEST(KoalaRuns, AttemptUnderWayAtTheStopTimeIsUnfinished)
{
  // One job placed at 0 (FTT 10), started at 10 for 100 s; the run stops at 50.
  auto t    = simulate_yaml(jobs_with_file_at_b(1) + "stop: {max_time: 50}\n");
  auto rows = placements_of(t, 0);
  ASSERT_EQ(rows.size(), 1u);
  expect_placement(rows, 0, {0, 0, 0, 10, 10, 10, 50, "unfinished"});
  EXPECT_EQ(t.jobs[0].status, 3);
}
