/* Libra on time-shared nodes, whole runs on the shared-nodes platform (cluster s: two one-core 1 Gflop/s nodes,
 * s-0 and s-1). Jobs come from small SWF logs whose requested time is the job's estimate E; the deadline is
 * submit + E x deadline_factor. Completion times are computed by hand in each test. */
#include "SimulationFixture.hpp"
#include "SwfLogs.hpp"

#include <algorithm>
#include <iomanip>
#include <map>
#include <sstream>
#include <tuple>

using namespace coalsim;
using coalsim::testing::local_log;
using coalsim::testing::LocalJob;
using coalsim::testing::simulate_yaml;
using coalsim::testing::swf;
using coalsim::testing::write_log;

namespace {
std::string exact(double x)
{
  std::ostringstream text;
  text << std::setprecision(17) << x;
  return text.str();
}

/** A Libra run over the SWF lines `log` on cluster s, with `policy` parameters and this deadline factor. */
std::string libra_run(const std::string& log, const std::string& policy, double deadline_factor,
                      const std::string& extra = "")
{
  return "platform: " COALSIM_SOURCE_DIR "/platforms/test/shared-nodes.xml\n"
         "clusters: [s]\n"
         "policy: {name: libra" +
         policy +
         "}\n"
         "runtime_model: {kind: timeshared}\n"
         "info_service: {poll_interval: 0}\n"
         "overheads: {submission: 0}\n"
         "workload:\n"
         "  trace: {file: " +
         write_log("grid.swf", log) +
         "}\n"
         "  deadline_factor: " +
         exact(deadline_factor) + "\n" + extra;
}

std::map<JobId, JobRow> by_id(const Trace& t)
{
  std::map<JobId, JobRow> rows;
  for (const auto& j : t.jobs)
    rows[j.id] = j;
  return rows;
}

std::map<JobId, EconomyRow> economy_by_id(const Trace& t)
{
  std::map<JobId, EconomyRow> rows;
  for (const auto& e : t.economy)
    rows[e.job_id] = e;
  return rows;
}
} // namespace

TEST(LibraRuns, JobsAdmittedAtTheirExactShareFinishExactlyByTheirDeadlines)
{
  // Five jobs of 30 s at 0, deadline 60 s: each needs 0.5. Least loaded: s-0, s-1, s-0, s-1 (two per node, each
  // node full at 1), and the fifth finds no node. The four run at half a core and end at 60 s: on the deadline.
  std::string log;
  for (int j = 1; j <= 5; ++j)
    log += swf(j, 0, 30, 1, 30);
  RunStatistics stats;
  auto t    = simulate_yaml(libra_run(log, "", 2), &stats);
  auto jobs = by_id(t);
  auto econ = economy_by_id(t);
  ASSERT_EQ(jobs.size(), 5u);
  ASSERT_TRUE(t.has_economy);
  for (JobId id = 0; id < 4; ++id) {
    EXPECT_EQ(jobs[id].status, static_cast<int8_t>(JobStatus::completed)) << id;
    EXPECT_NEAR(jobs[id].end_time, 60.0, 1e-9) << "job " << id;
    EXPECT_EQ(econ[id].met, 1) << id;
    EXPECT_EQ(econ[id].accepted, 1) << id;
    EXPECT_DOUBLE_EQ(econ[id].charge, 30 + 0.5) << id; // a = b = 1: E + E / D
  }
  EXPECT_EQ(jobs[4].status, static_cast<int8_t>(JobStatus::rejected));
  EXPECT_EQ(econ[4].accepted, 0);
  EXPECT_STREQ(econ[4].rejection, "no_node");
  EXPECT_TRUE(std::isnan(econ[4].charge));
  EXPECT_DOUBLE_EQ(econ[4].cost, 30.5);
  EXPECT_DOUBLE_EQ(econ[4].load, 1.5); // either node: 0.5 + 0.5 + 0.5
  EXPECT_DOUBLE_EQ(econ[3].load, 1.0);
  EXPECT_EQ(stats.economy.jobs, 5u);
  EXPECT_EQ(stats.economy.accepted, 4u);
  EXPECT_EQ(stats.economy.met, 4u);
  EXPECT_DOUBLE_EQ(stats.economy.revenue, 4 * 30.5);
  ASSERT_TRUE(t.economy_revenue.has_value());
  EXPECT_DOUBLE_EQ(*t.economy_revenue, 4 * 30.5);
  // Each node's shares over time (/shares): 0.5 then 1 at 0 s, 0.5 then nothing at 60 s.
  std::map<int, std::vector<std::tuple<double, double, int>>> by_host;
  for (const auto& row : t.shares)
    by_host[row.host].emplace_back(row.time, row.taken, row.components);
  ASSERT_EQ(by_host.size(), 2u);
  for (const auto& [host, rows] : by_host) {
    ASSERT_EQ(rows.size(), 4u) << "host " << host;
    EXPECT_EQ(rows[0], std::make_tuple(0.0, 0.5, 1)) << host;
    EXPECT_EQ(rows[1], std::make_tuple(0.0, 1.0, 2)) << host;
    EXPECT_NEAR(std::get<0>(rows[2]), 60.0, 1e-9);
    EXPECT_DOUBLE_EQ(std::get<1>(rows[2]), 0.5);
    EXPECT_EQ(std::get<2>(rows[3]), 0);
    EXPECT_DOUBLE_EQ(std::get<1>(rows[3]), 0.0);
  }
}

