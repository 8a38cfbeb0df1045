/* The DIANA policy in short simulations on platforms/test/two-sites-wan.xml: sites a and b, 2 single-core nodes
 * each, scheduler hosts a-2 and b-2 joined by a 10 MB/s wide-area link of 50 ms latency (loss 1e-4, jitter 2 ms).
 * A 1 kB message takes 0.05 + 1e3 / 1e7 = 0.0501 s, a query-reply round trip 0.1002 s; a job hand-over of 1 kB plus
 * one 1 MB executable 0.05 + 1.001e6 / 1e7 = 0.1501 s. NetCost(a, b) = (0.1 + 1e-4 + 0.1 x 0.002) / 1.46e6 per byte
 * (the Mathis bound, 1460 / 0.1 / sqrt(1e-4) = 1.46e6 B/s, is below the link's 1e7). */
#include "SimulationFixture.hpp"

#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

using namespace coalsim;
using coalsim::testing::simulate_yaml;

namespace {

const std::string platform = "platform: " COALSIM_SOURCE_DIR "/platforms/test/two-sites-wan.xml\n";

std::string run_of(int jobs, int processors, const std::string& policy, const std::string& extra = "")
{
  return platform + "policy: {name: diana, submit_site: a, " + policy + "}\n" +
         "workload: {jobs: " + std::to_string(jobs) +
         ", arrival: batch, components: 1, component_size: " + std::to_string(processors) +
         ", runtime: 100, request_types: {total: 1}}\n" + "info_service: {poll_interval: 0}\n" +
         "overheads: {submission: 0, completion: 0}\n" + extra;
}

std::map<int64_t, JobRow> by_id(const Trace& t)
{
  std::map<int64_t, JobRow> jobs;
  for (const auto& j : t.jobs)
    jobs[j.id] = j;
  return jobs;
}

} // namespace

TEST(DianaRuns, QueryReplyRoundTripDelaysTheDecisionByTheRoutesLatencyAndSizes)
{
  // One job at a: the query reaches b at 0.0501, the reply is back at 0.1002, and a keeps the job (cost 0 at home,
  // 1e9 x NetCost = 68.7 at b); it starts then and runs 100 s.
  auto t = simulate_yaml(run_of(1, 1, ""));
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_STREQ(t.jobs[0].clusters, "a");
  EXPECT_NEAR(t.jobs[0].start_time, 0.1002, 1e-9);
  EXPECT_NEAR(t.jobs[0].end_time, 100.1002, 1e-9);
  ASSERT_EQ(t.messages.size(), 2u);
  EXPECT_STREQ(t.messages[0].kind, "query");
  EXPECT_EQ(t.messages[0].from, 0);
  EXPECT_EQ(t.messages[0].to, 1);
  EXPECT_NEAR(t.messages[0].received, 0.0501, 1e-9);
  EXPECT_STREQ(t.messages[1].kind, "reply");
  EXPECT_NEAR(t.messages[1].sent, 0.0501, 1e-9);
  EXPECT_NEAR(t.messages[1].received, 0.1002, 1e-9);
  EXPECT_EQ(t.messages[1].bytes, 1000.0);
  EXPECT_TRUE(t.migrations.empty());
}

TEST(DianaRuns, BusyHomeSendsTheNextJobToThePeerWithItsExecutableAndTheOutputComesBack)
{
  // w4 = 0: b costs only its data transfer, 1 x (1 MB + 1 MB) x NetCost = 0.137. Job 0 is decided at 0.1002 and
  // stays home (cost 0). Job 1's round ends at 0.2004, when job 0 holds one of a's two processors: a's cost is its
  // load, 1 x 1/2 = 0.5 > 0.137, so job 1 goes to b: its hand-over arrives at 0.2004 + 0.1501 = 0.3505, it runs
  // there, and its 1 MB output is back at a 0.05 + 0.1 s after its end.
  auto t    = simulate_yaml(run_of(2, 1, "w4: 0"));
  auto jobs = by_id(t);
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_STREQ(jobs[0].clusters, "a");
  EXPECT_NEAR(jobs[0].start_time, 0.1002, 1e-9);
  EXPECT_STREQ(jobs[1].clusters, "b");
  EXPECT_NEAR(jobs[1].start_time, 0.3505, 1e-9);
  EXPECT_NEAR(jobs[1].end_time, 100.3505, 1e-9);
  std::map<int64_t, int> per_job;
  std::vector<std::string> kinds;
  for (const auto& m : t.messages) {
    ++per_job[m.job_id];
    kinds.emplace_back(m.kind);
  }
  EXPECT_EQ(kinds, (std::vector<std::string>{"query", "reply", "query", "reply", "job", "output"}));
  EXPECT_EQ(per_job[0], 2);
  EXPECT_EQ(per_job[1], 4);
  const auto& job_message = t.messages[4];
  EXPECT_EQ(job_message.bytes, 1e3 + 1e6);
  EXPECT_NEAR(job_message.received, 0.3505, 1e-9);
  const auto& output = t.messages[5];
  EXPECT_EQ(output.from, 1);
  EXPECT_EQ(output.to, 0);
  EXPECT_NEAR(output.sent, 100.3505, 1e-9);
  EXPECT_NEAR(output.received, 100.3505 + 0.15, 1e-9);
}

