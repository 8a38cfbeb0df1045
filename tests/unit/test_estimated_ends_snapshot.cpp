/* The information service's snapshot of a manager's running jobs (sim/engine/EstimatedEndsSnapshot.hpp): what a
 * policy reads is the list as it was taken, in its order (equal ends included), whatever the list became since,
 * and a new take replaces it. */
#include "sim/engine/EstimatedEndsSnapshot.hpp"

#include <gtest/gtest.h>
#include <utility>
#include <vector>

using namespace coalsim;

namespace {

std::vector<std::pair<double, int>> listed(const EstimatedEnds& ends)
{
  return {ends.begin(), ends.end()};
}

} // namespace

TEST(EstimatedEndsSnapshot, ReadsTheListAsTakenInItsOrder)
{
  EstimatedEndsSnapshot snapshot;
  EXPECT_TRUE(snapshot.read().empty()); // nothing taken yet

  EstimatedEnds running;
  running.emplace(200.0, 4);
  running.emplace(100.0, 2);
  running.emplace(200.0, 1); // equal ends: after the first, as a manager's multimap lists them
  running.emplace(200.0, 8);
  running.emplace(50.0, 16);
  const auto as_taken = listed(running);
  snapshot.take(running);

  running.clear(); // the manager's list moves on: the snapshot does not
  running.emplace(300.0, 3);
  EXPECT_EQ(listed(snapshot.read()), as_taken);
  EXPECT_EQ(listed(snapshot.read()), as_taken); // read again: the same

  snapshot.take(running);
  EXPECT_EQ(listed(snapshot.read()), (std::vector<std::pair<double, int>>{{300.0, 3}}));
  snapshot.take(EstimatedEnds{});
  EXPECT_TRUE(snapshot.read().empty());
}

TEST(EstimatedEndsSnapshot, EqualEndsKeepTheirOrderWhateverTheirNumber)
{
  // Many equal ends in a list of mixed ones: the tree built from the flat copy must list them as the original did.
  EstimatedEnds running;
  for (int i = 0; i < 200; ++i)
    running.emplace(static_cast<double>((i * 7) % 5), i);
  EstimatedEndsSnapshot snapshot;
  snapshot.take(running);
  EXPECT_EQ(listed(snapshot.read()), listed(running));
}
