/* The band background (KOALA paper, Section 7.5): every `band_interval` seconds, dummy jobs bring a cluster whose
 * background is below the band up to its middle, or are killed down to the middle above it; other users'
 * jobs are never killed. On SimGrid's clock with a hand-made local resource manager, and through a run. */
#include "SimulationFixture.hpp"
#include "StandaloneManager.hpp"
#include "sim/engine/Clock.hpp"
#include "sim/engine/LocalResourceManager.hpp"
#include "workloads/background/BandBackground.hpp"
#include "workloads/background/SyntheticBackground.hpp"

#include <gtest/gtest.h>

using namespace coalsim;

namespace {
/** A band of [0.3, 0.4] checked every 60 s, with `void_after` (0: no void rule). */
BackgroundModel band_model(double void_after = 0)
{
  BackgroundModel model;
  model.model           = "band";
  model.band_low        = 0.3;
  model.band_high       = 0.4;
  model.band_interval   = 60;
  model.band_void_after = void_after;
  return model;
}
/** The band on `manager`, whose other users submit nothing (no utilization or interarrival). */
std::unique_ptr<BandBackground> band_on(LocalResourceManager& manager, const BackgroundModel& model)
{
  return std::make_unique<BandBackground>(model, manager, std::make_unique<SyntheticBackground>(model, manager, 1));
}
} // namespace

TEST(BandBackground, DummiesFillToTheMiddleBelowTheBandAndAreKilledToItAboveWhileOtherUsersJobsRun)
{
  coalsim::testing::StandaloneManager standalone(20);
  auto& engine  = standalone.engine;
  auto& manager = standalone.manager;
  auto& ended   = standalone.ended;
  auto band     = band_on(manager, band_model()); // 20 processors: low end 6, high end 8, middle 7
  band->start([] { return now() < 400; });        // checks at 0, 60, ..., 360

  auto expect = [&](double when, int dummy, int background, const char* why) {
    at(when, [&manager, when, dummy, background, why] {
      EXPECT_EQ(manager.dummy(), dummy) << "at " << when << ": " << why;
      EXPECT_EQ(manager.busy_background(), background) << "at " << when << ": " << why;
    });
  };
  // At 0: nothing runs, 0 < 6: 7 dummies, the middle.
  expect(1, 7, 7, "filled from 0 to the middle");
  // At 10 another user's job of 3 (ends at 160): 10 busy, above 8, but nothing changes before the check at 60,
  // which kills 3 dummies (down to 7).
  at(10, [&] { manager.submit_background({3, 150}); });
  expect(59, 7, 10, "no check between 0 and 60");
  expect(61, 4, 7, "killed down to the middle");
  // At 70 a job of 9 (ends at 170): 16 busy. At 120, 9 above the middle but only 4 dummies: all of them die,
  // the other users' 12 processors stay.
  at(70, [&] { manager.submit_background({9, 100}); });
  expect(121, 0, 12, "only dummies are killed");
  // Both jobs end (160, 170): 0 busy; at 180, 7 dummies again.
  expect(181, 7, 7, "filled to the middle");
  // At 190 a job of 1 (ends at 1190): 8 busy, the band's high end: the check at 240 leaves it.
  at(190, [&] { manager.submit_background({1, 1000}); });
  expect(241, 7, 8, "at the high end, not above it");
  // At 250, 2 dummies end: 6 busy, the low end: the check at 300 leaves it.
  at(250, [&] { manager.kill_dummy(2); });
  expect(301, 5, 6, "at the low end, not below it");
  // At 310, 3 more dummies end (3 busy) and a grid component takes 15 of the 17 idle processors: at 360 the
  // middle is 4 away but only 2 are idle.
  at(310, [&] {
    manager.kill_dummy(3);
    EXPECT_TRUE(manager.claim(15, nullptr, nullptr));
  });
  expect(361, 4, 5, "as many dummies as idle processors allow");
  // At 400 the dummies end (1 busy); keep_going is false from 400, so no check at 420 fills the cluster again.
  at(400, [&] { manager.kill_dummy(4); });
  expect(421, 0, 1, "no checks once keep_going is false");
  engine.run_until(2000); // not run(): checks that went on forever would never let it return
  ASSERT_EQ(ended.size(), 3u);
  EXPECT_DOUBLE_EQ(ended[0].end_time, 160) << "another user's job was killed";
  EXPECT_DOUBLE_EQ(ended[1].end_time, 170) << "another user's job was killed";
  EXPECT_DOUBLE_EQ(ended[2].end_time, 1190) << "another user's job was killed";
}