TEST(DianaRuns, SilentPeerIsTakenForDeadAtTheReplyTimeout)
{
  // b's scheduler host answers at 0.0501 and goes off at 0.06, with the reply on the wire: a hears nothing and
  // decides at its 5 s timeout, alone.
  auto t = simulate_yaml(run_of(1, 1, "reply_timeout: 5", "faults: {hosts: {b-2: [\"0.06+1000\"]}}\n"));
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_STREQ(t.jobs[0].clusters, "a");
  EXPECT_DOUBLE_EQ(t.jobs[0].start_time, 5.0);
  ASSERT_EQ(t.messages.size(), 2u);
  EXPECT_NEAR(t.messages[0].received, 0.0501, 1e-9);
  EXPECT_STREQ(t.messages[1].kind, "reply");
  EXPECT_TRUE(std::isnan(t.messages[1].received)) << "the reply failed when b-2 went off";
  EXPECT_DOUBLE_EQ(t.messages[1].failed_at, 0.06);
  EXPECT_TRUE(std::isnan(t.messages[0].failed_at)) << "the query arrived";
}

TEST(DianaRuns, EachMessageCarriesItsRoutesLatencyAndBottleneckBandwidth)
{
  // a-2 to b-2: a's node link (0 s, 100 MB/s), a's backbone (0 s, 1 GB/s), the wide-area link (50 ms, 10 MB/s), b's
  // backbone and node link: 0.05 s and 1e7 B/s. Every message took at least latency + bytes / bandwidth (here
  // exactly: CM02 without cross-traffic, and nothing else on the link at once).
  auto t = simulate_yaml(run_of(2, 1, "w4: 0"));
  ASSERT_EQ(t.messages.size(), 6u);
  for (const auto& m : t.messages) {
    EXPECT_DOUBLE_EQ(m.route_latency, 0.05) << m.kind;
    EXPECT_DOUBLE_EQ(m.route_bandwidth, 1e7) << m.kind;
    EXPECT_TRUE(std::isnan(m.failed_at)) << m.kind;
    EXPECT_GE(m.received - m.sent, m.route_latency + m.bytes / m.route_bandwidth - 1e-9) << m.kind;
  }
}

TEST(DianaRuns, PeerThatIsOffIsDeadAtOnce)
{
  // b-2 is off from the start: the query fails at once and a decides at 0 without waiting for the timeout.
  auto t = simulate_yaml(run_of(1, 1, "reply_timeout: 5", "faults: {hosts: {b-2: [\"0+1000\"]}}\n"));
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_DOUBLE_EQ(t.jobs[0].start_time, 0.0);
  ASSERT_EQ(t.messages.size(), 1u);
  EXPECT_TRUE(std::isnan(t.messages[0].received));
}

