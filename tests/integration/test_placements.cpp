/* The /placements table against /jobs and /failures on whole runs of `simulate`: KOALA's unreliable testbed,
 * where jobs are placed again after failed claims, component failures and preemptions (and the same run
 * stopped early), and the DCS and a wait-queue policy with claim failures, failed runs and outages. */
#include "SimulateCommand.hpp"
#include "tests/support/TraceReader.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace coalsim;

namespace {
using coalsim::testing::run;

const std::set<std::string> failed_attempt = {"claim_failed", "component_failed", "preempted", "run_failed"};

Trace simulate(const std::string& name, const std::string& arguments)
{
  std::string output = ::testing::TempDir() + "placements-" + name + ".h5";
  auto result        = run(arguments + " -q -o " + output);
  EXPECT_EQ(result.status, 0) << result.output;
  return read_trace(output);
}

std::string koala_unreliable(const std::string& extra = "")
{
  return "-c " COALSIM_SOURCE_DIR "/workloads/experiments/koala-unreliable.yaml " + extra;
}

/** Outcomes of all rows, counted. */
std::map<std::string, int> outcomes(const Trace& t)
{
  std::map<std::string, int> count;
  for (const auto& p : t.placements)
    ++count[p.outcome];
  return count;
}

/** Checks every job's rows against its /jobs row and returns the rows by job. `koala`: the policy claims
 *  incrementally (one /jobs placement per row, estimates); `stop`: the stop time (NaN: the run was not
 *  stopped). */
std::map<int64_t, std::vector<PlacementRow>> check_rows(const Trace& t, bool koala, double stop = NAN)
{
  std::map<int64_t, std::vector<PlacementRow>> rows;
  // Rows are written with their job, in /jobs order: each job's rows are contiguous and follow its /jobs row.
  std::vector<int64_t> job_order, row_order;
  for (const auto& j : t.jobs)
    job_order.push_back(j.id);
  for (const auto& p : t.placements) {
    if (row_order.empty() || row_order.back() != p.job_id)
      row_order.push_back(p.job_id);
    rows[p.job_id].push_back(p);
  }
  std::vector<int64_t> placed_jobs;
  for (int64_t id : job_order)
    if (rows.count(id))
      placed_jobs.push_back(id);
  EXPECT_EQ(row_order, placed_jobs) << "rows are not grouped by job in the order of /jobs";

  std::map<int64_t, int> preemptions;
  for (const auto& f : t.failures)
    if (std::string(f.kind) == "preempted")
      ++preemptions[f.job_id];

  for (const auto& j : t.jobs) {
    const auto& r     = rows[j.id];
    std::string where = "job " + std::to_string(j.id);
    double sum        = 0;
    int tries = 0, claim_failed = 0, component_failed = 0, run_failed = 0, preempted = 0;
    for (size_t k = 0; k < r.size(); ++k) {
      const PlacementRow& p = r[k];
      std::string at        = where + " placement " + std::to_string(k + 1);
      std::string outcome   = p.outcome;
      EXPECT_EQ(p.placement, static_cast<int>(k + 1)) << at;
      EXPECT_DOUBLE_EQ(p.queued_at, k == 0 ? j.submit_time : r[k - 1].ended_at) << at
                                                                                << ": queued at its arrival, "
                                                                                   "or when the last attempt ended";
      EXPECT_EQ(p.placement_time, p.placed_at - p.queued_at) << at;
      EXPECT_GE(p.placement_time, 0) << at;
      EXPECT_GE(p.tries, 0) << at;
      EXPECT_GE(p.ended_at, p.placed_at) << at;
      if (not std::isnan(p.started_at)) {
        EXPECT_GE(p.started_at, p.placed_at) << at;
        EXPECT_GE(p.ended_at, p.started_at) << at;
      }
      EXPECT_EQ(std::isnan(p.estimated_ftt), not koala) << at;
      EXPECT_EQ(std::isnan(p.estimated_start), not koala) << at;
      if (koala) {
        EXPECT_DOUBLE_EQ(p.estimated_start, p.placed_at + p.estimated_ftt) << at;
      }
      if (k + 1 < r.size()) {
        EXPECT_TRUE(failed_attempt.count(outcome)) << at << ": an attempt followed by another ended as " << outcome;
      }
      if (outcome == "completed" || outcome == "run_failed") {
        EXPECT_FALSE(std::isnan(p.started_at)) << at << ": " << outcome << " without a start";
      }
      if (outcome == "unfinished") {
        EXPECT_DOUBLE_EQ(p.ended_at, stop) << at;
      }
      sum += p.placement_time;
      tries += p.tries;
      claim_failed += outcome == "claim_failed";
      component_failed += outcome == "component_failed";
      run_failed += outcome == "run_failed";
      preempted += outcome == "preempted";
    }
    if (koala) {
      EXPECT_EQ(static_cast<int>(r.size()), j.placements) << where;
      if (not r.empty()) { // a job never placed has a NaN total
        EXPECT_DOUBLE_EQ(sum, j.total_placement_time) << where;
      }
      EXPECT_EQ(claim_failed, j.submission_failures) << where;
      EXPECT_EQ(component_failed + run_failed, j.completion_failures) << where;
      EXPECT_EQ(preempted, preemptions[j.id]) << where;
    } else {
      // Other policies: /jobs counts one placement and times it from the arrival to the last JPT.
      EXPECT_EQ(j.placements, r.empty() ? 0 : 1) << where;
      if (not r.empty()) {
        EXPECT_DOUBLE_EQ(j.total_placement_time, r.back().placed_at - j.submit_time) << where;
      }
      // An outage ends an attempt as a component failure, counted as a submission failure if nothing was claimed.
      EXPECT_EQ(claim_failed + component_failed + run_failed, j.submission_failures + j.completion_failures) << where;
      EXPECT_EQ(preempted, 0) << where;
    }
    EXPECT_LE(tries, j.placement_tries) << where;
    if (r.empty()) {
      EXPECT_TRUE(std::isnan(j.placement_time)) << where << ": placed without a row";
      continue;
    }
    const PlacementRow& last = r.back();
    EXPECT_DOUBLE_EQ(last.placed_at, j.placement_time) << where << ": the last row's JPT";
    if (koala) {
      EXPECT_DOUBLE_EQ(last.estimated_ftt, j.estimated_ftt) << where;
      EXPECT_DOUBLE_EQ(last.estimated_start, j.estimated_start) << where;
    }
    std::string outcome = last.outcome;
    switch (j.status) {
      case 0: // completed
        EXPECT_EQ(outcome, "completed") << where;
        EXPECT_DOUBLE_EQ(last.started_at, j.start_time) << where;
        EXPECT_DOUBLE_EQ(last.ended_at, j.completion_time) << where;
        EXPECT_EQ(tries, j.placement_tries) << where << ": every try came before a placement";
        break;
      case 1: // failed: its last attempt failed, or it was dropped while waiting after one
        EXPECT_TRUE(failed_attempt.count(outcome) || outcome == "tries_exceeded") << where << ": " << outcome;
        break;
      case 3: // unfinished: under way at the stop, or waiting again after a failed attempt
        EXPECT_TRUE(outcome == "unfinished" || failed_attempt.count(outcome)) << where << ": " << outcome;
        break;
      default:
        ADD_FAILURE() << where << ": status " << int(j.status) << " with placements";
    }
  }
  return rows;
}
} // namespace

