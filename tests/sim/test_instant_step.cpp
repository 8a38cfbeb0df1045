/* One instant, one step: where several events fall on one simulated second, schedulers decide once all of
 * them are applied, whatever order SimGrid fires them in. Hand-computed schedules on the tiny platform
 * (clusters a and b of 4 processors) where the ties decide the outcome, and the textbook definitions of
 * EASY (extra processors at the shadow time) and conservative backfilling. */
#include "SimulationFixture.hpp"
#include "SwfLogs.hpp"

#include <algorithm>
#include <map>

using namespace coalsim;
using coalsim::testing::replay_on_a;
using coalsim::testing::simulate_yaml;
using coalsim::testing::starts;
using coalsim::testing::swf;
using coalsim::testing::write_log;

TEST(InstantStep, TwoGridJobsEndingAtOneSecondBothFreeTheirProcessorsBeforeThePass)
{
  // Worst-fit, exact information. At 0: job 1 (2 processors) and job 2 (4) take one cluster each, job 3 (2)
  // fills job 1's cluster. Job 4 (2) arrives at 1 and waits. Jobs 1 and 2 end at 100 on different clusters:
  // once both are back, job 2's cluster has 4 idle and job 1's has 2, so worst-fit places job 4 where job 2
  // ran. A pass after only one of the two ends would see 2 idle on one cluster and 0 on the other.
  auto log = write_log("two_ends.swf", swf(1, 0, 100, 2, 100, 3) + swf(2, 0, 100, 4, 100, 3) +
                                           swf(3, 0, 1000, 2, 1000, 3) + swf(4, 1, 50, 2, 50, 3));
  auto t   = simulate_yaml("policy: {name: wf}\n"
                             "info_service: {poll_interval: 0}\n"
                             "workload:\n"
                             "  trace: {file: " +
                           log + "}\n");
  ASSERT_EQ(t.jobs.size(), 4u);
  std::sort(t.jobs.begin(), t.jobs.end(), [](const JobRow& x, const JobRow& y) { return x.id < y.id; });
  EXPECT_STRNE(t.jobs[0].clusters, t.jobs[1].clusters);
  EXPECT_STREQ(t.jobs[2].clusters, t.jobs[0].clusters);
  EXPECT_DOUBLE_EQ(t.jobs[3].start_time, 100);
  EXPECT_STREQ(t.jobs[3].clusters, t.jobs[1].clusters) << "placed on the cluster with 4 idle, not 2";
}

TEST(InstantStep, AJobArrivingAsAnotherEndsDoesNotBackfillAheadOfTheHead)
{
  // EASY. Job 2 (3 processors, requested 95) starts at 55 after job 1 and ends early, at 100. The head, job 3
  // (4), was promised the shadow time 150. Job 4 (1 processor, requested 40) arrives at 100 (its arrival was
  // scheduled at 50, before job 2's end, and SimGrid fires it first): against the reservation of the state
  // before job 2's end it would backfill (100 + 40 <= 150) and hold the head until 140. Once job 2's end is
  // applied the head fits at 100 and starts; job 4 waits for it.
  auto log = write_log("arrival_at_end.swf",
                       swf(1, 0, 55, 4, 55) + swf(2, 1, 45, 3, 95) + swf(3, 50, 10, 4, 10) + swf(4, 100, 40, 1, 40));
  auto t   = simulate_yaml(replay_on_a(log, "easy"));
  EXPECT_EQ(starts(t), (std::map<int64_t, double>{{1, 0}, {2, 55}, {3, 100}, {4, 110}}));
}

TEST(InstantStep, EasyExtraProcessorsCountEveryJobEndingAtTheShadowTime)
{
  // Jobs 1 and 2 (1 processor each) are estimated to end at 100, job 3 (1) at 200; one processor is idle.
  // The head, job 4 (2), could start at 100 on job 1's processor and the idle one; job 2 ends then too, so
  // one processor is extra at the shadow time, and job 5 (1 processor, 500 s) takes it at once. Counting
  // only the jobs needed to reach the head's size would find no extra processor and keep job 5 waiting.
  auto log = write_log("shadow_ties.swf", swf(1, 0, 100, 1, 100) + swf(2, 0, 100, 1, 100) + swf(3, 0, 200, 1, 200) +
                                              swf(4, 10, 50, 2, 50) + swf(5, 20, 500, 1, 500));
  auto t   = simulate_yaml(replay_on_a(log, "easy"));
  EXPECT_EQ(starts(t), (std::map<int64_t, double>{{1, 0}, {2, 0}, {3, 0}, {4, 100}, {5, 20}}));
}

namespace {
/** Job 1 (2 processors) runs to 100; job 2 (3) is reserved at 100; job 3 (4) after it, at 150; job 4 (1
 *  processor for 200 s) arrives at 30. */
std::string head_and_second()
{
  return write_log("second_reservation.swf",
                   swf(1, 0, 100, 2, 100) + swf(2, 10, 50, 3, 50) + swf(3, 20, 50, 4, 50) + swf(4, 30, 200, 1, 200));
}
} // namespace

TEST(InstantStep, EasyBackfillsAJobThatDelaysOnlyTheSecondJob)
{
  // At the head's shadow time (100) one processor is extra: job 4 takes it now, and runs until 230, so
  // job 3, which needs all 4 processors, starts only then.
  auto t = simulate_yaml(replay_on_a(head_and_second(), "easy"));
  EXPECT_EQ(starts(t), (std::map<int64_t, double>{{1, 0}, {2, 100}, {3, 230}, {4, 30}}));
}

TEST(InstantStep, ConservativeKeepsAJobThatFitsTheHeadsReservationButDelaysTheSecond)
{
  // Job 4 fits beside job 2's reservation, but it would still run at 150, where job 3 holds all 4
  // processors: it is reserved after job 3, at 200.
  auto t = simulate_yaml(replay_on_a(head_and_second(), "conservative"));
  EXPECT_EQ(starts(t), (std::map<int64_t, double>{{1, 0}, {2, 100}, {3, 150}, {4, 200}}));
}
