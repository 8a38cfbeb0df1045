/* Distributions of the experiment files: their means feed the offered-load and background rates, so a
 * mean must be the mean of what the distribution draws. */
#include "sim/config/Random.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

using namespace coalsim;

namespace {
double sample_mean(const Distribution& d, int n = 1000000)
{
  RngStream rng(1, "test");
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += d.sample(rng);
  return sum / n;
}
} // namespace

TEST(Distribution, MeanOfANormalTruncatedAtItsMinimumIsTheMeanOfItsDraws)
{
  // Truncated at 0 one sd below the mean, the draws average 100 + 100 * phi(-1) / (1 - Phi(-1)) = 128.76.
  auto wide = Distribution::normal(100, 100);
  EXPECT_NEAR(wide.mean(), 128.76, 0.01);
  EXPECT_NEAR(sample_mean(wide) / wide.mean(), 1.0, 0.005);
  // Truncated far below the mean, as in the DCS files: the plain mean.
  auto narrow = Distribution::normal(100, 10);
  EXPECT_NEAR(narrow.mean(), 100.0, 1e-6);
  // Truncated above the mean.
  auto high = Distribution::normal(10, 5, 15);
  EXPECT_NEAR(sample_mean(high) / high.mean(), 1.0, 0.005);
}

TEST(Distribution, MeanOfSizesIsTheMeanOfTheRoundedAndClampedDraws)
{
  // A size mix with jobs larger than a 4-processor cluster: those draws become 4.
  auto sizes = Distribution::choice({1, 8}, {1, 1});
  EXPECT_DOUBLE_EQ(sizes.mean(), 4.5);
  EXPECT_DOUBLE_EQ(sizes.mean_of_sizes(1, 4), 2.5);
  EXPECT_DOUBLE_EQ(Distribution::empirical({0.2, 3.6, 9}).mean_of_sizes(1, 4), (1 + 4 + 4) / 3.0);
  EXPECT_DOUBLE_EQ(Distribution::constant(0.4).mean_of_sizes(1, 4), 1.0);
  // Drawn: uniform sizes in [0, 10] on 4 processors: 1 with probability 0.15, 2 and 3 with 0.1 each, 4 with 0.65.
  EXPECT_NEAR(Distribution::uniform(0, 10).mean_of_sizes(1, 4), 0.15 + 0.2 + 0.3 + 2.6, 0.01);
}

TEST(Distribution, RoundedWithinKeepsValuesNoIntHoldsAtTheBounds)
{
  EXPECT_EQ(rounded_within(2.4, 1, 10), 2);
  EXPECT_EQ(rounded_within(2.5, 1, 10), 3);
  EXPECT_EQ(rounded_within(1e30, 1, 10), 10); // converted first, it was whatever the conversion made of it
  EXPECT_EQ(rounded_within(1e300, 1, std::numeric_limits<int>::max()), std::numeric_limits<int>::max());
  EXPECT_EQ(rounded_within(-1e30, 1, 10), 1);
  EXPECT_EQ(rounded_within(NAN, 1, 10), 1);
  EXPECT_EQ(rounded_within(0.2, 1, 10), 1);
}
