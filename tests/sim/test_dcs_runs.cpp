/* The DCS policy in short simulations on the tiny platform (two clusters a and b of 4 processors),
 * with times computed by hand. */
#include "PlacementRows.hpp"
#include "SimulationFixture.hpp"
#include "sim/config/InputError.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

using namespace coalsim;
using coalsim::testing::expect_placement;
using coalsim::testing::placements_of;
using coalsim::testing::simulate_yaml;

TEST(DcsRuns, StaleIdleCountMakesASubmissionFailAndTheJobIsRetriedAndCompletes)
{
  // Cluster a's local users run a 4-processor job for 25 s every 1000 s (1000, 2000, ...). The idle
  // list is polled every 30 s. The job is approved at 0 on a's 4 idle processors; DUROC's submission
  // takes 1010 s, and at 1010 the local job holds them: a submission failure, which also tells the
  // broker that a has 0 idle. The rescheduling fails; the resource monitor looks every 7 s (1017, 1024,
  // ...) and first sees a change at 1052 (the poll at 1050 found a idle again). The job is approved at
  // 1052, its submission ends at 2062 (after the local job of 2000-2025), and it runs 100 s.
  RunStatistics stats;
  auto t = simulate_yaml(
      coalsim::testing::stale_poll_scenario("{name: dcs, max_submission_failures: 3, monitor_interval: 7}"), &stats);
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& job = t.jobs[0];
  EXPECT_EQ(job.status, 0) << "the job must complete";
  EXPECT_EQ(job.submission_failures, 1);
  EXPECT_DOUBLE_EQ(job.placement_time, 1052.0);
  EXPECT_DOUBLE_EQ(job.start_time, 2062.0);
  EXPECT_DOUBLE_EQ(job.end_time, 2162.0);
  ASSERT_EQ(t.failures.size(), 1u);
  EXPECT_DOUBLE_EQ(t.failures[0].time, 1010.0);
  EXPECT_STREQ(t.failures[0].kind, "claim");
}

TEST(DcsRuns, AFreedClusterIsNoticedAtTheMonitorsNextLook)
{
  // Two ordered jobs that each need all of cluster a. Job 0 starts at 0 and ends at 100; job 1's
  // rescheduling failed at 0, and the monitor (every 7 s) notices the free processors at 105, not 100.
  auto t = simulate_yaml(R"(
policy: {name: dcs, monitor_interval: 7}
workload: {jobs: 2, arrival: batch, components: 1, component_size: 4, runtime: 100,
           request_types: {ordered: 1}, ordered_clusters: [a]}
info_service: {poll_interval: 0}
)");
  ASSERT_EQ(t.jobs.size(), 2u);
  const JobRow& second = t.jobs[0].id == 1 ? t.jobs[0] : t.jobs[1];
  EXPECT_DOUBLE_EQ(second.placement_time, 105.0);
  EXPECT_DOUBLE_EQ(second.start_time, 105.0);
  EXPECT_DOUBLE_EQ(second.end_time, 205.0);
  EXPECT_GE(second.placement_tries, 1);
}

TEST(DcsRuns, BlockingSubmissionSerializesTheBatch)
{
  // Four 1-processor jobs fit at once, but DUROC's 10 s submission blocks the scheduler: they start at
  // 10, 20, 30 and 40 (claims 10 s after each approval) and end 50 s later.
  auto t = simulate_yaml(R"(
policy: {name: dcs}
workload: {jobs: 4, arrival: batch, components: 1, component_size: 1, runtime: 50}
info_service: {poll_interval: 0}
overheads: {submission: 10}
)");
  ASSERT_EQ(t.jobs.size(), 4u);
  std::vector<double> starts;
  for (const auto& j : t.jobs)
    starts.push_back(j.start_time);
  std::sort(starts.begin(), starts.end());
  EXPECT_EQ(starts, (std::vector<double>{10, 20, 30, 40}));
}

namespace {
/** Six jobs of 2x2 under the DCS, which re-queues a failed run up to 10 times; half of all runs fail. */
const char* const half_of_the_runs_fail_and_are_requeued = R"(
seed: 3
policy: {name: dcs, max_completion_failures: 10, monitor_interval: 1}
workload: {jobs: 6, arrival: batch, components: 2, component_size: 2, runtime: 20}
info_service: {poll_interval: 0}
overheads: {completion: 5}
faults: {completion_failure: 0.5}
)";
} // namespace