TEST(DianaRuns, QueuedJobMigratesToTheIdlePeerAndCompletesThere)
{
  // Three 2-processor jobs at a; remote costs 68.7, so all stay home: job 0 runs from 0.1002, jobs 1 and 2 queue
  // (decided at 0.2004 and 0.3006). Checks every 10 s from the first queueing (10.1002, 20.1002, ...), one job per
  // check. At 10.1002 job 1, at the head (0 jobs ahead), costs 3 at home (queue 2/2 + all queues 2/2 + load 1) and
  // 1e9 x NetCost + 1 + 0.137 = 69.8 at b, with 0 ahead there too: it stays. At 20.1002 job 2 has 1 job ahead and
  // b would have none: it migrates; the round ends at 20.2004 and the hand-over arrives at 20.3505, where job 2
  // starts with its priority raised. Job 1 waits for job 0.
  auto t    = simulate_yaml(run_of(3, 2, "migration_interval: 10, migration_wait: 5, max_migrations: 1"));
  auto jobs = by_id(t);
  ASSERT_EQ(jobs.size(), 3u);
  EXPECT_STREQ(jobs[2].clusters, "b");
  EXPECT_NEAR(jobs[2].start_time, 20.3505, 1e-9);
  EXPECT_EQ(jobs[2].status, 0) << "the migrated job completes on the peer";
  EXPECT_NEAR(jobs[2].end_time, 120.3505, 1e-9);
  EXPECT_STREQ(jobs[1].clusters, "a");
  EXPECT_NEAR(jobs[1].start_time, 100.1002, 1e-9);
  ASSERT_EQ(t.migrations.size(), 1u);
  EXPECT_EQ(t.migrations[0].job_id, 2);
  EXPECT_EQ(t.migrations[0].from, 0);
  EXPECT_EQ(t.migrations[0].to, 1);
  EXPECT_NEAR(t.migrations[0].time, 20.3505, 1e-9);
  int queries_about_job1 = 0;
  for (const auto& m : t.messages)
    queries_about_job1 += m.job_id == 1 && std::strcmp(m.kind, "query") == 0;
  // Its decision round, then every check while it waits but the one that moved job 2: 10.1002, 30.1002, ...,
  // 100.1002 (it starts at that instant, after the check).
  EXPECT_EQ(queries_about_job1, 10);
  // Every check is a /migration_checks row, one per site: a's examined one job each (9 times job 1, once job 2, which
  // it moved) and decided a query round trip later; b's queue was empty, as were both at the last check, after job 1
  // had started: they examined none and decided at once.
  int examined = 0, migrated = 0, a_rows = 0, b_rows = 0;
  for (const auto& c : t.migration_checks) {
    (c.site == 0 ? a_rows : b_rows)++;
    migrated += c.migrated;
    if (c.examined > 0) {
      EXPECT_EQ(c.site, 0);
      EXPECT_EQ(c.examined, 1);
      EXPECT_NEAR(c.time - c.started, 0.1002, 1e-9);
      ++examined;
    } else {
      EXPECT_EQ(c.migrated, 0);
      EXPECT_EQ(c.time, c.started);
    }
  }
  EXPECT_EQ(examined, 10);
  EXPECT_EQ(migrated, 1);
  EXPECT_EQ(a_rows, b_rows);
  ASSERT_FALSE(t.migration_checks.empty());
  EXPECT_NEAR(t.migration_checks.front().started, 10.1002, 1e-9);
}

TEST(DianaRuns, WithoutMigrationTheQueuedJobsWaitAtHome)
{
  auto t    = simulate_yaml(run_of(3, 2, "migration_interval: 10, migration_wait: 5, max_migrations: 0"));
  auto jobs = by_id(t);
  EXPECT_STREQ(jobs[2].clusters, "a");
  EXPECT_NEAR(jobs[2].start_time, 200.1002, 1e-9);
  EXPECT_TRUE(t.migrations.empty());
}

