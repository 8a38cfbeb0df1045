/* The profile of free processors that backfilling plans with (sim/api/ProcessorProfile): its queries by hand,
 * and at random against answers found by trying every instant where the free count changes. */
#include "sim/api/ProcessorProfile.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
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

/** The steps a profile holding no two equal neighbours has: one, and one more at every change where the free
 *  count differs from the count just before (every time in `changes` is a multiple of 0.5). */
size_t steps_by_trial(const ProcessorProfile& p, const std::set<double>& changes)
{
  size_t steps = 1;
  for (double t : changes)
    steps += t > 0 && p.free_at(t) != p.free_at(t - 0.25);
  return steps;
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
    ASSERT_EQ(moved.steps(), steps_by_trial(moved, changes)) << "equal neighbours left, trial " << trial;
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

TEST(ProcessorProfile, AReservationMovedByLessThanTheNextChangeOnlyShiftsTwoSteps)
{
  ProcessorProfile p(0, 10);
  p.add(10, 20, -4); // 10, 6 over [10, 20), 10
  p.add(30, 40, -2); // and 8 over [30, 40)
  ASSERT_EQ(p.steps(), 5u);
  p.move(10, 7, 10, 4); // earlier by 3: 6 over [7, 17)
  EXPECT_EQ(p.steps(), 5u);
  EXPECT_EQ(p.free_at(6.5), 10);
  EXPECT_EQ(p.free_at(7), 6);
  EXPECT_EQ(p.free_at(16.5), 6);
  EXPECT_EQ(p.free_at(17), 10);
  p.move(7, 12, 10, 4); // later by 5: 6 over [12, 22)
  EXPECT_EQ(p.steps(), 5u);
  EXPECT_EQ(p.free_at(11.5), 10);
  EXPECT_EQ(p.free_at(12), 6);
  EXPECT_EQ(p.free_at(21.5), 6);
  EXPECT_EQ(p.free_at(22), 10);
  EXPECT_EQ(p.free_at(30), 8) << "the next reservation stays";
  p.move(12, 25, 10, 4); // into the next one: [25, 30) at 6, [30, 35) at 4, [35, 40) at 8
  EXPECT_EQ(p.steps(), 5u);
  EXPECT_EQ(p.free_at(24.5), 10);
  EXPECT_EQ(p.free_at(25), 6);
  EXPECT_EQ(p.free_at(30), 4);
  EXPECT_EQ(p.free_at(35), 8);
  EXPECT_EQ(p.free_at(40), 10);
}

TEST(ProcessorProfile, AddingKeepsNoTwoEqualNeighbours)
{
  std::mt19937 rng(21);
  std::uniform_int_distribution<int> time(0, 40), count(-3, 3), duration(1, 15), half(0, 1);
  for (int trial = 0; trial < 2000; ++trial) {
    ProcessorProfile p(0, 4);
    std::map<double, int> change{{0, 4}}; // the free count's change at each time, summed by hand
    std::set<double> changes{0};
    for (int k = 0; k < 10; ++k) {
      double from = time(rng) + (half(rng) ? 0.5 : 0), until = from + duration(rng);
      int c = count(rng);
      p.add(from, until, c);
      change[from] += c;
      change[until] -= c;
      changes.insert({from, until});
      int free = 0;
      for (auto [t, d] : change) {
        free += d;
        ASSERT_EQ(p.free_at(t), free) << "trial " << trial << " at " << t;
      }
      ASSERT_EQ(p.steps(), steps_by_trial(p, changes)) << "trial " << trial << ", change " << k;
    }
  }
}