TEST(LibraRuns, BestFitPacksThreeJobsOnANodeWhereLeastLoadedSpreadsThem)
{
  // Four jobs of 30 s at 0, deadline 100 s: each needs 0.3. Best fit packs s-0 with three (0.9; a fourth would
  // make 1.2), which share it at a third each and end at 90 s; the fourth runs alone on s-1 and ends at 30 s.
  // Least loaded puts two on each node: half a core each, all end at 60 s.
  std::string log;
  for (int j = 1; j <= 4; ++j)
    log += swf(j, 0, 30, 1, 30);
  auto packed = by_id(simulate_yaml(libra_run(log, ", node_choice: best_fit", 100.0 / 30)));
  ASSERT_EQ(packed.size(), 4u);
  for (JobId id = 0; id < 3; ++id)
    EXPECT_NEAR(packed[id].end_time, 90.0, 1e-9) << "best fit, job " << id;
  EXPECT_NEAR(packed[3].end_time, 30.0, 1e-9);
}

TEST(LibraRuns, LeastLoadedSpreadsFourJobsOverTwoNodes)
{
  std::string log;
  for (int j = 1; j <= 4; ++j)
    log += swf(j, 0, 30, 1, 30);
  auto spread = by_id(simulate_yaml(libra_run(log, ", node_choice: least_loaded", 100.0 / 30)));
  ASSERT_EQ(spread.size(), 4u);
  for (JobId id = 0; id < 4; ++id)
    EXPECT_NEAR(spread[id].end_time, 60.0, 1e-9) << "least loaded, job " << id;
}

TEST(LibraRuns, AdmissionLowersARunningJobsShareWhileItRuns)
{
  // Best fit, deadline factor 2. A (E 40, D 80) arrives at 0 and runs alone at full speed: 20 CPU s by 20 s. B
  // (E 30, D 60, due at 80) arrives at 20: A now needs (40 - 20) / (80 - 20) = 1/3, B 1/2; s-0 takes both (5/6)
  // and sets A to 1/3. Rates 1/3 : 1/2 of the core, 0.4 and 0.6: A's 20 s and B's 30 s both take 50 s, both end
  // at 70 s. Had A kept its share of 1/2, it would have ended at 60 s.
  std::string log = swf(1, 0, 40, 1, 40) + swf(2, 20, 30, 1, 30);
  auto t          = simulate_yaml(libra_run(log, ", node_choice: best_fit", 2));
  auto jobs       = by_id(t);
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_NEAR(jobs[0].end_time, 70.0, 1e-9);
  EXPECT_NEAR(jobs[1].end_time, 70.0, 1e-9);
  // s-0's shares: A's 1/2 at 0 s; at 20 s A lowered to 1/3, then B's 1/2 added.
  ASSERT_GE(t.shares.size(), 3u);
  EXPECT_EQ(t.shares[0].host, 0);
  EXPECT_DOUBLE_EQ(t.shares[0].taken, 0.5);
  EXPECT_DOUBLE_EQ(t.shares[1].time, 20.0);
  EXPECT_NEAR(t.shares[1].taken, 1.0 / 3, 1e-12);
  EXPECT_EQ(t.shares[1].components, 1);
  EXPECT_NEAR(t.shares[2].taken, 1.0 / 3 + 0.5, 1e-12);
  EXPECT_EQ(t.shares[2].components, 2);
}

TEST(LibraRuns, EqualSlicesShareTheNodeEquallyWhateverTheJobsNeed)
{
  // The scenario above with equal slices: at 20 s A and B get half the core each (2 x 1/2 fits): A's 20 s take
  // 40 s (ends at 60 s); B has done 20 s by then and runs its last 10 s alone (ends at 70 s).
  std::string log = swf(1, 0, 40, 1, 40) + swf(2, 20, 30, 1, 30);
  auto jobs       = by_id(simulate_yaml(libra_run(log, ", node_choice: best_fit, sharing: equal_slices", 2)));
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_NEAR(jobs[0].end_time, 60.0, 1e-9);
  EXPECT_NEAR(jobs[1].end_time, 70.0, 1e-9);
}

TEST(LibraRuns, BudgetBelowTheCostIsRejectedWithItsReason)
{
  // cost = 1 x 30 + 1 x 30 / 60 = 30.5: a budget of 30 is short, 31 covers it.
  std::string log = swf(1, 0, 30, 1, 30) + swf(2, 0, 30, 1, 30);
  auto t          = simulate_yaml(libra_run(log, "", 2, "  budget: 30\n"));
  auto econ       = economy_by_id(t);
  ASSERT_EQ(econ.size(), 2u);
  for (const auto& [id, e] : econ) {
    EXPECT_STREQ(e.rejection, "budget") << id;
    EXPECT_EQ(e.accepted, 0);
    EXPECT_DOUBLE_EQ(e.budget, 30.0);
    EXPECT_DOUBLE_EQ(e.cost, 30.5);
    EXPECT_TRUE(std::isnan(e.charge));
  }
}

