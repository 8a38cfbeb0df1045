/* The timeshared runtime model alone, on the default host model: jobs sharing one host at given CPU shares,
 * shares changed while they run, the CPU time they report, and a two-core host. Hosts run at 1 Gflop/s, so a
 * job of runtime r needs r CPU seconds; completion times are computed by hand in each test. */
#include "sim/engine/ActivityTracker.hpp"
#include "sim/engine/Clock.hpp"
#include "sim/engine/TimeSharedRuntime.hpp"

#include "ProcessEngine.hpp"
#include "RuntimeJobs.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <simgrid/s4u.hpp>
#include <xbt/log.h>

using namespace coalsim;
using coalsim::testing::job_of;
using coalsim::testing::unexpected_failure;

namespace {
sg4::Engine& default_engine()
{
  xbt_log_control_set("root.thres:critical");
  sg4::Engine& engine = process_engine();
  engine.load_platform(COALSIM_SOURCE_DIR "/platforms/test/shared-nodes.xml");
  return engine;
}

/** Starts jobs of the given runtimes at time 0 on one host, each at its share; returns their end times. */
struct SharedHostRuns {
  TimeSharedRuntime& runtime;
  std::vector<double> ends;
  std::vector<RuntimeModel::RunId> runs;

  void start(sg4::Host* host, const std::vector<double>& runtimes, const std::vector<double>& shares)
  {
    ends.assign(runtimes.size(), -1);
    runs.assign(runtimes.size(), 0);
    for (size_t j = 0; j < runtimes.size(); ++j) {
      runs[j] = runtime.run(
          job_of(static_cast<JobId>(j), runtimes[j]), 1, {{host}}, [this, j] { ends[j] = now(); }, unexpected_failure);
      runtime.set_share(runs[j], 0, shares[j]);
    }
  }
};
} // namespace

TEST(TimeSharedRuntime, TwoJobsShareAHostInProportionToTheirShares)
{
  // Two jobs of 100 CPU s at shares 0.25 and 0.75: rates 0.25 and 0.75 until the second has done its 100 s at
  // 133.33 s; the first has done 33.33 s by then and runs the other 66.67 s alone: ends at 200 s.
  sg4::Engine& engine = default_engine();
  ActivityTracker tracker;
  TimeSharedRuntime runtime(tracker);
  SharedHostRuns jobs{runtime, {}, {}};
  at(0, [&] { jobs.start(sg4::Host::by_name("s-0"), {100, 100}, {0.25, 0.75}); });
  engine.run();
  EXPECT_NEAR(jobs.ends[1], 400.0 / 3, 1e-6);
  EXPECT_NEAR(jobs.ends[0], 200.0, 1e-6);
}

TEST(TimeSharedRuntime, ThreeJobsShareAHostAndTheSpeedOfAnEndedOneGoesToTheOthers)
{
  // Runtimes 50, 60, 30 at shares 0.5, 0.3, 0.2. Until 100 s the rates are the shares: job 0 ends at 100 s,
  // job 1 has done 30 s (30 left), job 2 20 s (10 left). Then 0.3 : 0.2 of the host: rates 0.6 and 0.4; job 2
  // ends after 10 / 0.4 = 25 s (at 125 s), job 1 has 30 - 15 = 15 s left, alone: ends at 140 s.
  sg4::Engine& engine = default_engine();
  ActivityTracker tracker;
  TimeSharedRuntime runtime(tracker);
  SharedHostRuns jobs{runtime, {}, {}};
  at(0, [&] { jobs.start(sg4::Host::by_name("s-0"), {50, 60, 30}, {0.5, 0.3, 0.2}); });
  engine.run();
  EXPECT_NEAR(jobs.ends[0], 100.0, 1e-6);
  EXPECT_NEAR(jobs.ends[2], 125.0, 1e-6);
  EXPECT_NEAR(jobs.ends[1], 140.0, 1e-6);
}

TEST(TimeSharedRuntime, ShareUpdatedWhileRunningChangesTheRateFromThen)
{
  // Two jobs of 100 CPU s at 0.5 each; at 40 s (20 s done each) they get 0.9 and 0.1. Job 0 ends after
  // 80 / 0.9 s, at 128.89 s; job 1 has done 20 + 8.89 s by then and runs alone to 200 s. The CPU time each
  // reports at 40 s is 20 s; at 100 s job 0 has done 20 + 54 = 74 s, job 1 20 + 6 = 26 s.
  sg4::Engine& engine = default_engine();
  ActivityTracker tracker;
  TimeSharedRuntime runtime(tracker);
  SharedHostRuns jobs{runtime, {}, {}};
  double cpu0_at_40 = -1, cpu1_at_40 = -1, cpu0_at_100 = -1, cpu1_at_100 = -1;
  at(0, [&] { jobs.start(sg4::Host::by_name("s-1"), {100, 100}, {0.5, 0.5}); });
  at(40, [&] {
    cpu0_at_40 = runtime.cpu_seconds(jobs.runs[0]);
    cpu1_at_40 = runtime.cpu_seconds(jobs.runs[1]);
    runtime.set_share(jobs.runs[0], 0, 0.9);
    runtime.set_share(jobs.runs[1], 0, 0.1);
  });
  at(100, [&] {
    cpu0_at_100 = runtime.cpu_seconds(jobs.runs[0]);
    cpu1_at_100 = runtime.cpu_seconds(jobs.runs[1]);
  });
  engine.run();
  EXPECT_NEAR(cpu0_at_40, 20.0, 1e-6);
  EXPECT_NEAR(cpu1_at_40, 20.0, 1e-6);
  EXPECT_NEAR(cpu0_at_100, 74.0, 1e-6);
  EXPECT_NEAR(cpu1_at_100, 26.0, 1e-6);
  EXPECT_NEAR(jobs.ends[0], 40 + 80 / 0.9, 1e-6);
  EXPECT_NEAR(jobs.ends[1], 200.0, 1e-6);
}