TEST(DcsRuns, CompletionFailuresAreRequeuedAndEveryJobCompletes)
{
  // Half of all runs fail; the DCS re-queues a job up to 10 times, so all complete (deterministic for
  // this seed), and the trace counts each failure once.
  auto t = simulate_yaml(half_of_the_runs_fail_and_are_requeued);
  ASSERT_EQ(t.jobs.size(), 6u);
  int failures = 0;
  for (const auto& j : t.jobs) {
    EXPECT_EQ(j.status, 0) << "job " << j.id;
    failures += j.completion_failures;
  }
  EXPECT_GT(failures, 0);
  int rows = 0;
  for (const auto& f : t.failures)
    rows += std::strcmp(f.kind, "completion") == 0;
  EXPECT_EQ(rows, failures);
}

TEST(DcsRuns, WithoutARequeueingPolicyACompletionFailureFailsTheJob)
{
  // wf does not override on_job_failed: a failed run ends the job (status 1, failed), with a drop row.
  auto t     = simulate_yaml(R"(
seed: 3
policy: wf
workload: {jobs: 6, arrival: batch, components: 1, component_size: 1, runtime: 20}
info_service: {poll_interval: 0}
faults: {completion_failure: 0.5}
)");
  int failed = 0;
  for (const auto& j : t.jobs)
    if (j.status == 1) {
      ++failed;
      EXPECT_EQ(j.completion_failures, 1);
      EXPECT_DOUBLE_EQ(j.runtime, 20.0) << "the row keeps the failed run";
    }
  EXPECT_GT(failed, 0);
  EXPECT_LT(failed, 6);
  int drops = 0;
  for (const auto& f : t.failures)
    drops += std::strcmp(f.kind, "drop") == 0;
  EXPECT_EQ(drops, failed);
}

namespace {
/** The requeueing run above, stopped at `stop`: jobs 0, 2, 3 and 5 ran at 0, 20, 20 and 40; job 1's run of
 *  0-20 failed at 25 (after the completion overhead) and it ran again from 60; job 4's of 40-60 failed at 65
 *  and it ran again from 65. */
Trace requeued_runs_stopped_at(int stop)
{
  return simulate_yaml(std::string(half_of_the_runs_fail_and_are_requeued) +
                       "stop: {max_time: " + std::to_string(stop) + "}\n");
}

const JobRow& row_of(const Trace& t, JobId id)
{
  for (const auto& j : t.jobs)
    if (j.id == id)
      return j;
  throw std::runtime_error("no job " + std::to_string(id));
}
} // namespace

TEST(DcsRuns, JobWaitingAgainAfterAFailedRunIsNotRecordedAsStarted)
{
  auto t            = requeued_runs_stopped_at(30);
  const JobRow& job = row_of(t, 1);
  EXPECT_EQ(job.status, 3) << "unfinished";
  EXPECT_EQ(job.completion_failures, 1);
  EXPECT_TRUE(std::isnan(job.start_time)) << "the failed run's start";
  EXPECT_TRUE(std::isnan(job.end_time)) << "the failed run's end";
  EXPECT_EQ(job.n_components, 2);
  EXPECT_EQ(job.n_clusters, 0);
}

TEST(DcsRuns, JobRunningAgainAtTheStopHasNoEndFromItsFailedRun)
{
  auto t = requeued_runs_stopped_at(66);
  for (JobId id : {1, 4}) {
    const JobRow& job = row_of(t, id);
    EXPECT_EQ(job.status, 3) << "job " << id;
    EXPECT_DOUBLE_EQ(job.start_time, id == 1 ? 60.0 : 65.0) << "job " << id;
    EXPECT_TRUE(std::isnan(job.end_time)) << "job " << id << ": the failed run's end";
  }
}