TEST(DianaRuns, JobsQueuedAtASiteMarkedUnusableAreSentToALivePeer)
{
  // Three 2-processor jobs at a, no migration: job 0 runs at a from 0.1002, jobs 1 and 2 queue there. a goes down
  // at 10 for 5 s, which kills job 0 (a failed run, not resubmitted) and, one error being enough here, marks a
  // unusable. When a is back up at 15, its scheduler decides jobs 1 and 2 again as new submissions: job 1's round
  // ends at 15.1002 and its hand-over, which shares the link with job 2's query sent at that instant, reaches b at
  // 15.2505, where it starts; job 2's round follows (15.2006), it reaches b at 15.3507 and starts when job 1 ends.
  // Without the resubmission both would wait at a for ever.
  auto t    = simulate_yaml(run_of(3, 2, "migration_interval: 0",
                                   "faults: {unusable_after: 1, clusters: {a: {outages: [\"10+5\"]}}}\n"
                                      "stop: {max_time: 1000}\n"));
  auto jobs = by_id(t);
  ASSERT_EQ(jobs.size(), 3u);
  EXPECT_EQ(jobs[0].status, 1) << "killed by the outage";
  for (int id : {1, 2}) {
    EXPECT_EQ(jobs[id].status, 0) << "job " << id;
    EXPECT_STREQ(jobs[id].clusters, "b") << "job " << id;
  }
  EXPECT_NEAR(jobs[1].start_time, 15.2505, 1e-9);
  EXPECT_NEAR(jobs[2].start_time, 115.2505, 1e-9);
  EXPECT_TRUE(t.migrations.empty()) << "resubmitted, not migrated";
}

TEST(DianaRuns, ASiteMarkedUnusableIsNoCandidateForItsPeers)
{
  // Sites a, b and c (platforms/test/three-sites-wan.xml), each job 2 processors for 100 s, no migration, every
  // job kept at home (a peer costs 1e9 x NetCost = 68.7 more): jobs 0 and 1 at a, 2 and 3 at b, 4 at c. a and b go
  // down at 10 for 5 s, which kills jobs 0 and 2 and marks both unusable. At 15 each resubmits its queued job: the
  // other one answers too, with an empty queue and idle processors, but it will run nothing more, so c, busy, is
  // the only candidate. Both jobs go to c, one round each (2 queries apiece). Before, each went to the other
  // unusable site, which sent it on again a round later: a and b bounced jobs 1 and 3 between them at round-trip
  // rate (11,250 queries by 1000 s), and neither ever ran.
  const std::string log = coalsim::testing::test_temp_file("three-sites.gwf");
  std::ofstream(log) << "# MaxProcs: 6\n"
                        "1 0 -1 100 2 -1 -1 2 100 -1 1 U1 G1 X1 Q1 -1 a a UNITARY -1 -1 -1 -1 -1 -1 -1 -1 VO1 P1\n"
                        "2 0 -1 100 2 -1 -1 2 100 -1 1 U1 G1 X1 Q1 -1 a a UNITARY -1 -1 -1 -1 -1 -1 -1 -1 VO1 P1\n"
                        "3 0 -1 100 2 -1 -1 2 100 -1 1 U1 G1 X1 Q1 -1 b b UNITARY -1 -1 -1 -1 -1 -1 -1 -1 VO1 P1\n"
                        "4 0 -1 100 2 -1 -1 2 100 -1 1 U1 G1 X1 Q1 -1 b b UNITARY -1 -1 -1 -1 -1 -1 -1 -1 VO1 P1\n"
                        "5 0 -1 100 2 -1 -1 2 100 -1 1 U1 G1 X1 Q1 -1 c c UNITARY -1 -1 -1 -1 -1 -1 -1 -1 VO1 P1\n";
  auto t    = simulate_yaml("platform: " COALSIM_SOURCE_DIR "/platforms/test/three-sites-wan.xml\n"
                               "policy: {name: diana, migration_interval: 0}\n"
                               "info_service: {poll_interval: 0}\n"
                               "overheads: {submission: 0, completion: 0}\n"
                               "faults: {unusable_after: 1, clusters: {a: {outages: [10+5]}, b: {outages: [10+5]}}}\n"
                               "stop: {max_time: 1000}\n"
                               "workload: {trace: {file: " +
                            log + "}}\n");
  auto jobs = by_id(t);
  ASSERT_EQ(jobs.size(), 5u);
  for (int id : {0, 2})
    EXPECT_EQ(jobs[id].status, 1) << "job " << id << " killed by the outage";
  for (int id : {1, 3, 4}) {
    EXPECT_EQ(jobs[id].status, 0) << "job " << id;
    EXPECT_STREQ(jobs[id].clusters, "c") << "job " << id;
  }
  EXPECT_NEAR(jobs[1].start_time, 100.1004, 1e-9);
  EXPECT_NEAR(jobs[3].start_time, 200.1004, 1e-9);
  int queries = 0, hand_overs = 0;
  for (const auto& m : t.messages)
    if (m.sent >= 10) {
      queries += std::strcmp(m.kind, "query") == 0;
      hand_overs += std::strcmp(m.kind, "job") == 0;
    }
  EXPECT_EQ(queries, 4) << "one round per resubmitted job";
  EXPECT_EQ(hand_overs, 2) << "each resubmitted job handed over once, to c";
}