TEST(TimeSharedRuntime, TwoCoreHostGivesEveryJobItsShareOfOneCoreAndAtMostOneCore)
{
  // A two-core host, shares 0.9, 0.6 and 0.5 of one core (summing to 2): each job runs at exactly its share
  // (runtimes 9, 6, 5: all end at 10 s). Then two jobs at 0.9 and 0.1: the host has speed to spare, but a job
  // runs on one core at most: the first at 1 (ends at 10 + 9 = 19 s), the second at 1 too (10 + 5 = 15 s).
  sg4::Engine& engine = default_engine();
  ActivityTracker tracker;
  TimeSharedRuntime runtime(tracker);
  SharedHostRuns first{runtime, {}, {}}, second{runtime, {}, {}};
  at(0, [&] { first.start(sg4::Host::by_name("d-0"), {9, 6, 5}, {0.9, 0.6, 0.5}); });
  at(10, [&] { second.start(sg4::Host::by_name("d-0"), {9, 5}, {0.9, 0.1}); });
  engine.run();
  for (double end : first.ends)
    EXPECT_NEAR(end, 10.0, 1e-6);
  EXPECT_NEAR(second.ends[0], 19.0, 1e-6);
  EXPECT_NEAR(second.ends[1], 15.0, 1e-6);
}

TEST(TimeSharedRuntime, CancelledJobLeavesTheHostToTheOthersAndAFailedHostFailsItsJobs)
{
  // Two jobs of 100 s at 0.5 on s-0; job 0 is cancelled at 20 s (10 s done each): job 1 alone then, ends at
  // 20 + 90 = 110 s. A job on s-1 fails when s-1 is turned off at 30 s.
  sg4::Engine& engine = default_engine();
  ActivityTracker tracker;
  TimeSharedRuntime runtime(tracker);
  SharedHostRuns jobs{runtime, {}, {}};
  double failed_at = -1;
  bool other_ended = false;
  at(0, [&] {
    jobs.start(sg4::Host::by_name("s-0"), {100, 100}, {0.5, 0.5});
    runtime.run(
        job_of(9, 100), 1, {{sg4::Host::by_name("s-1")}}, [&] { other_ended = true; }, [&] { failed_at = now(); });
  });
  at(20, [&] { runtime.cancel(jobs.runs[0]); });
  at(30, [] { sg4::Host::by_name("s-1")->turn_off(); });
  engine.run();
  EXPECT_DOUBLE_EQ(jobs.ends[0], -1.0);
  EXPECT_NEAR(jobs.ends[1], 110.0, 1e-6);
  EXPECT_NEAR(failed_at, 30.0, 1e-6);
  EXPECT_FALSE(other_ended);
}

TEST(TimeSharedRuntime, ShareSetAgainToItsValueLeavesTheJobRunning)
{
  // SimGrid 3.32 takes an Exec whose priority is set to its current value off its model's heap: alone on its
  // host, it would never end. A job of 100 s alone on s-1 at 0.5, given 0.5 again at 10 s, ends at 100 s (alone,
  // at full speed). On s-0, two jobs of 100 s at 0.5; at 20 s (10 s done each) job 1 gets 1, twice: rates 1/3 and
  // 2/3; job 1's 90 s left take 135 s (ends at 155 s), job 0 has done 10 + 45 s then and ends alone at 200 s.
  sg4::Engine& engine = default_engine();
  ActivityTracker tracker;
  TimeSharedRuntime runtime(tracker);
  SharedHostRuns alone{runtime, {}, {}}, pair{runtime, {}, {}};
  at(0, [&] {
    alone.start(sg4::Host::by_name("s-1"), {100}, {0.5});
    pair.start(sg4::Host::by_name("s-0"), {100, 100}, {0.5, 0.5});
  });
  at(10, [&] { runtime.set_share(alone.runs[0], 0, 0.5); });
  at(20, [&] {
    runtime.set_share(pair.runs[1], 0, 1.0);
    runtime.set_share(pair.runs[1], 0, 1.0);
  });
  engine.run();
  EXPECT_NEAR(alone.ends[0], 100.0, 1e-6) << "the job given its share again never ended";
  EXPECT_NEAR(pair.ends[1], 155.0, 1e-6);
  EXPECT_NEAR(pair.ends[0], 200.0, 1e-6);
}

TEST(TimeSharedRuntime, ShareSetAnUlpAwayWithTheSamePriorityLeavesTheJobRunning)
{
  // SimGrid keeps a priority as its inverse, 1 / priority: 0.4 and the double just below it have the same inverse,
  // so setting one after the other changes nothing in SimGrid but still takes the Exec off its model's heap (a
  // share recomputed from a job's progress lands an ulp away like this). A job of 100 s alone on s-0 at 0.4, given
  // the share an ulp below at 10 s, runs alone at full speed and ends at 100 s; before, it never ended.
  sg4::Engine& engine = default_engine();
  ActivityTracker tracker;
  TimeSharedRuntime runtime(tracker);
  SharedHostRuns alone{runtime, {}, {}};
  const double below = std::nextafter(0.4, 0.0);
  ASSERT_NE(below, 0.4);
  ASSERT_EQ(1.0 / below, 1.0 / 0.4);
  at(0, [&] { alone.start(sg4::Host::by_name("s-0"), {100}, {0.4}); });
  at(10, [&] { runtime.set_share(alone.runs[0], 0, below); });
  engine.run();
  EXPECT_NEAR(alone.ends[0], 100.0, 1e-6) << "the job given a share of the same priority never ended";
}
