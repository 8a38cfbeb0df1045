/* Trace replay, as background load and as grid jobs, and the local scheduler (FCFS and EASY), on the tiny
 * platform (clusters a and b of 4 processors). Every expected time below is worked out by hand. */
#include "SimulationFixture.hpp"
#include "SwfLogs.hpp"
#include "sim/config/InputError.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>

using namespace coalsim;
using coalsim::testing::replay_on_a;
using coalsim::testing::simulate_yaml;
using coalsim::testing::starts;
using coalsim::testing::swf;
using coalsim::testing::write_log;

namespace {

/** Job 1 holds 3 of a's 4 processors until 100; job 2 needs all 4; jobs 3-5 are small. */
std::string five_jobs()
{
  return write_log("five_jobs.swf", swf(1, 0, 100, 3, 100) + swf(2, 10, 50, 4, 50) + swf(3, 20, 30, 1, 40) +
                                        swf(4, 30, 100, 1, 100) + swf(5, 40, 20, 1, 20));
}

} // namespace

TEST(TraceReplay, FcfsStartsOnlyTheHead)
{
  auto t = simulate_yaml(replay_on_a(five_jobs(), "fcfs"));
  ASSERT_EQ(t.local_jobs.size(), 5u);
  // Job 2 waits for job 1 (ends 100); jobs 3-5 wait behind it and all start when it ends at 150.
  EXPECT_EQ(starts(t), (std::map<int64_t, double>{{1, 0}, {2, 100}, {3, 150}, {4, 150}, {5, 150}}));
  for (const auto& j : t.local_jobs)
    EXPECT_DOUBLE_EQ(j.wait_time, j.start_time - j.submit_time);
}

TEST(TraceReplay, EasyBackfillsWithoutDelayingTheHead)
{
  auto t = simulate_yaml(replay_on_a(five_jobs(), "easy"));
  ASSERT_EQ(t.local_jobs.size(), 5u);
  // The head (job 2) is promised time 100. Job 3 (estimate 40) ends by 60 <= 100: starts at once, at 20.
  // Job 4 (estimate 100) would still run at 100 and there are no extra processors then: it waits for job 2.
  // Job 5 arrives at 40 with nothing idle; at 50 (job 3 ends) it fits and ends by 70 <= 100: it starts.
  EXPECT_EQ(starts(t), (std::map<int64_t, double>{{1, 0}, {2, 100}, {3, 20}, {4, 150}, {5, 50}}));
}

TEST(TraceReplay, EasyUsesExtraProcessorsForLongJobs)
{
  // Job 2 needs only 3: at its shadow time (100) one processor is extra, so the long job 3 may take it now.
  auto log = write_log("extra.swf", swf(1, 0, 100, 3, 100) + swf(2, 10, 50, 3, 50) + swf(3, 20, 500, 1, 500) +
                                        swf(4, 30, 500, 1, 500));
  auto t   = simulate_yaml(replay_on_a(log, "easy"));
  // Job 3 starts at 20 on the extra processor; job 4 finds none left (idle 0) and waits until job 2 ends.
  EXPECT_EQ(starts(t), (std::map<int64_t, double>{{1, 0}, {3, 20}, {2, 100}, {4, 150}}));
}

TEST(TraceReplay, WindowOffsetTimeScaleAndSizeScaling)
{
  auto log = write_log("window.swf",
                       swf(1, 0, 10, 8, 10) + swf(2, 100, 10, 8, 10) + swf(3, 200, 10, 3, 10) + swf(4, 300, 10, 1, 10));
  RunStatistics stats;
  auto t = simulate_yaml(replay_on_a(log, "fcfs",
                                     ", window: {start: 100, end: 300}, offset: 1000, time_scale: 2, "
                                     "size_scale: fit"),
                         &stats);
  ASSERT_EQ(t.local_jobs.size(), 2u); // jobs 2 and 3; 1 is before the window, 4 at its end
  std::sort(t.local_jobs.begin(), t.local_jobs.end(),
            [](const LocalJobRow& x, const LocalJobRow& y) { return x.trace_id < y.trace_id; });
  EXPECT_EQ(t.local_jobs[0].trace_id, 2);
  EXPECT_DOUBLE_EQ(t.local_jobs[0].submit_time, 1000);           // window start -> offset
  EXPECT_DOUBLE_EQ(t.local_jobs[1].submit_time, 1000 + 100 * 2); // 100 trace seconds, stretched twice
  EXPECT_EQ(t.local_jobs[0].processors, 4);                      // 8 x (4 / MaxProcs 8)
  EXPECT_EQ(t.local_jobs[1].processors, 2);                      // 3 x 0.5, rounded
  EXPECT_DOUBLE_EQ(t.local_jobs[1].end_time, 1210);
  EXPECT_EQ(stats.background_jobs, 2u);
  EXPECT_DOUBLE_EQ(stats.end_time, 1210);
}

TEST(TraceReplay, JobsLargerThanTheClusterAreCountedAndLeftOut)
{
  auto log = write_log("large.swf", swf(1, 0, 10, 8, 10) + swf(2, 5, 10, 2, 10));
  RunStatistics stats;
  auto t = simulate_yaml(replay_on_a(log, "fcfs"), &stats);
  ASSERT_EQ(t.local_jobs.size(), 1u);
  EXPECT_EQ(t.local_jobs[0].trace_id, 2);
  EXPECT_EQ(stats.background_too_large, 1u);
}

TEST(TraceReplay, GzipLogsReplayAlike)
{
  auto log = five_jobs();
  ASSERT_EQ(std::system(("gzip -kf " + log).c_str()), 0);
  auto t = simulate_yaml(replay_on_a(log + ".gz", "easy"));
  EXPECT_EQ(starts(t), (std::map<int64_t, double>{{1, 0}, {2, 100}, {3, 20}, {4, 150}, {5, 50}}));
}