TEST(LibraRuns, JobWhoseEstimateExceedsItsDeadlineNeedsMoreThanACoreAndIsRejected)
{
  // Deadline factor 0.8: a job of E 30 is due 24 s after its submission, so it needs 30 / 24 = 1.25 of a core,
  // which a sequential job never gets: rejected (share_over_core), charged nothing, although s-0 and s-1 are idle.
  // Its cost was computed (30 + 30 / 24) and its budget covered it: the budget check comes first (6.2).
  std::string log = swf(1, 0, 30, 1, 30) + swf(2, 10, 20, 1, 20);
  RunStatistics stats;
  auto t    = simulate_yaml(libra_run(log, "", 0.8, "  budget: 100\n"), &stats);
  auto jobs = by_id(t);
  auto econ = economy_by_id(t);
  ASSERT_EQ(econ.size(), 2u);
  for (JobId id = 0; id < 2; ++id) {
    EXPECT_EQ(jobs[id].status, static_cast<int8_t>(JobStatus::rejected)) << id;
    EXPECT_STREQ(econ[id].rejection, "share_over_core") << id;
    EXPECT_STREQ(jobs[id].rejection, "share_over_core") << id; // the same code in /jobs
    EXPECT_EQ(econ[id].accepted, 0) << id;
    EXPECT_TRUE(std::isnan(econ[id].charge)) << id;
    EXPECT_TRUE(std::isnan(econ[id].load)) << id;
  }
  EXPECT_DOUBLE_EQ(econ[0].cost, 30 + 30 / (30 * 0.8));
  EXPECT_EQ(stats.economy.accepted, 0u);
}

TEST(LibraRuns, JobWhoseEstimateEqualsItsDeadlineNeedsExactlyACoreAndIsAdmitted)
{
  // Deadline factor 1: E = D, a share of exactly 1. Two jobs of 30 s at 0 take a node each and end at 30 s, on
  // their deadlines; a third at 10 s (due at 40) finds both nodes full (2 in all) and is rejected: no_node.
  std::string log = swf(1, 0, 30, 1, 30) + swf(2, 0, 30, 1, 30) + swf(3, 10, 30, 1, 30);
  auto t          = simulate_yaml(libra_run(log, "", 1, "  budget: 100\n"));
  auto jobs       = by_id(t);
  auto econ       = economy_by_id(t);
  ASSERT_EQ(econ.size(), 3u);
  for (JobId id = 0; id < 2; ++id) {
    EXPECT_EQ(econ[id].accepted, 1) << id;
    EXPECT_EQ(econ[id].met, 1) << id;
    EXPECT_NEAR(jobs[id].end_time, 30.0, 1e-9) << id;
  }
  EXPECT_STREQ(econ[2].rejection, "no_node");
}

TEST(LibraRuns, BudgetCoveringTheCostIsAccepted)
{
  std::string log = swf(1, 0, 30, 1, 30) + swf(2, 0, 30, 1, 30);
  auto covered    = economy_by_id(simulate_yaml(libra_run(log, "", 2, "  budget: 31\n")));
  ASSERT_EQ(covered.size(), 2u);
  for (const auto& [id, e] : covered) {
    EXPECT_EQ(e.accepted, 1) << id;
    EXPECT_DOUBLE_EQ(e.charge, 30.5) << id;
  }
}

TEST(LibraRuns, UnderestimatedJobsMissTheirDeadlinesAndAreRecordedSo)
{
  // Deadline factor 2; every job needs 0.5. A (runs 50 s, estimates 30: due at 60) on s-0, B (runs 80 s,
  // estimates 40: due at 80) on s-1, C (runs 100 s, estimates 40: due at 80) on s-0 beside A. A and C share s-0
  // half and half: A has done its 50 s at 100 s (late); C has done 50 s then and runs its other 50 s alone,
  // ending at 150 s (late). B alone on s-1 runs at full speed and ends at 80 s, on its deadline.
  std::string log = swf(1, 0, 50, 1, 30) + swf(2, 0, 80, 1, 40) + swf(3, 0, 100, 1, 40);
  RunStatistics stats;
  auto t    = simulate_yaml(libra_run(log, "", 2), &stats);
  auto jobs = by_id(t);
  auto econ = economy_by_id(t);
  ASSERT_EQ(jobs.size(), 3u);
  EXPECT_NEAR(jobs[0].end_time, 100.0, 1e-9);
  EXPECT_NEAR(jobs[1].end_time, 80.0, 1e-9);
  EXPECT_NEAR(jobs[2].end_time, 150.0, 1e-9);
  EXPECT_EQ(econ[0].met, 0);
  EXPECT_EQ(econ[1].met, 1);
  EXPECT_EQ(econ[2].met, 0);
  EXPECT_EQ(stats.economy.accepted, 3u);
  EXPECT_EQ(stats.economy.met, 1u);
  EXPECT_DOUBLE_EQ(stats.economy.revenue, 40 + 0.5); // B's charge alone
}

