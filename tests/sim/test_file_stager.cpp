/* The file stager alone, on the tiny platform (10 MB/s between clusters a and b, no latency): transfers as
 * SimGrid communications between file servers, their per-link flow counts, and their cancellation. */
#include "sim/engine/ActivityTracker.hpp"
#include "sim/engine/Clock.hpp"
#include "sim/engine/FileStager.hpp"
#include "sim/platform/GridPlatform.hpp"

#include <gtest/gtest.h>
#include <simgrid/s4u.hpp>
#include <xbt/log.h>

using namespace coalsim;

namespace {

struct TinyGrid {
  TinyGrid()
      : engine(make_engine())
      , platform(load(engine), platform_file(), {}, KeyLocation())
      , stager(platform, tracker)
  {
  }

  static std::string platform_file() { return COALSIM_SOURCE_DIR "/platforms/test/two-clusters.xml"; }
  static sg4::Engine make_engine()
  {
    xbt_log_control_set("root.thres:critical");
    static int argc     = 1;
    static char name[]  = "test";
    static char* argv[] = {name, nullptr};
    return sg4::Engine(&argc, argv);
  }
  static const sg4::Engine& load(sg4::Engine& engine)
  {
    engine.set_config("network/model:CM02");
    engine.set_config("network/crosstraffic:0");
    engine.load_platform(platform_file());
    return engine;
  }
  static const sg4::Link* wan() { return sg4::Link::by_name("wan"); }

  sg4::Engine engine;
  GridPlatform platform;
  ActivityTracker tracker;
  FileStager stager;
};

} // namespace

TEST(FileStager, CancelledTransferLeavesTheLinkAndItsFlowCountAtOnce)
{
  // Two 100 MB copies from b to a share the 10 MB/s link: 5 MB/s each. The first is cancelled at 4 s (20 MB
  // done each); the second then has the link alone: 80 MB at 10 MB/s, arriving at 12 s (20 s if both ran).
  TinyGrid grid;
  double second_arrived = -1, first_arrived = -1;
  FileStager::StageId first = 0;
  int flows_before = -1, flows_after = -1;
  at(0, [&] {
    first = grid.stager.stage({{1, 0, 100e6}}, [&](const FileStager::Outcome&) { first_arrived = now(); });
    grid.stager.stage({{1, 0, 100e6}}, [&](const FileStager::Outcome& o) {
      second_arrived = now();
      ASSERT_TRUE(o.arrived());
      EXPECT_NEAR(o.durations[0], 12.0, 1e-6);
    });
  });
  at(4, [&] {
    flows_before = grid.stager.flows_on(grid.wan());
    grid.stager.cancel(first);
    flows_after = grid.stager.flows_on(grid.wan());
    grid.stager.cancel(first); // a second cancel is ignored
  });
  grid.engine.run();
  EXPECT_EQ(flows_before, 2);
  EXPECT_EQ(flows_after, 1) << "the fair-share measurement must not count the cancelled transfer";
  EXPECT_EQ(grid.stager.flows_on(grid.wan()), 0);
  EXPECT_EQ(first_arrived, -1) << "a cancelled stage-in reports nothing";
  EXPECT_NEAR(second_arrived, 12.0, 1e-6) << "alone after the cancellation (20 s if the first kept its share)";
  EXPECT_EQ(grid.stager.stages(), 0u);
}

TEST(FileStager, CancellingOneStageInStopsAllItsTransfers)
{
  // A stage-in of two copies (b to a, a to b) cancelled at 2 s: neither arrives, no flow is left on the link,
  // and a copy started afterwards gets the link alone (100 MB in 10 s).
  TinyGrid grid;
  bool arrived = false;
  double later = -1;
  at(0, [&] {
    auto id = grid.stager.stage({{1, 0, 100e6}, {0, 1, 100e6}}, [&](const FileStager::Outcome&) { arrived = true; });
    at(2, [&grid, id] { grid.stager.cancel(id); });
  });
  at(3, [&] {
    EXPECT_EQ(grid.stager.flows_on(grid.wan()), 0);
    grid.stager.stage({{1, 0, 100e6}}, [&](const FileStager::Outcome& o) { later = o.durations.at(0); });
  });
  grid.engine.run();
  EXPECT_FALSE(arrived);
  EXPECT_NEAR(later, 10.0, 1e-6);
  EXPECT_NEAR(now(), 13.0, 1e-6);
}

TEST(FileStager, TransferFailsWhenItsFileServerIsTurnedOffAndTheStageInsOtherTransfersStop)
{
  // A stage-in of two copies: b to a, and a to b. At 4 s a's file server goes off: both fail at once (SimGrid
  // fails every communication of a host turned off) and the stage-in reports cluster a once, with no flow
  // left. Once a is back, a new copy goes through.
  TinyGrid grid;
  std::vector<FileStager::Outcome> outcomes;
  double failed_at = -1, later = -1;
  at(0, [&] {
    grid.stager.stage({{1, 0, 100e6}, {0, 1, 100e6}}, [&](const FileStager::Outcome& o) {
      outcomes.push_back(o);
      failed_at = now();
    });
  });
  at(4, [&] { grid.platform.cluster(0).file_server->turn_off(); });
  at(5, [&] {
    EXPECT_EQ(grid.stager.flows_on(grid.wan()), 0);
    EXPECT_EQ(grid.stager.stages(), 0u);
    grid.platform.cluster(0).file_server->turn_on();
    grid.stager.stage({{1, 0, 100e6}}, [&](const FileStager::Outcome& o) { later = o.durations.at(0); });
  });
  grid.engine.run();
  ASSERT_EQ(outcomes.size(), 1u) << "one report per stage-in";
  EXPECT_FALSE(outcomes[0].arrived());
  EXPECT_EQ(outcomes[0].failed_at, std::vector<ClusterIndex>{0});
  EXPECT_DOUBLE_EQ(failed_at, 4);
  EXPECT_NEAR(later, 10.0, 1e-6);
}

TEST(FileStager, StageInFromAServerThatIsOffFailsWithoutStartingAndCanBeCancelledBeforeItsReport)
{
  // SimGrid aborts on a communication from or to a host that is off: the stager starts none and reports the
  // failure from a timer at the same time, not from within stage().
  TinyGrid grid;
  int reports = 0;
  bool inside = false, reported_inside = false;
  std::vector<ClusterIndex> failed;
  at(1, [&] {
    grid.platform.cluster(1).file_server->turn_off();
    inside = true;
    grid.stager.stage({{1, 0, 100e6}}, [&](const FileStager::Outcome& o) {
      ++reports;
      reported_inside = inside;
      failed          = o.failed_at;
    });
    inside = false;
    EXPECT_EQ(grid.stager.flows_on(grid.wan()), 0);
    auto cancelled = grid.stager.stage({{0, 1, 100e6}}, [&](const FileStager::Outcome&) { ++reports; });
    grid.stager.cancel(cancelled);
  });
  grid.engine.run();
  EXPECT_EQ(reports, 1);
  EXPECT_FALSE(reported_inside);
  EXPECT_EQ(failed, std::vector<ClusterIndex>{1});
  EXPECT_DOUBLE_EQ(now(), 1);
}