TEST(Placements, KoalaJobsPlacedAgainAfterFailuresHaveOneRowPerPlacementMatchingJobs)
{
  Trace t     = simulate("unreliable", koala_unreliable());
  auto counts = outcomes(t);
  ASSERT_EQ(t.jobs.size(), 500u);
  auto rows    = check_rows(t, true);
  size_t again = 0;
  for (const auto& [id, r] : rows)
    again += r.size() > 1;
  EXPECT_GT(again, 50u) << "the unreliable testbed places many jobs more than once";
  EXPECT_EQ(counts["completed"], 500);
  EXPECT_GT(counts["component_failed"], 0);
  EXPECT_GT(counts["claim_failed"], 0);
  EXPECT_EQ(counts["unfinished"], 0);
  EXPECT_EQ(static_cast<int>(t.placements.size()),
            counts["completed"] + counts["component_failed"] + counts["claim_failed"] + counts["preempted"]);
}

TEST(Placements, KoalaRunStoppedEarlyEndsTheAttemptsUnderWayAsUnfinished)
{
  Trace t     = simulate("unreliable-stopped", koala_unreliable("--set stop.max_time=30000"));
  auto counts = outcomes(t);
  EXPECT_GT(counts["unfinished"], 0);
  auto rows   = check_rows(t, true, 30000);
  int running = 0;
  for (const auto& j : t.jobs)
    if (j.status == 3 && not std::isnan(j.start_time)) {
      ++running;
      EXPECT_STREQ(rows[j.id].back().outcome, "unfinished") << "job " << j.id << " was running at the stop";
      EXPECT_DOUBLE_EQ(rows[j.id].back().started_at, j.start_time) << "job " << j.id;
    }
  EXPECT_GT(running, 0);
}

TEST(Placements, DcsJobsRequeuedAfterClaimFailuresFailedRunsAndOutagesHaveOneRowPerPlacement)
{
  Trace t     = simulate("dcs", "--platform " COALSIM_SOURCE_DIR "/platforms/das2.xml --policy dcs --jobs 200 --seed 3 "
                                    "--set faults.completion_failure=0.1 --set overheads.submission=5 "
                                    "--set faults.mtbf=20000 --set faults.mttr=2000 "
                                    "--set policy.max_submission_failures=0 --set policy.max_completion_failures=0");
  auto counts = outcomes(t);
  ASSERT_EQ(t.jobs.size(), 200u);
  auto rows = check_rows(t, false);
  for (const auto& j : t.jobs) {
    ASSERT_EQ(j.status, 0) << "job " << j.id << ": the DCS re-queues without a limit here";
    EXPECT_EQ(static_cast<int>(rows[j.id].size()), j.submission_failures + j.completion_failures + 1) << "job " << j.id;
  }
  EXPECT_EQ(counts["completed"], 200);
  EXPECT_GT(counts["claim_failed"], 0);
  EXPECT_GT(counts["run_failed"], 0);
  EXPECT_GT(counts["component_failed"], 0);
}

TEST(Placements, WaitQueueJobsWhoseRunFailedEndWithThatPlacement)
{
  // wf does not take a failed run back: the job leaves as failed with the failed attempt as its last row.
  Trace t     = simulate("wf", "--platform " COALSIM_SOURCE_DIR "/platforms/das2.xml --policy wf --jobs 200 "
                                   "--set faults.completion_failure=0.1 --set overheads.submission=20 "
                                   "--set info_service.poll_interval=30");
  auto counts = outcomes(t);
  auto rows   = check_rows(t, false);
  int failed  = 0;
  for (const auto& j : t.jobs)
    if (j.status == 1) {
      ++failed;
      EXPECT_STREQ(rows[j.id].back().outcome, "run_failed") << "job " << j.id;
    }
  EXPECT_GT(failed, 0);
  EXPECT_GT(counts["claim_failed"], 0);
  EXPECT_EQ(counts["run_failed"], failed);
}