TEST(LibraRuns, JobPastItsEstimateTakesOnlyWhatItsNeighbourLeavesSoTheNeighbourMeetsItsDeadline)
{
  // Best fit, deadline factor 2, shares recomputed every 40 s. A (runs 100 s, estimates 20: due at 40) and B
  // (runs 50 s, estimates 50: due at 100) both need 0.5 and share s-0 at half a core each. At 40 s A has used its
  // estimate and reached its deadline; B has done 20 s and still needs 30 / 60 = 0.5.
  // overrun: leftover (the default) gives A the 0.5 B leaves: B ends at 100 s, on its deadline, and A, alone from
  // then, has 50 s left and ends at 150 s.
  // overrun: whole_core gives A a weight of 1: B gets 1/3 of the core; at 80 s it has done 20 + 40 / 3 s and needs
  // (50 / 3) / 20 = 5/6, still against A's 1: 6/11 of the core, so it ends at 80 + (50 / 3) x 11 / 5 = 116.67 s,
  // late. A ends at 150 s either way (the core never idles).
  std::string log     = swf(1, 0, 100, 1, 20) + swf(2, 0, 50, 1, 50);
  std::string options = ", node_choice: best_fit, recompute: interval, interval: 40";
  RunStatistics stats;
  auto t    = simulate_yaml(libra_run(log, options, 2), &stats);
  auto jobs = by_id(t);
  auto econ = economy_by_id(t);
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_NEAR(jobs[0].end_time, 150.0, 1e-9);
  EXPECT_NEAR(jobs[1].end_time, 100.0, 1e-9);
  EXPECT_EQ(econ[0].met, 0);
  EXPECT_EQ(econ[1].met, 1);
  // s-0's shares never sum to more than its core.
  for (const auto& row : t.shares)
    EXPECT_LE(row.taken, 1.0 + 1e-9) << "at " << row.time;
}

TEST(LibraRuns, JobPastItsEstimateGivenAWholeCoreMakesItsNeighbourLate)
{
  // The scenario above with overrun: whole_core (one simulation per test: SimGrid runs one engine a process).
  std::string log = swf(1, 0, 100, 1, 20) + swf(2, 0, 50, 1, 50);
  auto t          = simulate_yaml(
               libra_run(log, ", node_choice: best_fit, recompute: interval, interval: 40, overrun: whole_core", 2));
  auto jobs = by_id(t);
  auto econ = economy_by_id(t);
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_NEAR(jobs[0].end_time, 150.0, 1e-9);
  EXPECT_NEAR(jobs[1].end_time, 80 + 50.0 / 3 * 11 / 5, 1e-9);
  EXPECT_EQ(econ[1].met, 0);
}

TEST(LibraRuns, JobRunningAtExactlyItsShareEndsWhenANeighbourPastItsEstimateLeaves)
{
  // Best fit, deadline factor 2.5 (every job needs 0.4 when it arrives). A (runs 30, estimates 30: due at 75) and
  // B (runs 50, estimates 20: due at 50) share s-0 from 0 at half a core each. C (runs 50, estimates 50: due at
  // 155) arrives at 30: A needs 15 / 45 = 1/3, B 5 / 20 = 1/4, C 2/5; s-0 takes it (59/60). Rates 20/59, 15/59,
  // 24/59: A ends at 30 + 15 x 59 / 20 = 74.25. Then B (26.25 s done) is past its estimate and C (18 s done) needs
  // 32 / 80.75 = 128/323: B runs on the 195/323 C leaves, C at exactly its share, and B ends at 74.25 + 23.75 x
  // 323 / 195 = 113.59. C's share recomputed then is 128/323 again, to within an ulp, whose inverse (SimGrid's
  // sharing penalty) is unchanged: C used to stay on s-0 forever, its work done (the run ended with it
  // unfinished, then crashed). The core never idles, so C ends at 30 + 50 + 50 = 130, well before its deadline.
  std::string log = swf(1, 0, 30, 1, 30) + swf(2, 0, 50, 1, 20) + swf(3, 30, 50, 1, 50);
  RunStatistics stats;
  auto t    = simulate_yaml(libra_run(log, ", node_choice: best_fit", 2.5), &stats);
  auto jobs = by_id(t);
  auto econ = economy_by_id(t);
  ASSERT_EQ(jobs.size(), 3u);
  for (JobId id = 0; id < 3; ++id)
    EXPECT_EQ(jobs[id].status, static_cast<int8_t>(JobStatus::completed)) << id;
  EXPECT_NEAR(jobs[0].end_time, 74.25, 1e-9);
  EXPECT_NEAR(jobs[1].end_time, 74.25 + 23.75 * 323 / 195, 1e-9);
  EXPECT_NEAR(jobs[2].end_time, 130.0, 1e-9);
  EXPECT_EQ(econ[0].met, 1);
  EXPECT_EQ(econ[1].met, 0);
  EXPECT_EQ(econ[2].met, 1);
  EXPECT_EQ(stats.economy.accepted, 3u);
}

