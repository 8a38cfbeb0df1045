/* The synthetic background model on the tiny platform (two clusters of 4 processors). */
#include "SimulationFixture.hpp"

#include <gtest/gtest.h>

using namespace coalsim;
using coalsim::testing::simulate_yaml;

TEST(SyntheticBackground, UtilizationTargetHoldsWhenSomeSizesAreLargerThanTheCluster)
{
  // Sizes 1 or 8 on 4-processor clusters: the 8s run on 4 processors, so the arrival rate must come from
  // a mean size of 2.5, not 4 (the mean of 4.5 capped), or the clusters are busy 0.35 x 2.5 / 4 = 0.22.
  auto t = simulate_yaml(R"(
seed: 2
workload: {jobs: 0}
background: {model: synthetic, utilization: 0.35, size: {dist: choice, values: [1, 8]}, runtime: 50}
stop: {max_time: 400000}
)");
  ASSERT_GT(t.sample_time.size(), 1000u);
  for (size_t c = 0; c < t.columns; ++c) {
    double busy = 0;
    for (size_t i = 0; i < t.sample_time.size(); ++i)
      busy += t.background_busy[i * t.columns + c];
    EXPECT_NEAR(busy / t.sample_time.size() / 4, 0.35, 0.02) << "cluster " << c;
  }
}