TEST(DcsRuns, EveryRequeuedRunHasAPlacementRowEndingAsAFailedRun)
{
  // The run of CompletionFailuresAreRequeuedAndEveryJobCompletes: each failed run ends its placement's
  // attempt 20 s (runtime) + 5 s (completion overhead) after its start, as "run_failed"; the job is queued
  // again from then, and its last placement completes.
  auto t = simulate_yaml(half_of_the_runs_fail_and_are_requeued);
  ASSERT_EQ(t.jobs.size(), 6u);
  int failed_runs = 0;
  for (const auto& j : t.jobs) {
    auto rows = placements_of(t, j.id);
    ASSERT_EQ(static_cast<int>(rows.size()), j.completion_failures + 1) << "job " << j.id;
    failed_runs += j.completion_failures;
    EXPECT_DOUBLE_EQ(rows[0].queued_at, j.submit_time) << "job " << j.id;
    for (size_t k = 0; k < rows.size(); ++k) {
      std::string where = "job " + std::to_string(j.id) + " placement " + std::to_string(k + 1);
      EXPECT_EQ(rows[k].placement, static_cast<int>(k + 1)) << where;
      EXPECT_STREQ(rows[k].outcome, k + 1 < rows.size() ? "run_failed" : "completed") << where;
      EXPECT_NEAR(rows[k].ended_at - rows[k].started_at, 25.0, 1e-6) << where;
      if (k > 0) {
        EXPECT_DOUBLE_EQ(rows[k].queued_at, rows[k - 1].ended_at) << where << ": queued when the failed run ended";
      }
    }
    EXPECT_DOUBLE_EQ(rows.back().placed_at, j.placement_time) << "job " << j.id;
    EXPECT_DOUBLE_EQ(rows.back().started_at, j.start_time) << "job " << j.id;
    EXPECT_DOUBLE_EQ(rows.back().ended_at, j.completion_time) << "job " << j.id;
  }
  EXPECT_GT(failed_runs, 0) << "seed 3 no longer fails a run";
}

TEST(DcsRuns, FlexibleJobsAreAnInputErrorNamingTheKeyAndLine)
{
  // The broker never approves a flexible job: an FCFS queue would block on it for good.
  try {
    simulate_yaml("policy: dcs\nworkload: {jobs: 2, request_types: {flexible: 1}}\n");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), ("Invalid key 'workload.request_types' in " + coalsim::testing::test_temp_file("run.yaml") +
                            ":3: policy 'dcs' takes no flexible jobs")
                               .c_str());
  }
}

namespace {
/** One 3-processor job ordered on a, whose 100 MB input file is only at b, under `policy`. */
std::string job_on_a_with_its_file_at_b(const std::string& policy, const std::string& faults = "{}")
{
  return "policy: " + policy + R"(
workload: {jobs: 1, arrival: batch, components: 1, component_size: 3, runtime: 100,
           request_types: {ordered: 1}, ordered_clusters: [a], file: {size: 100MB, replicas: 1, sites: [b]}}
info_service: {poll_interval: 0}
faults: )" +
         faults + "\n";
}
} // namespace

TEST(DcsRuns, AJobsInputFileIsCopiedFromItsReplicaBeforeItStarts)
{
  // The DCS left a job's file site unset, so the job started at 0 without its input file. The 100 MB cross
  // the 10 MB/s wide-area link in 10 s, as under wf.
  auto t = simulate_yaml(job_on_a_with_its_file_at_b("dcs"));
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_DOUBLE_EQ(t.jobs[0].file_transfer_time, 10.0);
  EXPECT_DOUBLE_EQ(t.jobs[0].start_time, 10.0);
  EXPECT_DOUBLE_EQ(t.jobs[0].end_time, 110.0);
}

TEST(DcsRuns, AJobWhoseOnlyReplicaIsDownWaitsForItsCluster)
{
  // b, which holds the only copy of the file, is down from 0 to 50 s: the job is approved once b is back.
  auto t = simulate_yaml(job_on_a_with_its_file_at_b("dcs", R"({clusters: {b: {outages: ["0+50"]}}})"));
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, 0);
  EXPECT_DOUBLE_EQ(t.jobs[0].placement_time, 50.0);
  EXPECT_DOUBLE_EQ(t.jobs[0].file_transfer_time, 10.0);
  EXPECT_DOUBLE_EQ(t.jobs[0].start_time, 60.0);
}