TEST(LibraRuns, TraceHoldsEachJobsHostCpuWorkAndShareHistory)
{
  // Least loaded, deadline factor 2.5 (each job needs 0.4 when it arrives), exact estimates. A (E 30) and B (E 40)
  // arrive at 0: A on s-0, B on s-1, each alone at full speed. C (E 20) at 10: A needs 20 / 65 = 4/13 on s-0, B
  // 30 / 90 = 1/3 on s-1, so s-0 is the less loaded with C. D (E 10) at 20: A and C on s-0 have run at 4/13 : 2/5
  // of the core and need 0.285 and 0.359, too much with D's 0.4; B alone needs 20 / 80 = 1/4: D goes to s-1.
  // What the trace must hold: each component's host and the CPU work it had done when it ended (with exact
  // estimates, its estimate), and per job one /shares row per change of its share, the first its admission share,
  // the last 0 when it left; the running sum of the current shares is the host's `taken`.
  std::string log = swf(1, 0, 30, 1, 30) + swf(2, 0, 40, 1, 40) + swf(3, 10, 20, 1, 20) + swf(4, 20, 10, 1, 10);
  auto t          = simulate_yaml(libra_run(log, ", node_choice: least_loaded", 2.5));
  auto jobs       = by_id(t);
  ASSERT_EQ(jobs.size(), 4u);
  ASSERT_EQ(t.components.size(), 4u);
  const std::map<JobId, double> estimate{{0, 30}, {1, 40}, {2, 20}, {3, 10}};
  const std::map<JobId, int> host{{0, 0}, {1, 1}, {2, 0}, {3, 1}};
  for (const auto& c : t.components) {
    EXPECT_EQ(jobs[c.job_id].status, static_cast<int8_t>(JobStatus::completed)) << c.job_id;
    EXPECT_EQ(c.index, 0);
    EXPECT_EQ(c.host, host.at(c.job_id)) << c.job_id;
    EXPECT_NEAR(c.cpu_work, estimate.at(c.job_id), 1e-9 * estimate.at(c.job_id)) << c.job_id;
  }
  // Replaying /shares: each job's share history, and each host's sum of its components' current shares.
  std::map<JobId, std::vector<std::pair<double, double>>> history;
  std::map<int, std::map<JobId, double>> current;
  for (const auto& row : t.shares) {
    EXPECT_EQ(row.cluster, 0);
    EXPECT_EQ(row.component, 0);
    EXPECT_EQ(row.host, host.at(row.job_id)) << row.job_id;
    history[row.job_id].emplace_back(row.time, row.share);
    if (row.share > 0)
      current[row.host][row.job_id] = row.share;
    else
      current[row.host].erase(row.job_id);
    double sum = 0;
    for (const auto& [id, share] : current[row.host])
      sum += share;
    EXPECT_NEAR(row.taken, sum, 1e-12) << "at " << row.time;
    EXPECT_EQ(row.components, static_cast<int>(current[row.host].size())) << "at " << row.time;
  }
  ASSERT_EQ(history.size(), 4u);
  for (const auto& [id, changes] : history) {
    EXPECT_DOUBLE_EQ(changes.front().first, jobs[id].start_time) << id;
    EXPECT_DOUBLE_EQ(changes.front().second, 0.4) << id; // E / D when it was admitted
    EXPECT_DOUBLE_EQ(changes.back().first, jobs[id].end_time) << id;
    EXPECT_EQ(changes.back().second, 0.0) << id;
  }
}

