/* The network runtime model alone, on the tiny platform's 1 Gflop/s single-core hosts under ptask_L07: a
 * job's processes as parallel tasks, and their cancellation when the job is aborted. */
#include "sim/engine/ActivityTracker.hpp"
#include "sim/engine/Clock.hpp"
#include "sim/engine/RuntimeModel.hpp"

#include "ProcessEngine.hpp"
#include "RuntimeJobs.hpp"

#include <gtest/gtest.h>
#include <simgrid/s4u.hpp>
#include <xbt/log.h>

using namespace coalsim;
using coalsim::testing::job_of;
using coalsim::testing::unexpected_failure;

namespace {
sg4::Engine& l07_engine()
{
  xbt_log_control_set("root.thres:critical");
  sg4::Engine& engine = process_engine();
  engine.set_config("host/model:ptask_L07");
  engine.load_platform(COALSIM_SOURCE_DIR "/platforms/test/two-clusters.xml");
  return engine;
}

} // namespace

TEST(NetworkRuntime, CancelledRunStopsComputingOnItsCoreAndNeverEnds)
{
  // Job 0 computes 100 s on a-0; it is aborted at 10 s and job 1 starts there. With job 0's task cancelled,
  // job 1 has the core alone and ends at 110 s; had the task gone on, the two would share the core and job
  // 1 would end at 190 s.
  sg4::Engine& engine = l07_engine();
  ActivityTracker tracker;
  NetworkRuntime runtime(tracker, 1, 0);
  std::vector<std::vector<sg4::Host*>> cores{{sg4::Host::by_name("a-0")}};
  bool first_ended          = false;
  double second_end         = -1;
  RuntimeModel::RunId first = 0;
  at(0, [&] {
    first = runtime.run(
        job_of(0, 100), 1, cores, [&] { first_ended = true; }, unexpected_failure);
  });
  at(10, [&] {
    runtime.cancel(first);
    runtime.cancel(first); // a second cancel is ignored
    runtime.run(
        job_of(1, 100), 1, cores, [&] { second_end = now(); }, unexpected_failure);
  });
  engine.run();
  EXPECT_NE(first, 0u);
  EXPECT_FALSE(first_ended);
  EXPECT_NEAR(second_end, 110.0, 1e-6) << "the aborted job's task kept half of the core";
}

TEST(NetworkRuntime, RunOfSeveralIterationsEndsOnceAndCanBeCancelledBetweenThem)
{
  // 4 iterations of 25 s: the run ends at 100 s. A second run, cancelled at 60 s (in its third iteration),
  // never ends and leaves the core to a third one started then (alone: 60 + 100).
  sg4::Engine& engine = l07_engine();
  ActivityTracker tracker;
  NetworkRuntime runtime(tracker, 4, 0);
  std::vector<std::vector<sg4::Host*>> a0{{sg4::Host::by_name("a-0")}};
  std::vector<std::vector<sg4::Host*>> b0{{sg4::Host::by_name("b-0")}};
  int ends        = 0;
  double end_time = -1, third_end = -1;
  bool cancelled_ended       = false;
  RuntimeModel::RunId second = 0;
  at(0, [&] {
    runtime.run(
        job_of(0, 100), 1, b0,
        [&] {
          ++ends;
          end_time = now();
        },
        unexpected_failure);
    second = runtime.run(
        job_of(1, 100), 1, a0, [&] { cancelled_ended = true; }, unexpected_failure);
  });
  at(60, [&] {
    runtime.cancel(second);
    runtime.run(
        job_of(2, 100), 1, a0, [&] { third_end = now(); }, unexpected_failure);
  });
  engine.run();
  EXPECT_EQ(ends, 1);
  EXPECT_NEAR(end_time, 100.0, 1e-6);
  EXPECT_FALSE(cancelled_ended);
  EXPECT_NEAR(third_end, 160.0, 1e-6);
}

TEST(NetworkRuntime, RunOnAHostTurnedOffFailsInsteadOfEnding)
{
  // Two runs of 4 iterations of 25 s: one on a-0 and b-0, one on b-1. a-0 is turned off at 60 s (in the
  // first run's third iteration): that run fails then and never ends; the other ends at 100 s.
  sg4::Engine& engine = l07_engine();
  ActivityTracker tracker;
  NetworkRuntime runtime(tracker, 4, 0);
  std::vector<std::vector<sg4::Host*>> spanning{{sg4::Host::by_name("a-0")}, {sg4::Host::by_name("b-0")}};
  std::vector<std::vector<sg4::Host*>> alone{{sg4::Host::by_name("b-1")}};
  double failed_at = -1, other_end = -1;
  bool spanning_ended              = false;
  RuntimeModel::RunId spanning_run = 0;
  at(0, [&] {
    spanning_run = runtime.run(
        job_of(0, 100), 2, spanning, [&] { spanning_ended = true; }, [&] { failed_at = now(); });
    runtime.run(
        job_of(1, 100), 1, alone, [&] { other_end = now(); }, unexpected_failure);
  });
  at(60, [] { sg4::Host::by_name("a-0")->turn_off(); });
  at(70, [&] { runtime.cancel(spanning_run); }); // an abort after the failure is ignored
  engine.run();
  EXPECT_NEAR(failed_at, 60.0, 1e-6);
  EXPECT_FALSE(spanning_ended);
  EXPECT_NEAR(other_end, 100.0, 1e-6);
}