namespace {
/** The times at which `from` sent queries, at `since` or later. */
std::vector<double> query_times(const Trace& t, int from, double since)
{
  std::vector<double> times;
  for (const auto& m : t.messages)
    if (std::strcmp(m.kind, "query") == 0 && m.from == from && m.sent >= since)
      times.push_back(m.sent);
  return times;
}
} // namespace

TEST(DianaRuns, ASiteMarkedUnusableThatPlacedNothingAsksAgainAfterTheRetryInterval)
{
  // As JobsQueuedAtASiteMarkedUnusableAreSentToALivePeer, but b's scheduler host b-2 is off from 12 to 512. At 15 a
  // sends jobs 1 and 2 on: each query to b fails at once, no site is alive, and both come back to a's queue. a asks
  // again every retry_interval (60 s, the default): at 75, 135, ..., 495 the queries fail again; at 555 b answers,
  // job 1's hand-over reaches b at 555.2505 and it starts, job 2 when it ends. Before, the stale wake-up of each
  // round's reply timeout (or any other event) made a ask again: every 10 s here, at every event on a busy grid.
  auto t    = simulate_yaml(run_of(3, 2, "migration_interval: 0",
                                   "faults: {unusable_after: 1, clusters: {a: {outages: [\"10+5\"]}}, "
                                      "hosts: {b-2: [\"12+500\"]}}\nstop: {max_time: 2000}\n"));
  auto jobs = by_id(t);
  ASSERT_EQ(jobs.size(), 3u);
  for (int id : {1, 2}) {
    EXPECT_EQ(jobs[id].status, 0) << "job " << id;
    EXPECT_STREQ(jobs[id].clusters, "b") << "job " << id;
  }
  EXPECT_NEAR(jobs[1].start_time, 555.2505, 1e-9);
  EXPECT_NEAR(jobs[2].start_time, 655.2505, 1e-9);
  std::vector<double> expected;
  for (double at = 15; at < 556; at += 60)
    expected.insert(expected.end(), {at, at}); // one round per job
  auto sent = query_times(t, 0, 10);
  ASSERT_EQ(sent.size(), expected.size());
  for (size_t i = 0; i < sent.size(); ++i)
    EXPECT_NEAR(sent[i], expected[i], 0.2) << "query " << i;
}

TEST(DianaRuns, ASiteMarkedUnusableAsksAgainAtOnceWhenAClusterBecomesUsable)
{
  // Three sites: a marked unusable at 10 (back up at 15), b's scheduler host off from 12 (dead at once), c down from
  // 12 to 30. At 15 a's round for job 1 finds no live site; a would wait until 75, but c is usable again at 30, so
  // a asks then, and jobs 1 and 2 go to c (the first starts at 30.2505). Nothing is asked between the two.
  auto t    = simulate_yaml("platform: " COALSIM_SOURCE_DIR "/platforms/test/three-sites-wan.xml\n"
                               "policy: {name: diana, submit_site: a, migration_interval: 0}\n"
                               "workload: {jobs: 3, arrival: batch, components: 1, component_size: 2, runtime: 100, "
                               "request_types: {total: 1}}\n"
                               "info_service: {poll_interval: 0}\n"
                               "overheads: {submission: 0, completion: 0}\n"
                               "faults: {unusable_after: 1, clusters: {a: {outages: [10+5]}, c: {outages: [12+18]}}, "
                               "hosts: {b-2: [12+500]}}\n"
                               "stop: {max_time: 2000}\n");
  auto jobs = by_id(t);
  ASSERT_EQ(jobs.size(), 3u);
  for (int id : {1, 2}) {
    EXPECT_EQ(jobs[id].status, 0) << "job " << id;
    EXPECT_STREQ(jobs[id].clusters, "c") << "job " << id;
  }
  EXPECT_NEAR(jobs[1].start_time, 30.2505, 1e-9);
  EXPECT_NEAR(jobs[2].start_time, 130.2505, 1e-9);
  for (double at : query_times(t, 0, 10))
    EXPECT_TRUE(at == 15 || at >= 30) << "a query at " << at;
}

