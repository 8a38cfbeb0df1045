/* The utilization recorder: busy processors per cluster integrated exactly between changes, emitted as averages per
 * fixed interval, and the run's processor-seconds per cluster (the summary's utilization). */
#include "sim/trace/UtilizationRecorder.hpp"

#include <gtest/gtest.h>

#include <vector>

using namespace coalsim;

namespace {
struct Sample {
  double time;
  std::vector<double> grid, background;
  double queue;
};
} // namespace

TEST(UtilizationRecorder, IntervalAveragesAndTheRunsAreasCoverEveryChangeUpToTheEnd)
{
  std::vector<Sample> samples;
  UtilizationRecorder recorder(2, 10, [&](const UtilizationSample& s) {
    samples.push_back({s.time, s.grid_busy, s.background_busy, s.queue_length});
  });
  recorder.set_busy(0, 4, 1, 0);
  recorder.set_busy(1, 0, 2, 5);
  recorder.set_queue_length(3, 5);
  recorder.set_busy(0, 2, 1, 15); // two changes at one instant: the second counts from there
  recorder.set_busy(0, 8, 0, 15);
  recorder.set_busy(1, 6, 2, 32);
  recorder.finish(36);

  ASSERT_EQ(samples.size(), 4u) << "[0,10) [10,20) [20,30) and the shorter [30,36]";
  EXPECT_EQ(samples[0].grid, (std::vector<double>{4, 0}));
  EXPECT_EQ(samples[0].background, (std::vector<double>{1, 1}));
  EXPECT_DOUBLE_EQ(samples[0].queue, 1.5);
  EXPECT_EQ(samples[1].grid, (std::vector<double>{6, 0}));
  EXPECT_EQ(samples[1].background, (std::vector<double>{0.5, 2}));
  EXPECT_EQ(samples[2].grid, (std::vector<double>{8, 0}));
  EXPECT_DOUBLE_EQ(samples[3].time, 36);
  EXPECT_EQ(samples[3].grid, (std::vector<double>{8, 4}));

  // 4 x 15 + 8 x 21 on cluster 0; 6 x 4 on cluster 1. Background: 1 x 15 on 0; 2 x 31 on 1.
  EXPECT_DOUBLE_EQ(recorder.grid_area(0), 228);
  EXPECT_DOUBLE_EQ(recorder.grid_area(1), 24);
  EXPECT_DOUBLE_EQ(recorder.background_area(0), 15);
  EXPECT_DOUBLE_EQ(recorder.background_area(1), 62);

  recorder.set_busy(0, 100, 100, 50);
  recorder.finish(60);
  EXPECT_EQ(samples.size(), 4u) << "nothing after the end";
  EXPECT_DOUBLE_EQ(recorder.grid_area(0), 228);
}

TEST(UtilizationRecorder, ARunEndingOnAnIntervalsEndCountsThatIntervalOnce)
{
  int samples = 0;
  UtilizationRecorder recorder(1, 10, [&](const UtilizationSample&) { ++samples; });
  recorder.set_busy(0, 3, 5, 0);
  recorder.finish(20);
  EXPECT_EQ(samples, 2);
  EXPECT_DOUBLE_EQ(recorder.grid_area(0), 60);
  EXPECT_DOUBLE_EQ(recorder.background_area(0), 100);
}