namespace {
/** Runs `yaml` and returns the input error's text ("" if it ran). */
std::string refusal(const std::string& yaml)
{
  try {
    simulate_yaml(yaml);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}
} // namespace

TEST(LibraRuns, ReplayedJobsTakeTheSyntheticEstimateDeadlineAndBudgetFromTheirScaledSubmission)
{
  // What workloads/experiments/libra-lcg.yaml relies on: a replayed log's jobs get E = runtime x
  // estimate_factor (not the log's requested time, 60 s), D = the scaled submission + E x deadline_factor, and
  // the budget drawn per job. Job 2 is submitted at 10 s in the log, 30 s at time_scale 3: D = 30 + 30 x 2 = 90.
  std::string log = swf(1, 0, 30, 1, 60) + swf(2, 10, 30, 1, 60);
  std::string run = libra_run(log, "", 2, "  estimate_factor: 1\n  budget: 100\n");
  run.insert(run.find("}\n  deadline_factor"), ", time_scale: 3");
  auto t    = simulate_yaml(run);
  auto jobs = by_id(t);
  auto econ = economy_by_id(t);
  ASSERT_EQ(econ.size(), 2u);
  EXPECT_DOUBLE_EQ(jobs[1].submit_time, 30.0);
  for (JobId id = 0; id < 2; ++id) {
    EXPECT_DOUBLE_EQ(econ[id].estimate, 30.0) << id;
    EXPECT_DOUBLE_EQ(econ[id].budget, 100.0) << id;
    EXPECT_EQ(econ[id].accepted, 1) << id;
    EXPECT_EQ(econ[id].met, 1) << id;
  }
  EXPECT_DOUBLE_EQ(econ[0].deadline, 60.0);
  EXPECT_DOUBLE_EQ(econ[1].deadline, 90.0);
}

TEST(LibraRuns, WithoutTheTimesharedRuntimeModelTheRunIsRefused)
{
  std::string run = libra_run(swf(1, 0, 30, 1, 30), "", 2);
  run.replace(run.find("kind: timeshared"), 16, "kind: delay");
  EXPECT_NE(refusal(run).find("policy 'libra' runs jobs on shares of hosts; set runtime_model.kind: timeshared"),
            std::string::npos)
      << refusal(run);
}

TEST(LibraRuns, WithoutDeadlinesTheRunIsRefused)
{
  std::string run = libra_run(swf(1, 0, 30, 1, 30), "", 2);
  run             = run.substr(0, run.find("  deadline_factor"));
  std::string why = refusal(run);
  EXPECT_NE(why.find("policy 'libra' needs every job's estimate and deadline"), std::string::npos) << why;
}

TEST(LibraRuns, DeadlineBlindBaselineQueuesJobsOnWholeProcessorsAfterTheSameBudgetCheck)
{
  // fcfs_budget on the two processors of s, the five jobs of 30 s at 0 due at 60 s (timeshared runtime model,
  // whole cores): two run over [0, 30], two over [30, 60] (on their deadline), the fifth over [60, 90] (late).
  // All five pass the budget check and are charged 30.5; the revenue counts the four that met their deadline.
  std::string log;
  for (int j = 1; j <= 5; ++j)
    log += swf(j, 0, 30, 1, 30);
  std::string run = libra_run(log, "", 2);
  run.replace(run.find("name: libra"), 11, "name: fcfs_budget");
  RunStatistics stats;
  auto t    = simulate_yaml(run, &stats);
  auto jobs = by_id(t);
  auto econ = economy_by_id(t);
  ASSERT_EQ(jobs.size(), 5u);
  std::vector<double> ends;
  for (const auto& [id, j] : jobs)
    ends.push_back(j.end_time);
  std::sort(ends.begin(), ends.end());
  EXPECT_EQ(ends, (std::vector<double>{30, 30, 60, 60, 90}));
  int met = 0;
  for (const auto& [id, e] : econ) {
    EXPECT_EQ(e.accepted, 1) << id;
    EXPECT_DOUBLE_EQ(e.charge, 30.5) << id;
    EXPECT_EQ(e.met, jobs[id].end_time <= 60 ? 1 : 0) << id;
    met += e.met;
  }
  EXPECT_EQ(met, 4);
  EXPECT_DOUBLE_EQ(stats.economy.revenue, 4 * 30.5);
  // Whole cores, no share: no host and no CPU work in /components, and no /shares.
  ASSERT_EQ(t.components.size(), 5u);
  for (const auto& c : t.components) {
    EXPECT_EQ(c.host, -1) << c.job_id;
    EXPECT_TRUE(std::isnan(c.cpu_work)) << c.job_id;
  }
  EXPECT_TRUE(t.shares.empty());
}

TEST(LibraRuns, DeadlineBlindBaselineTurnsAwayABudgetBelowTheCost)
{
  std::string run = libra_run(swf(1, 0, 30, 1, 30) + swf(2, 0, 30, 1, 30), "", 2, "  budget: 30\n");
  run.replace(run.find("name: libra"), 11, "name: fcfs_budget");
  auto t    = simulate_yaml(run);
  auto econ = economy_by_id(t);
  ASSERT_EQ(econ.size(), 2u);
  for (const auto& [id, e] : econ) {
    EXPECT_STREQ(e.rejection, "budget") << id;
    EXPECT_DOUBLE_EQ(e.cost, 30.5) << id;
  }
  for (const auto& j : t.jobs)
    EXPECT_EQ(j.status, static_cast<int8_t>(JobStatus::rejected));
}

TEST(LibraRuns, HostRunningALocalJobTakesNoShareAndLibraUsesTheOthers)
{
  // A local job holds s-0's core over [0, 100). Libra jobs of 30 s due 60 s after their arrival: the first (at
  // 1 s) goes to s-1, not to s-0 (which would win the tie), and runs alone; the second (at 2 s) joins it: the
  // first now needs 29/59, the second 1/2, so they run at 58/117 and 59/117 of the core. The first's 29 s left
  // end at 2 + 58.5 = 60.5 s (due 61); the second has done 29.5 s then and ends alone at 61 s (due 62). The
  // third (at 3 s) finds s-1 full and s-0 not dedicated: rejected, no_node.
  std::string log = swf(1, 1, 30, 1, 30) + swf(2, 2, 30, 1, 30) + swf(3, 3, 30, 1, 30);
  std::string run = libra_run(log, "", 2) + "background: {model: none, clusters: {s: {model: replay, trace: {file: " +
                    local_log("local", {LocalJob{0, 100, 1}}) + "}}}}\n";
  auto t    = simulate_yaml(run);
  auto jobs = by_id(t);
  auto econ = economy_by_id(t);
  ASSERT_EQ(jobs.size(), 3u);
  EXPECT_NEAR(jobs[0].end_time, 60.5, 1e-9);
  EXPECT_NEAR(jobs[1].end_time, 61.0, 1e-9);
  EXPECT_STREQ(econ[2].rejection, "no_node");
  EXPECT_EQ(econ[0].met + econ[1].met, 2);
  for (const auto& row : t.shares)
    EXPECT_EQ(row.host, 1) << "a share on s-0, which ran a local job";
}

namespace {
/** A Libra run as libra_run, on cluster d (two dual-core nodes, d-0 and d-1) with this `job_shape` section. */
std::string libra_run_on_dual_nodes(const std::string& log, const std::string& job_shape, const std::string& extra = "")
{
  std::string run = libra_run(log, "", 2, extra + job_shape);
  run.replace(run.find("clusters: [s]"), 13, "clusters: [d]");
  return run;
}

/** Five jobs of 30 s at 0 due at 60 s (each needs 0.5; a dual node takes shares up to 2); least loaded, ties to the
 *  first: d-0, d-1, d-0, d-1, d-0. On d-0 three Execs share two cores (2/3 of a core each): they end at 45 s; on d-1
 *  two run a core each and end at 30 s. A sixth job of 2 processors is rejected. Each admitted job did 30 s of CPU
 *  work: one process, not cores_per_node of them. */
void expect_one_process_on_one_node(const std::string& job_shape)
{
  std::string log;
  for (int j = 1; j <= 5; ++j)
    log += swf(j, 0, 30, 1, 30);
  log += swf(6, 0, 30, 2, 30);
  auto t    = simulate_yaml(libra_run_on_dual_nodes(log, job_shape));
  auto jobs = by_id(t);
  auto econ = economy_by_id(t);
  ASSERT_EQ(jobs.size(), 6u);
  const std::map<JobId, int> host{{0, 0}, {1, 1}, {2, 0}, {3, 1}, {4, 0}};
  ASSERT_EQ(t.components.size(), 5u);
  for (const auto& c : t.components) {
    EXPECT_EQ(c.processors, 1);
    EXPECT_EQ(c.host, host.at(c.job_id)) << c.job_id;
    EXPECT_NEAR(c.cpu_work, 30, 1e-9) << c.job_id;
    EXPECT_NEAR(jobs[c.job_id].end_time, c.host == 0 ? 45 : 30, 1e-9) << c.job_id;
  }
  EXPECT_STREQ(econ[5].rejection, "not_sequential");
}

/** A local job of 2 processors over [0, 100) on d; a Libra job of 30 s at 1 s, on `libra_host` (ends at 31 s), or
 *  rejected (no_node) when it is -1. */
void expect_libra_beside_a_local_job(const std::string& job_shape, int libra_host)
{
  const std::string local = "background: {model: none, clusters: {d: {model: replay, trace: {file: " +
                            local_log("local", {LocalJob{0, 100, 2}}) + "}}}}\n";
  auto t    = simulate_yaml(libra_run_on_dual_nodes(swf(1, 1, 30, 1, 30), job_shape, local));
  auto jobs = by_id(t);
  auto econ = economy_by_id(t);
  ASSERT_EQ(jobs.size(), 1u);
  if (libra_host < 0) {
    EXPECT_STREQ(econ[0].rejection, "no_node");
    EXPECT_TRUE(t.shares.empty());
    return;
  }
  EXPECT_NEAR(jobs[0].end_time, 31, 1e-9);
  ASSERT_EQ(t.components.size(), 1u);
  EXPECT_EQ(t.components[0].host, libra_host);
}
} // namespace

// Libra takes sequential jobs only (a job of p > 1 processors is turned away): one process, one Exec on one node at
// a share of one core, the node held whole while it is time-shared. A shape adds nothing to that: the same run
// under every job_shape (one run per test: SimGrid starts once per process).
TEST(LibraRuns, ALibraJobIsOneProcessOnOneNodeInThePool)
{
  expect_one_process_on_one_node("");
}
TEST(LibraRuns, ALibraJobIsOneProcessOnOneNodeWithNodesOfTwoCores)
{
  expect_one_process_on_one_node("job_shape: {kind: nodes, cores_per_node: 2}\n");
}
TEST(LibraRuns, ALibraJobIsOneProcessOnOneNodeWithNodesOfOneCore)
{
  expect_one_process_on_one_node("job_shape: {kind: nodes, cores_per_node: 1}\n");
}
TEST(LibraRuns, ALibraJobIsOneProcessOnOneNodeWithWholeNodesByBestFit)
{
  expect_one_process_on_one_node("job_shape: {kind: whole_nodes, host_selection: best_fit}\n");
}

// What a shape changes beside Libra is where the space-shared jobs lie: a node takes shares only when no local job
// holds a core of it. Pool and nodes of 2 cores: the local job holds both cores of d-0, the Libra job runs on d-1.
// Nodes of 1 core: it holds one core of each node, no node is wholly idle, the Libra job is rejected.
TEST(LibraRuns, ALocalJobInThePoolLeavesANodeWhollyIdleForLibra)
{
  expect_libra_beside_a_local_job("", 1);
}
TEST(LibraRuns, ALocalJobOnANodeOfTwoCoresLeavesTheOtherNodeWhollyIdleForLibra)
{
  expect_libra_beside_a_local_job("job_shape: {kind: nodes, cores_per_node: 2}\n", 1);
}
TEST(LibraRuns, ALocalJobOnTwoNodesOfOneCoreLeavesNoNodeForLibra)
{
  expect_libra_beside_a_local_job("job_shape: {kind: nodes, cores_per_node: 1}\n", -1);
}

TEST(LibraRuns, HostFailureFailsItsJobsAndTheHostTakesSharesAgainOnceBack)
{
  // Best fit, deadline factor 2. Jobs 0 and 1 (30 s each, at 0 s) share s-0 at 0.5 each; s-0 fails over
  // [10, 30): both fail (not retried). Job 2 (10 s, at 15 s) cannot go to s-0, which is off: it runs alone on
  // s-1 and ends at 25 s. Job 3 (30 s, at 35 s) finds both nodes empty and s-0 back: it goes to s-0 (the
  // first of a tie) and ends at 65 s.
  std::string log = swf(1, 0, 30, 1, 30) + swf(2, 0, 30, 1, 30) + swf(3, 15, 10, 1, 10) + swf(4, 35, 30, 1, 30);
  auto t    = simulate_yaml(libra_run(log, ", node_choice: best_fit", 2) + "faults: {hosts: {s-0: [\"10+20\"]}}\n");
  auto jobs = by_id(t);
  auto econ = economy_by_id(t);
  ASSERT_EQ(jobs.size(), 4u);
  EXPECT_EQ(jobs[0].status, static_cast<int8_t>(JobStatus::failed));
  EXPECT_EQ(jobs[1].status, static_cast<int8_t>(JobStatus::failed));
  EXPECT_EQ(econ[0].met, 0);
  EXPECT_EQ(econ[0].accepted, 1);
  EXPECT_EQ(jobs[2].status, static_cast<int8_t>(JobStatus::completed));
  EXPECT_NEAR(jobs[2].end_time, 25.0, 1e-9);
  EXPECT_STREQ(jobs[2].clusters, "s");
  EXPECT_EQ(jobs[3].status, static_cast<int8_t>(JobStatus::completed));
  EXPECT_NEAR(jobs[3].end_time, 65.0, 1e-9);
  std::vector<int> hosts;
  for (const auto& row : t.shares)
    if (row.components > 0 && (hosts.empty() || hosts.back() != row.host))
      hosts.push_back(row.host);
  EXPECT_EQ(hosts, (std::vector<int>{0, 1, 0})) << "s-0 for jobs 0 and 1, s-1 for job 2, s-0 again for job 3";
}

TEST(LibraRuns, DecisionLogHasEachNodesLoadAndWhetherItAccepted)
{
  // The five jobs of the first test, with the decision log: one admission round per job, one row per node. Least
  // loaded, ties to s-0: loads with the job 0.5/0.5 (s-0), 1/0.5 (s-1), 1/1 (s-0), 1.5/1 (s-1), 1.5/1.5 (none).
  std::string log;
  for (int j = 1; j <= 5; ++j)
    log += swf(j, 0, 30, 1, 30);
  auto t = simulate_yaml(libra_run(log, "", 2, "trace: {decisions: true}\n"));
  ASSERT_TRUE(t.has_decisions);
  ASSERT_EQ(t.decisions.size(), 10u);
  const char* expected[5][2][2] = {{{"chosen", ""}, {"considered", "not_least_loaded"}},
                                   {{"considered", "not_least_loaded"}, {"chosen", ""}},
                                   {{"chosen", ""}, {"considered", "not_least_loaded"}},
                                   {{"refused", "over_capacity"}, {"chosen", ""}},
                                   {{"refused", "over_capacity"}, {"refused", "over_capacity"}}};
  const double loads[5][2]      = {{0.5, 0.5}, {1, 0.5}, {1, 1}, {1.5, 1}, {1.5, 1.5}};
  for (size_t i = 0; i < t.decisions.size(); ++i) {
    const auto& d = t.decisions[i];
    const int job = static_cast<int>(i / 2), node = static_cast<int>(i % 2);
    EXPECT_EQ(d.round, job + 1) << i;
    EXPECT_EQ(d.job_id, job) << i;
    EXPECT_EQ(d.deciding_site, -1) << i; // a central scheduler
    EXPECT_EQ(d.host, node) << i;
    EXPECT_STREQ(d.outcome, expected[job][node][0]) << i;
    EXPECT_STREQ(d.reason, expected[job][node][1]) << i;
    EXPECT_EQ(d.time, 0) << i;
  }
  std::map<std::tuple<int64_t, int, std::string>, double> terms;
  for (const auto& term : t.decision_terms)
    terms[{term.round, term.host, term.name}] = term.value;
  ASSERT_EQ(terms.size(), 15u); // per round: the share, and each node's load
  for (int job = 0; job < 5; ++job) {
    EXPECT_DOUBLE_EQ((terms[{job + 1, -1, "share"}]), 0.5) << job;
    for (int node = 0; node < 2; ++node)
      EXPECT_DOUBLE_EQ((terms[{job + 1, node, "load"}]), loads[job][node]) << job << " " << node;
  }
}