TEST(DianaRuns, BulkSplitAcrossTwoSitesByRank)
{
  // Static costs, w4 = 0: a costs W6 x 4 / 2 = 2, b 2 + 0.137; ranks 1/2 and 1/2.137 give quotas 2.07 and 1.93,
  // so 2 jobs each (largest remainders). Jobs 0 and 1 start at a when the round ends (0.1002); jobs 2 and 3 travel
  // as one message of 1 kB + 2 x 1 MB (0.05 + 0.2001 s) and start at b at 0.3503.
  auto t    = simulate_yaml(run_of(4, 1, "submission: split, costs: static, w4: 0"));
  auto jobs = by_id(t);
  ASSERT_EQ(jobs.size(), 4u);
  for (int id : {0, 1}) {
    EXPECT_STREQ(jobs[id].clusters, "a") << id;
    EXPECT_NEAR(jobs[id].start_time, 0.1002, 1e-9) << id;
  }
  for (int id : {2, 3}) {
    EXPECT_STREQ(jobs[id].clusters, "b") << id;
    EXPECT_NEAR(jobs[id].start_time, 0.3503, 1e-9) << id;
  }
  int queries = 0, hand_overs = 0;
  for (const auto& m : t.messages) {
    queries += std::strcmp(m.kind, "query") == 0;
    hand_overs += std::strcmp(m.kind, "job") == 0;
  }
  EXPECT_EQ(queries, 1) << "one round for the whole bulk";
  EXPECT_EQ(hand_overs, 1) << "the sub-bulk travels as one message";
}

TEST(DianaRuns, AtomicBulkGoesWholeToTheBestSite)
{
  // The same bulk, atomic: everything to a (cost 2 < 2.137), two at a time.
  auto t    = simulate_yaml(run_of(4, 1, "submission: bulk, costs: static, w4: 0"));
  auto jobs = by_id(t);
  for (int id = 0; id < 4; ++id)
    EXPECT_STREQ(jobs[id].clusters, "a") << id;
  EXPECT_NEAR(std::max(jobs[2].start_time, jobs[3].start_time), 100.1002, 1e-9);
}

TEST(DianaRuns, ASubmissionToTheLocalSchedulerCostsOncePerJobDecidedAlone)
{
  // Three jobs stay at a (remote costs 68.7), each submission to a's local scheduler taking 5 s. Iterative: job 0,
  // decided at 0.1002, starts 5 s later; job 1 (decided at 0.2004) waits for a's submitter and starts at 10.1002; job
  // 2 fits only when job 0 ends (105.1002) and is submitted then: 110.1002. Each job holds its processor 5 s more.
  auto iterative = by_id(simulate_yaml(run_of(3, 1, "local_submission_time: 5")));
  EXPECT_NEAR(iterative[0].start_time, 5.1002, 1e-9);
  EXPECT_NEAR(iterative[1].start_time, 10.1002, 1e-9);
  EXPECT_NEAR(iterative[2].start_time, 110.1002, 1e-9);
  for (int id = 0; id < 3; ++id)
    EXPECT_STREQ(iterative[id].clusters, "a") << id;
}

TEST(DianaRuns, AnAtomicBulkIsSubmittedOnce)
{
  // The same three jobs as one bulk: one submission, done at 5.1002; job 2 starts when job 0 ends, without another.
  auto bulk = by_id(simulate_yaml(run_of(3, 1, "submission: bulk, local_submission_time: 5")));
  EXPECT_NEAR(bulk[0].start_time, 5.1002, 1e-9);
  EXPECT_NEAR(bulk[1].start_time, 5.1002, 1e-9);
  EXPECT_NEAR(bulk[2].start_time, 105.1002, 1e-9);
}

TEST(DianaRuns, EachSubBulkIsSubmittedOnceAtItsSite)
{
  // BulkSplitAcrossTwoSitesByRank with 5 s submissions: a's sub-bulk is submitted from 0.1002, b's from its arrival
  // at 0.3503, at the same time.
  auto split = by_id(simulate_yaml(run_of(4, 1, "submission: split, costs: static, w4: 0, local_submission_time: 5")));
  for (int id : {0, 1})
    EXPECT_NEAR(split[id].start_time, 5.1002, 1e-9) << id;
  for (int id : {2, 3}) {
    EXPECT_STREQ(split[id].clusters, "b") << id;
    EXPECT_NEAR(split[id].start_time, 5.3503, 1e-9) << id;
  }
}

