/* The local discipline `easy_sjbf` (EASY with the shortest job backfilled first), added through the registry
 * alone: schedules worked out by hand where it and `easy` differ, and the engine's invariants on random logs
 * (every job starts after its submission and runs its runtime, never more than the cluster's processors busy;
 * the property tests of test_backfilling_properties.cpp run every registered discipline, this one included).
 * Tiny platform: cluster a has 4 processors. One simulation per test (SimulationFixture.hpp). */
#include "SimulationFixture.hpp"
#include "SwfLogs.hpp"

#include <algorithm>
#include <random>
#include <vector>

using namespace coalsim;
using coalsim::testing::replay_on_a;
using coalsim::testing::simulate_yaml;
using coalsim::testing::starts;
using coalsim::testing::swf;
using coalsim::testing::write_log;

namespace {

/** Job 1 holds 3 of a's 4 processors until 100 and job 2 the fourth until 11; job 3 needs all 4 and is
 *  promised 100 with no extra processor; jobs 4 (80 s), 5 and 6 (20 s each) wait behind it. */
std::string six_jobs()
{
  return write_log("six_jobs.swf", swf(1, 0, 100, 3, 100) + swf(2, 1, 10, 1, 10) + swf(3, 2, 50, 4, 50) +
                                       swf(4, 3, 80, 1, 80) + swf(5, 4, 20, 1, 20) + swf(6, 5, 20, 1, 20));
}

double mean_wait(const Trace& t)
{
  double sum = 0;
  for (const auto& j : t.local_jobs)
    sum += j.wait_time;
  return sum / static_cast<double>(t.local_jobs.size());
}

} // namespace

TEST(ShortestFirstBackfilling, EasyBackfillsInQueueOrder)
{
  auto t = simulate_yaml(replay_on_a(six_jobs(), "easy"));
  ASSERT_EQ(t.local_jobs.size(), 6u);
  // At 11 (job 2 ends) one processor is idle until the shadow time 100. Job 4 comes first in queue order and
  // ends by 91 <= 100: it starts. At 91, jobs 5 and 6 would end at 111 > 100 with no extra processor: they wait
  // for job 3 (100-150).
  EXPECT_EQ(starts(t), (std::map<int64_t, double>{{1, 0}, {2, 1}, {3, 100}, {4, 11}, {5, 150}, {6, 150}}));
  EXPECT_DOUBLE_EQ(mean_wait(t), (0 + 0 + 98 + 8 + 146 + 145) / 6.0);
}

TEST(ShortestFirstBackfilling, SjbfBackfillsTheShortestFirst)
{
  auto t = simulate_yaml(replay_on_a(six_jobs(), "easy_sjbf"));
  ASSERT_EQ(t.local_jobs.size(), 6u);
  // At 11 job 5 (20 s, the shortest, first of the two in queue order) takes the idle processor, to 31; then job 6
  // to 51. At 51 job 4 would end at 131 > 100: it waits for job 3 (100-150), as EASY keeps the head's promise.
  EXPECT_EQ(starts(t), (std::map<int64_t, double>{{1, 0}, {2, 1}, {3, 100}, {4, 150}, {5, 11}, {6, 31}}));
  EXPECT_DOUBLE_EQ(mean_wait(t), (0 + 0 + 98 + 147 + 7 + 26) / 6.0);
}

namespace {

/** Job 3 needs 3 and is promised 100, when one processor will be extra. At 30 (job 2 ends) jobs 4 (500 s) and 5
 *  (400 s) would both still run at 100: the extra processor goes to the first in queue order under `easy`, to the
 *  shorter under `easy_sjbf`; the other waits for job 3 (100-150). */
std::string one_extra_processor()
{
  return write_log("extra_sjbf.swf", swf(1, 0, 100, 3, 100) + swf(2, 0, 30, 1, 30) + swf(3, 10, 50, 3, 50) +
                                         swf(4, 20, 500, 1, 500) + swf(5, 25, 400, 1, 400));
}

} // namespace

TEST(ShortestFirstBackfilling, EasyGivesTheExtraProcessorToTheFirstInQueueOrder)
{
  EXPECT_EQ(starts(simulate_yaml(replay_on_a(one_extra_processor(), "easy"))),
            (std::map<int64_t, double>{{1, 0}, {2, 0}, {3, 100}, {4, 30}, {5, 150}}));
}

TEST(ShortestFirstBackfilling, SjbfGivesTheExtraProcessorToTheShortest)
{
  EXPECT_EQ(starts(simulate_yaml(replay_on_a(one_extra_processor(), "easy_sjbf"))),
            (std::map<int64_t, double>{{1, 0}, {2, 0}, {3, 100}, {4, 150}, {5, 30}}));
}

namespace {

/** A random log of 300 jobs on a (up to all 4 processors each), requested times exact or up to 4 times the
 *  runtime, replayed with `easy_sjbf` (one simulation per test process); checks the engine's invariants. */
void expect_invariants(bool exact_estimates)
{
  std::mt19937 rng(exact_estimates ? 35 : 36);
  std::string body;
  double submit  = 0;
  const int jobs = 300;
  std::vector<double> runtime(jobs + 1);
  for (int id = 1; id <= jobs; ++id) {
    submit += std::uniform_int_distribution<int>(0, 30)(rng);
    runtime[id]      = std::uniform_int_distribution<int>(1, 200)(rng);
    double requested = exact_estimates ? runtime[id] : runtime[id] * std::uniform_int_distribution<int>(1, 4)(rng);
    body += swf(id, submit, runtime[id], std::uniform_int_distribution<int>(1, 4)(rng), requested);
  }
  auto t = simulate_yaml(replay_on_a(write_log("random_sjbf.swf", body), "easy_sjbf"));
  ASSERT_EQ(t.local_jobs.size(), static_cast<size_t>(jobs));
  std::vector<std::pair<double, int>> changes; // (time, processors taken (+) or given back (-))
  int backfilled = 0;
  for (const auto& j : t.local_jobs) {
    ASSERT_GE(j.start_time, j.submit_time) << "job " << j.trace_id;
    ASSERT_DOUBLE_EQ(j.end_time - j.start_time, runtime[j.trace_id]) << "job " << j.trace_id;
    changes.emplace_back(j.start_time, j.processors);
    changes.emplace_back(j.end_time, -j.processors);
  }
  for (const auto& j : t.local_jobs)
    for (const auto& k : t.local_jobs)
      if (k.trace_id < j.trace_id && k.start_time > j.start_time) {
        ++backfilled; // j overtook an earlier job
        break;
      }
  std::sort(changes.begin(), changes.end()); // at one time, releases (negative) come first
  int busy = 0;
  for (const auto& [time, delta] : changes) {
    busy += delta;
    ASSERT_LE(busy, 4) << "more than a's 4 processors busy at " << time;
  }
  EXPECT_GT(backfilled, 0) << "the log should let some jobs overtake";
}

} // namespace

TEST(ShortestFirstBackfilling, RandomLogWithExactEstimatesKeepsTheEngineInvariants)
{
  expect_invariants(true);
}

TEST(ShortestFirstBackfilling, RandomLogWithOverestimatesKeepsTheEngineInvariants)
{
  expect_invariants(false);
}
