/* A local resource manager through an outage of its cluster, on SimGrid's clock (hand-made cluster of 4
 * processors, FCFS): running local and dummy jobs are killed, nothing starts and no claim succeeds while
 * it is down, and queued jobs start when it comes back. */
#include "StandaloneManager.hpp"
#include "sim/engine/Clock.hpp"
#include "sim/engine/LocalResourceManager.hpp"

#include <gtest/gtest.h>

using namespace coalsim;

TEST(LocalOutage, RunningLocalJobsAreKilledQueuedOnesWaitAndTheProcessorsComeBack)
{
  coalsim::testing::StandaloneManager standalone(4);
  auto& engine  = standalone.engine;
  auto& manager = standalone.manager;
  auto& ended   = standalone.ended;
  std::vector<CoreMap::Core> grid_cores;
  // At 0: a local job of 2 for 100 s, and one dummy processor. At 10: the cluster goes down (the grid
  // component claimed at 5 is released by its scheduler right after); a local job of 1 submitted at 20
  // waits; at 50 the cluster is back and it starts, at that instant's pass (after the instant's events).
  at(0, [&] {
    manager.submit_background({2, 100, NAN, 7});
    manager.start_dummy(1);
  });
  at(5, [&] { EXPECT_TRUE(manager.claim(1, nullptr, nullptr)); });
  at(10, [&] {
    manager.go_down();
    EXPECT_EQ(manager.idle(), 0);
    EXPECT_EQ(manager.busy_background(), 0) << "local and dummy jobs die with the cluster";
    EXPECT_EQ(manager.dummy(), 0);
    manager.release(1, grid_cores, {CoreOwner::grid_component, 0}, HoldingOutcome::killed);
    EXPECT_EQ(manager.busy_grid(), 0);
  });
  at(20, [&] {
    manager.submit_background({1, 30, NAN, 8});
    EXPECT_EQ(manager.background_waiting(), 1u);
    EXPECT_FALSE(manager.claim(1, nullptr, nullptr)) << "no claim succeeds on a cluster that is down";
    manager.start_dummy(0);
  });
  at(50, [&] {
    manager.come_up();
    EXPECT_EQ(manager.background_waiting(), 1u) << "the queue passes once the instant's events are applied";
  });
  at(50.5, [&] {
    EXPECT_EQ(manager.background_waiting(), 0u);
    EXPECT_EQ(manager.idle(), 3);
    EXPECT_TRUE(manager.claim(3, nullptr, nullptr));
  });
  engine.run();
  ASSERT_EQ(ended.size(), 2u);
  EXPECT_EQ(ended[0].trace_id, 7);
  EXPECT_DOUBLE_EQ(ended[0].start_time, 0);
  EXPECT_DOUBLE_EQ(ended[0].end_time, 10) << "killed by the outage, not ended at 100";
  EXPECT_EQ(ended[1].trace_id, 8);
  EXPECT_DOUBLE_EQ(ended[1].start_time, 50);
  EXPECT_DOUBLE_EQ(ended[1].end_time, 80);
  EXPECT_DOUBLE_EQ(engine.get_clock(), 80) << "the killed job's end timer is gone";
}