TEST(DianaRuns, EachJobsSubmissionSiteIsInTheTrace)
{
  auto t = simulate_yaml(platform + "policy: {name: diana, submit_site: b}\n" +
                         "workload: {jobs: 3, arrival: batch, components: 1, component_size: 1, runtime: 10, "
                         "request_types: {total: 1}}\ninfo_service: {poll_interval: 0}\n");
  ASSERT_EQ(t.jobs.size(), 3u);
  for (const auto& j : t.jobs)
    EXPECT_EQ(j.submission_site, 1) << j.id;
}

TEST(DianaRuns, ACentralPolicyHasNoSubmissionSiteWhateverTheWorkloadNames)
{
  auto t = simulate_yaml(platform + "policy: wf\n" +
                         "workload: {jobs: 3, arrival: batch, components: 1, component_size: 1, runtime: 10, "
                         "request_types: {total: 1}, submit_site: b}\n");
  ASSERT_EQ(t.jobs.size(), 3u);
  for (const auto& j : t.jobs)
    EXPECT_EQ(j.submission_site, -1) << j.id;
}

TEST(DianaRuns, ExecutableAndOutputSizesAreDrawnPerJobAndSizeTheirMessages)
{
  // As in BusyHomeSendsTheNextJobToThePeer..., with executables drawn from [1 MB, 2 MB] and 3 MB outputs: job 1's
  // hand-over carries 1 kB plus its executable and takes 0.05 s plus its size over 10 MB/s; its output 0.35 s.
  auto t = simulate_yaml(run_of(2, 1, "w4: 0, executable_size: {dist: uniform, min: 1MB, max: 2MB}, output_size: 3MB"));
  const MessageRow* job_message    = nullptr;
  const MessageRow* output_message = nullptr;
  for (const auto& m : t.messages) {
    if (std::strcmp(m.kind, "job") == 0)
      job_message = &m;
    if (std::strcmp(m.kind, "output") == 0)
      output_message = &m;
  }
  ASSERT_NE(job_message, nullptr);
  EXPECT_GT(job_message->bytes, 1e3 + 1e6);
  EXPECT_LT(job_message->bytes, 1e3 + 2e6);
  EXPECT_NE(job_message->bytes, 1e3 + 1.5e6) << "drawn, not the mean";
  EXPECT_NEAR(job_message->received - job_message->sent, 0.05 + std::round(job_message->bytes) / 1e7, 1e-9);
  ASSERT_NE(output_message, nullptr);
  EXPECT_EQ(output_message->bytes, 3e6);
  EXPECT_NEAR(output_message->received - output_message->sent, 0.05 + 0.3, 1e-9);
}

TEST(DianaRuns, TheJobsOwnExecutableAndOutputSizesComeBeforeThePolicys)
{
  // As above, with the sizes given by the workload (2.5 MB executables, 3 MB outputs): the policy's 9 MB apply only
  // to jobs without them. Job 1's hand-over carries 1 kB + 2.5 MB, 0.05 + 0.2501 s; its output 0.05 + 0.3 s.
  auto t = simulate_yaml(platform + "policy: {name: diana, submit_site: a, w4: 0, executable_size: 9MB, " +
                         "output_size: 9MB}\nworkload: {jobs: 2, arrival: batch, components: 1, component_size: 1, " +
                         "runtime: 100, request_types: {total: 1}, executable_size: 2.5MB, output_size: 3MB}\n" +
                         "info_service: {poll_interval: 0}\noverheads: {submission: 0, completion: 0}\n");
  const MessageRow* job_message    = nullptr;
  const MessageRow* output_message = nullptr;
  for (const auto& m : t.messages) {
    if (std::strcmp(m.kind, "job") == 0)
      job_message = &m;
    if (std::strcmp(m.kind, "output") == 0)
      output_message = &m;
  }
  ASSERT_NE(job_message, nullptr);
  EXPECT_EQ(job_message->bytes, 1e3 + 2.5e6);
  EXPECT_NEAR(job_message->received - job_message->sent, 0.05 + 0.2501, 1e-9);
  ASSERT_NE(output_message, nullptr);
  EXPECT_EQ(output_message->bytes, 3e6);
  EXPECT_NEAR(output_message->received - output_message->sent, 0.05 + 0.3, 1e-9);
}

