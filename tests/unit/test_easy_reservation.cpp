/* EASY's reservation for a queue's head (sim/api/EasyReservation.hpp), which `easy` and `easy_sjbf` share, against
 * its definition computed the slow way over random running sets with many equal estimated ends and jobs past their
 * estimates: the shadow time is the first date, among now and the running jobs' estimated ends (a job past its
 * estimate ending now), at which the idle processors and those freed by then reach the head's size, at least one
 * end counted; the extra processors are those free then beyond the head's need. */
#include "sim/api/EasyReservation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

using namespace coalsim;

namespace {

/** The definition: for each candidate date in increasing order, the processors free by then. */
EasyReservation by_definition(int head_size, int idle, const RunningByEnd& running, double now)
{
  int total = idle;
  for (const auto& [end, size] : running)
    total += size;
  if (total < head_size || running.empty())
    return {INFINITY, 0};
  std::set<double> dates;
  for (const auto& [end, size] : running)
    dates.insert(std::max(end, now));
  for (double date : dates) {
    int free = idle;
    for (const auto& [end, size] : running)
      if (std::max(end, now) <= date)
        free += size;
    if (free >= head_size)
      return {date, free - head_size};
  }
  ADD_FAILURE() << "the running jobs free enough processors by their last end";
  return {INFINITY, 0};
}

} // namespace

TEST(EasyReservation, IsItsDefinitionOverRandomRunningSets)
{
  std::mt19937 rng(20261128);
  int reached_from_the_last_ends = 0, infinite = 0, past_estimates = 0;
  for (int round = 0; round < 20000; ++round) {
    std::uniform_int_distribution<int> jobs(0, 12), size(1, 16), end(0, 20), idle_of(0, 20);
    RunningByEnd running;
    int processors = 0;
    for (int n = jobs(rng); n > 0; --n) {
      int s = size(rng);
      running.emplace(end(rng), s); // integer ends: many equal ones
      processors += s;
    }
    const int idle      = idle_of(rng);
    const double now    = 5;
    const int head_size = std::uniform_int_distribution<int>(1, idle + processors + 4)(rng);
    LocalPass pass{now, idle, running, processors, false, false};
    EasyReservation got  = easy_reservation(head_size, pass);
    EasyReservation want = by_definition(head_size, idle, running, now);
    ASSERT_EQ(got.shadow, want.shadow) << "round " << round << ", head " << head_size << ", idle " << idle;
    if (std::isfinite(want.shadow)) {
      ASSERT_EQ(got.extra, want.extra) << "round " << round;
    }
    reached_from_the_last_ends += head_size - idle > idle + processors - head_size;
    infinite += std::isinf(want.shadow);
    past_estimates += not running.empty() && running.begin()->first < now;
  }
  // Both walks (from the first ends and from the last), no room at all, and jobs past their estimates all occurred.
  EXPECT_GT(reached_from_the_last_ends, 1000);
  EXPECT_GT(infinite, 100);
  EXPECT_GT(past_estimates, 1000);
}