TEST(TraceReplay, PartitionsBecomeOrderedGridJobs)
{
  // Partition 1 runs on a, partition 2 on b; partition 3 is unmapped and becomes an unordered job.
  auto log = write_log("grid.swf", swf(1, 0, 100, 4, 100, 1) + swf(2, 0, 50, 4, 50, 2) + swf(3, 10, 20, 2, 20, 1) +
                                       swf(4, 10, 30, 4, 30, 3));
  auto t   = simulate_yaml("policy: {name: wf, queue: fpfs}\n"
                             "info_service: {poll_interval: 0}\n"
                             "workload:\n"
                             "  trace: {file: " +
                           log + ", partition_clusters: {1: a, 2: b}}\n");
  ASSERT_EQ(t.jobs.size(), 4u);
  std::sort(t.jobs.begin(), t.jobs.end(), [](const JobRow& x, const JobRow& y) { return x.id < y.id; });
  EXPECT_STREQ(t.jobs[0].clusters, "a");
  EXPECT_STREQ(t.jobs[1].clusters, "b");
  EXPECT_STREQ(t.jobs[2].clusters, "a");
  EXPECT_EQ(t.jobs[0].request_type, static_cast<int8_t>(RequestType::ordered));
  EXPECT_EQ(t.jobs[3].request_type, static_cast<int8_t>(RequestType::unordered));
  EXPECT_DOUBLE_EQ(t.jobs[0].start_time, 0);
  EXPECT_DOUBLE_EQ(t.jobs[1].start_time, 0);
  EXPECT_DOUBLE_EQ(t.jobs[2].start_time, 100); // a is full until job 1 ends
  EXPECT_DOUBLE_EQ(t.jobs[3].start_time, 50);  // FPFS passes job 3 (waiting for a): b is free at 50
  EXPECT_STREQ(t.jobs[3].clusters, "b");
  EXPECT_DOUBLE_EQ(t.jobs[3].runtime, 30);
}

TEST(TraceReplay, RecordsOutOfSubmitOrderAreAnInputError)
{
  auto log = write_log("unordered.swf", swf(1, 50, 10, 1, 10) + swf(2, 10, 10, 1, 10));
  try {
    simulate_yaml(replay_on_a(log, "fcfs"));
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "Invalid trace '" + log + "' in " + log +
                                         ":4: field 'submit time' goes back in time (10.000000 after 50.000000); a "
                                         "replay needs the records in submit order");
  }
}

TEST(TraceReplay, FittedModelDrawsTheLogsSizesAndRuntimes)
{
  // Arrivals every 10 s, 2 processors each (MaxProcs 8), run time 5 s: fitted on a 4-processor cluster with
  // size_scale fit, every local job has 1 processor and runs 5 s, arriving on average every 10 s.
  std::string body;
  for (int job = 1; job <= 200; ++job)
    body += swf(job, 10.0 * job, 5, 2, 5);
  auto log = write_log("fitted.swf", body);
  RunStatistics stats;
  auto t = simulate_yaml("workload: {jobs: 0}\n"
                         "stop: {max_time: 20000}\n"
                         "trace: {local_jobs: true}\n"
                         "background:\n"
                         "  clusters:\n"
                         "    a: {model: fitted, trace: {file: " +
                             log + ", size_scale: fit}}\n",
                         &stats);
  ASSERT_GT(t.local_jobs.size(), 1700u); // 2000 expected; a Poisson count has sd ~45
  ASSERT_LT(t.local_jobs.size(), 2300u);
  for (const auto& j : t.local_jobs) {
    EXPECT_EQ(j.processors, 1);
    EXPECT_DOUBLE_EQ(j.end_time - j.start_time, 5);
    EXPECT_EQ(j.trace_id, -1); // synthetic jobs, not records
  }
}

TEST(TraceReplay, GwfLogsReplayWithTheirPartitions)
{
  // Grid Workloads Format: 29 fields, '#' comments, string identifiers; partition "fsA" is mapped to cluster a.
  std::string path = coalsim::testing::test_temp_file("grid.gwf");
  std::ofstream(path) << "# MaxProcs: 8\n"
                         "1 0 -1 30 2 -1 -1 2 40 -1 1 U1 G1 X1 Q1 fsA s1 s1 UNITARY -1 -1 -1 -1 -1 -1 -1 -1 VO1 P1\n"
                         "2 5 -1 20 4 -1 -1 4 20 -1 1 U2 G1 X1 Q1 fsB s2 s2 UNITARY -1 -1 -1 -1 -1 -1 -1 -1 VO1 P1\n";
  auto t = simulate_yaml("policy: {name: wf, queue: fpfs}\n"
                         "info_service: {poll_interval: 0}\n"
                         "workload:\n"
                         "  trace: {file: " +
                         path + ", partition_clusters: {fsA: a}}\n");
  ASSERT_EQ(t.jobs.size(), 2u);
  std::sort(t.jobs.begin(), t.jobs.end(), [](const JobRow& x, const JobRow& y) { return x.id < y.id; });
  EXPECT_EQ(t.jobs[0].request_type, static_cast<int8_t>(RequestType::ordered));
  EXPECT_STREQ(t.jobs[0].clusters, "a");
  EXPECT_EQ(t.jobs[1].request_type, static_cast<int8_t>(RequestType::unordered));
  EXPECT_DOUBLE_EQ(t.jobs[1].submit_time, 5);
  EXPECT_DOUBLE_EQ(t.jobs[1].runtime, 20);
  EXPECT_EQ(t.jobs[1].processors, 4);
  EXPECT_STREQ(t.jobs[1].clusters, "b"); // worst fit: b has 4 idle, a only 2
}