TEST(DianaRuns, AGridLogsOriginSiteIsTheSubmissionSite)
{
  // GWF: job 1 was submitted at site "b" (a cluster of the run), job 2 at "zz" (none): job 1's decision round
  // starts at b, job 2's at submit_site a.
  std::string path = coalsim::testing::test_temp_file("sites.gwf");
  std::ofstream(path) << "# MaxProcs: 4\n"
                         "1 0 -1 30 1 -1 -1 1 40 -1 1 U1 G1 X1 Q1 -1 b b UNITARY -1 -1 -1 -1 -1 -1 -1 -1 VO1 P1\n"
                         "2 5 -1 20 1 -1 -1 1 20 -1 1 U2 G1 X1 Q1 -1 zz zz UNITARY -1 -1 -1 -1 -1 -1 -1 -1 VO1 P1\n";
  auto t = simulate_yaml(platform + "policy: {name: diana, submit_site: a}\n" +
                         "info_service: {poll_interval: 0}\nworkload:\n  trace: {file: " + path + "}\n");
  ASSERT_EQ(t.jobs.size(), 2u);
  std::map<int64_t, int> first_from;
  for (const auto& m : t.messages)
    if (std::strcmp(m.kind, "query") == 0 && not first_from.contains(m.job_id))
      first_from[m.job_id] = m.from;
  EXPECT_EQ(first_from.at(0), 1) << "submitted at b";
  EXPECT_EQ(first_from.at(1), 0) << "no such cluster: the policy's submit_site";
  auto jobs = by_id(t);
  EXPECT_STREQ(jobs[0].clusters, "b") << "kept at home, where it costs nothing to move";
}

namespace {
std::map<int64_t, int> first_query_from(const Trace& t)
{
  std::map<int64_t, int> from;
  for (const auto& m : t.messages)
    if (std::strcmp(m.kind, "query") == 0 && not from.contains(m.job_id))
      from[m.job_id] = m.from;
  return from;
}
} // namespace

TEST(DianaRuns, TheWorkloadsSubmissionSiteComesBeforeThePolicys)
{
  // Synthetic jobs with workload.submit_site b: every decision round starts at b, not at the policy's a.
  auto fixed = simulate_yaml(platform + "policy: {name: diana, submit_site: a}\n" +
                             "workload: {jobs: 3, arrival: batch, components: 1, component_size: 1, runtime: 100, "
                             "request_types: {total: 1}, submit_site: b}\ninfo_service: {poll_interval: 0}\n");
  ASSERT_EQ(fixed.jobs.size(), 3u);
  EXPECT_EQ(first_query_from(fixed), (std::map<int64_t, int>{{0, 1}, {1, 1}, {2, 1}}));
}

TEST(DianaRuns, ALogsSubmissionSiteComesBeforeTheWorkloads)
{
  // workload.submit_site gives the jobs whose logged site is not a cluster of the run theirs.
  std::string path = coalsim::testing::test_temp_file("sites-workload.gwf");
  std::ofstream(path) << "# MaxProcs: 4\n"
                         "1 0 -1 30 1 -1 -1 1 40 -1 1 U1 G1 X1 Q1 -1 a a UNITARY -1 -1 -1 -1 -1 -1 -1 -1 VO1 P1\n"
                         "2 5 -1 20 1 -1 -1 1 20 -1 1 U2 G1 X1 Q1 -1 zz zz UNITARY -1 -1 -1 -1 -1 -1 -1 -1 VO1 P1\n";
  auto replay =
      simulate_yaml(platform + "policy: {name: diana, submit_site: a}\n" +
                    "info_service: {poll_interval: 0}\nworkload:\n  trace: {file: " + path + "}\n  submit_site: b\n");
  ASSERT_EQ(replay.jobs.size(), 2u);
  EXPECT_EQ(first_query_from(replay), (std::map<int64_t, int>{{0, 0}, {1, 1}}));
}
