/* ReleaseLog (sim/engine/ReleaseLog): the earliest addition a reader has not seen, against every addition kept
 * in full, through random additions and moves of the origin. */
#include "sim/engine/ReleaseLog.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace coalsim;

TEST(ReleaseLog, TheEarliestUnseenAdditionAsNobodyLooksBeforeTheOrigin)
{
  ReleaseLog log;
  EXPECT_TRUE(std::isinf(log.earliest_since(0)));
  log.record(30);
  log.record(10);
  log.record(20);
  EXPECT_EQ(log.count(), 3u);
  EXPECT_EQ(log.earliest_since(0), 10);
  EXPECT_EQ(log.earliest_since(2), 20) << "the reader saw the first two";
  EXPECT_TRUE(std::isinf(log.earliest_since(3)));
  log.forget_before(15);
  EXPECT_EQ(log.earliest_since(0), 15) << "an addition from before the origin counts from it";
  EXPECT_EQ(log.earliest_since(2), 20);
  log.clear();
  EXPECT_EQ(log.count(), 0u);
  EXPECT_TRUE(std::isinf(log.earliest_since(0)));
}

TEST(ReleaseLog, AgreesWithEveryAdditionKeptInFull)
{
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> step(0, 9), time(0, 30);
  for (int trial = 0; trial < 200; ++trial) {
    ReleaseLog log;
    std::vector<double> all; // every addition's `from`, by number
    double origin = 0;
    for (int op = 0; op < 60; ++op) {
      if (step(rng) < 2) {
        origin += time(rng) / 10.0;
        log.forget_before(origin);
      } else {
        all.push_back(origin + time(rng) - 10); // some before the origin
        log.record(all.back());
      }
      ASSERT_EQ(log.count(), all.size());
      for (size_t seen = 0; seen <= all.size(); ++seen) {
        double earliest = INFINITY;
        for (size_t i = seen; i < all.size(); ++i)
          earliest = std::min(earliest, all[i]);
        // Nobody looks before the origin: the answers agree from there on.
        ASSERT_EQ(std::max(log.earliest_since(seen), origin), std::max(earliest, origin))
            << "trial " << trial << ", op " << op << ", seen " << seen;
      }
    }
  }
}
