/* The profile of free processors that backfilling plans with (sim/api/ProcessorProfile): its queries by hand,
 * and at random against answers found by trying every instant where the free count changes. */
#include "sim/api/ProcessorProfile.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

using namespace coalsim;

namespace {

/** A random profile over [0, 60): 4 free from 0, changed over random windows, sometimes below zero (a plan
 *  that a job past its estimate oversubscribes), at integer and fractional times. */
ProcessorProfile random_profile(std::mt19937& rng, std::set<double>& changes)
{
  std::uniform_int_distribution<int> time(0, 40), count(-3, 3), duration(1, 15), half(0, 1);
  ProcessorProfile p(0, 4);
  changes = {0};
  for (int k = 0; k < 8; ++k) {
    double from  = time(rng) + (half(rng) ? 0.5 : 0);
    double until = from + duration(rng);
    p.add(from, until, count(rng));
    changes.insert(from);
    changes.insert(until);
  }
  return p;
}

/** The earliest start by trial: `from` and every change after it, the first whose window has enough free. */
double earliest_by_trial(const ProcessorProfile& p, const std::set<double>& changes, int size, double duration,
                         double from, double before)
{
  std::set<double> starts{from};
  for (double t : changes)
    if (t > from)
      starts.insert(t);
  for (double s : starts)
    if (s < before && p.min_free(s, s + duration) >= size)
      return s;
  return INFINITY;
}

} // namespace

TEST(ProcessorProfile, MinFreeOverAWindowAndTheNextChange)
{
  ProcessorProfile p(0, 10);
  p.add(5, 15, -4); // 10 on [0,5), 6 on [5,15), 10 from 15
  p.add(20, INFINITY, 3);
  EXPECT_EQ(p.min_free(0, 5), 10) << "the window ends where the dip begins";
  EXPECT_EQ(p.min_free(0, 5.5), 6);
  EXPECT_EQ(p.min_free(15, 100), 10);
  EXPECT_EQ(p.min_free(7, 7), 6) << "an empty window: the free count at its start";
  EXPECT_EQ(p.next_change(0), 5);
  EXPECT_EQ(p.next_change(5), 15);
  EXPECT_EQ(p.next_change(17), 20);
  EXPECT_TRUE(std::isinf(p.next_change(20)));
}

TEST(ProcessorProfile, EarliestWithExtraProcessorsAnswersAsIfTheyWereAdded)
{
  // By hand: 2 free on [0,10), 6 on [10,20), 2 on [20,30), 8 from 30. A job of 4 for 15 s fits from 30; with
  // its own 4 processors over [20,35) counted free, from 10 (6 on [10,20), 6 on [20,25)).
  ProcessorProfile p(0, 2);
  p.add(10, 20, 4);
  p.add(30, INFINITY, 6);
  EXPECT_EQ(p.earliest(4, 15, 0), 30);
  EXPECT_EQ(p.earliest(4, 15, 0, 20, {20, 35, 4}), 10);
  EXPECT_TRUE(std::isinf(p.earliest(4, 15, 0, 10, {20, 35, 4}))) << "no start before 10";
  EXPECT_EQ(p.earliest(4, 5, 0, INFINITY, {3, 8, 2}), 3) << "extra alone makes room";

  // At random, against the profile with the processors really added.
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> time(0, 40), count(-3, 3), size(1, 8), duration(1, 15);
  for (int trial = 0; trial < 2000; ++trial) {
    ProcessorProfile q(0, 4);
    for (int k = 0; k < 6; ++k) {
      int from = time(rng);
      q.add(from, from + duration(rng), count(rng));
    }
    double from = time(rng), before = time(rng) + 1;
    ProcessorProfile::Extra extra{static_cast<double>(time(rng)), 0, size(rng)};
    extra.until           = extra.from + duration(rng);
    int need              = size(rng);
    double length         = duration(rng);
    double asked          = q.earliest(need, length, from, before, extra);
    ProcessorProfile with = q;
    with.add(extra.from, extra.until, extra.count);
    ASSERT_EQ(asked, with.earliest(need, length, from, before)) << "trial " << trial;
  }
}

TEST(ProcessorProfile, EarliestIsTheFirstInstantWhoseWindowHasEnoughFree)
{
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> time(0, 45), size(-1, 7), duration(0, 20), half(0, 1);
  int found = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::set<double> changes;
    ProcessorProfile p = random_profile(rng, changes);
    double from        = time(rng) + (half(rng) ? 0.25 : 0);
    double before      = half(rng) ? INFINITY : from + time(rng);
    int need           = size(rng);
    double length      = duration(rng) + (half(rng) ? 0.5 : 0);
    double asked       = p.earliest(need, length, from, before);
    ASSERT_EQ(asked, earliest_by_trial(p, changes, need, length, from, before))
        << "trial " << trial << ": " << need << " for " << length << " from " << from << " before " << before;
    found += std::isfinite(asked);
  }
  EXPECT_GT(found, 1000);
}

TEST(ProcessorProfile, FirstFreeAndStretchStartAgreeWithTheFreeCountAtEveryChange)
{
  std::mt19937 rng(12);
  std::uniform_int_distribution<int> time(0, 45), size(-1, 7), half(0, 1);
  for (int trial = 0; trial < 3000; ++trial) {
    std::set<double> changes;
    ProcessorProfile p = random_profile(rng, changes);
    const int need     = size(rng);
    const double from  = time(rng) + (half(rng) ? 0.25 : 0);
    const double until = from + time(rng);
    // first_free: `from` if enough are free there, else the first change before `until` with enough.
    double first = p.free_at(from) >= need ? from : INFINITY;
    for (double t : changes)
      if (std::isinf(first) && t > from && t < until && p.free_at(t) >= need)
        first = t;
    if (from >= until)
      first = INFINITY;
    ASSERT_EQ(p.first_free(need, from, until), first) << "trial " << trial;
    // stretch_start: back from `from` over the changes while enough were free just before.
    double start = from;
    for (auto it = changes.rbegin(); it != changes.rend(); ++it)
      if (*it < start && p.min_free(*it, start) >= need)
        start = *it;
    ASSERT_EQ(p.stretch_start(need, from), start) << "trial " << trial << ", " << need << " at " << from;
  }
}

TEST(ProcessorProfile, MovingProcessorsIsGivingThemBackAndTakingThemAgain)
{
  std::mt19937 rng(13);
  std::uniform_int_distribution<int> time(0, 45), count(1, 4), duration(1, 20), half(0, 1);
  int overlapping = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::set<double> changes;
    ProcessorProfile moved = random_profile(rng, changes);
    ProcessorProfile twice = moved;
    const double from = time(rng) + (half(rng) ? 0.5 : 0), to = time(rng), length = duration(rng);
    const int held = count(rng);
    moved.add(from, from + length, -held); // held over [from, from + length) first
    twice.add(from, from + length, -held);
    ProcessorProfile before = moved;
    const double added      = moved.move(from, to, length, held);
    twice.add(from, from + length, held);
    twice.add(to, to + length, -held);
    for (double t : {from, to, from + length, to + length})
      changes.insert(t);
    for (double t : changes) {
      ASSERT_EQ(moved.free_at(t), twice.free_at(t)) << "trial " << trial << " at " << t;
      if (moved.free_at(t) > before.free_at(t)) {
        ASSERT_GE(t, added) << "processors were added before where move says, trial " << trial;
      }
    }
    overlapping += std::abs(from - to) < length;
  }
  EXPECT_GT(overlapping, 500);
}