TEST(BandBackground, RunWithoutGridJobsKeepsEachClusterAtTheMiddleOfItsBand)
{
  // No grid jobs and no other users; the band [0.25, 0.75] of 4 processors has its middle at 2, so the check
  // at 0 starts 2 dummies on each cluster and the later ones leave them: every 60 s sample shows 2 busy
  // background processors on each cluster, and no grid use.
  auto t = coalsim::testing::simulate_yaml(R"(
workload: {jobs: 0}
background: {model: band, band: [0.25, 0.75], band_interval: 30}
trace: {sample_interval: 60}
stop: {max_time: 180}
)");
  ASSERT_EQ(t.columns, 2u);
  ASSERT_EQ(t.sample_time.size(), 3u);
  for (size_t s = 0; s < t.sample_time.size(); ++s)
    for (size_t c = 0; c < t.columns; ++c) {
      EXPECT_DOUBLE_EQ(t.background_busy[s * t.columns + c], 2.0) << "sample " << s << ", cluster " << c;
      EXPECT_DOUBLE_EQ(t.grid_busy[s * t.columns + c], 0.0) << "sample " << s << ", cluster " << c;
    }
}

TEST(BandBackground, RunIsVoidOnceOtherUsersHoldTheBackgroundAboveTheBandWithNoDummyLeftForTheGivenTime)
{
  // 7.5: "In case the background load rises above 40% and stays there for more than a minute without any of
  // our dummy jobs, the experiment is declared void". 20 processors: above 8 is above the band.
  coalsim::testing::StandaloneManager standalone(20);
  auto& manager = standalone.manager;
  auto band     = band_on(manager, band_model(60));
  band->start([] { return now() < 1000; }); // checks at 0, 60, ..., 960

  // At 10 another user's job of 9 (ends at 110). The check at 60 kills the 7 dummies: still 9 > 8 and no dummy
  // left, the first such check. At 120 the job is over: the run is not void (60 s were not seen above).
  at(10, [&] { manager.submit_background({9, 100}); });
  at(61, [&] { EXPECT_EQ(manager.dummy(), 0); });
  at(121, [&] { EXPECT_FALSE(band->voided_at()) << "one check above is not a minute above"; });
  // At 130 another job of 12 (ends at 400): the checks at 180 (dummies killed) and 240 see it above with no
  // dummy: void at 240, and it stays void at the first time.
  at(130, [&] { manager.submit_background({12, 270}); });
  at(181, [&] { EXPECT_FALSE(band->voided_at()); });
  standalone.engine.run_until(1100);
  ASSERT_TRUE(band->voided_at());
  EXPECT_DOUBLE_EQ(*band->voided_at(), 240);
}

TEST(BandBackground, WithoutTheRuleNothingIsVoid)
{
  coalsim::testing::StandaloneManager standalone(20);
  auto& manager = standalone.manager;
  auto band     = band_on(manager, band_model()); // band_void_after 0: the rule is off
  band->start([] { return now() < 1000; });
  at(10, [&] { manager.submit_background({12, 900}); }); // above the band for 900 s, no dummy after 60
  standalone.engine.run_until(1100);
  EXPECT_FALSE(band->voided_at()) << "without band_void_after nothing is void";
}

TEST(BandBackground, VoidRunIsMarkedInTheTraceAndOtherUsersCanBeAnotherModel)
{
  // Two 4-processor clusters (band high end 0.4: above 1.6 is above). The other users are a synthetic model of
  // their own ('others') whose jobs of 2 processors run 10000 s with one arriving every 100 s: after the
  // first check kills the dummies, the cluster stays above the band with none left, and the second check
  // (60 s later) makes the run void.
  RunStatistics statistics;
  auto t = coalsim::testing::simulate_yaml(R"(
workload: {jobs: 0}
background:
  model: band
  band_void_after: 60
  others: {model: synthetic, interarrival: 100, size: 2, runtime: 10000}
trace: {sample_interval: 60}
stop: {max_time: 600}
)",
                                           &statistics);
  ASSERT_TRUE(statistics.void_time);
  EXPECT_GT(statistics.background_jobs, 0u) << "the other users' model submitted its jobs";
  EXPECT_LE(*statistics.void_time, 600);
  ASSERT_TRUE(t.void_time);
  EXPECT_DOUBLE_EQ(*t.void_time, *statistics.void_time);
  EXPECT_EQ(t.void_cluster, statistics.void_cluster);
}
