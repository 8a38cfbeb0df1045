/* The engine's bound on what a policy could ever place (sim/engine/NeverFits.hpp), per request type. */
#include "sim/engine/NeverFits.hpp"

#include <gtest/gtest.h>

using namespace coalsim;

namespace {

JobSpec job_of(RequestType type, std::vector<int> sizes, std::vector<ClusterIndex> clusters = {})
{
  JobSpec job;
  job.type = type;
  for (size_t k = 0; k < sizes.size(); ++k)
    job.components.push_back({sizes[k], k < clusters.size() ? clusters[k] : no_cluster});
  for (int s : sizes)
    job.total_processors += s;
  return job;
}

JobSpec flexible(int total)
{
  JobSpec job;
  job.type             = RequestType::flexible;
  job.total_processors = total;
  return job;
}

} // namespace

TEST(NeverFits, UnorderedComponentsArePackedExactly)
{
  // 4+4+3 on two clusters of 6: each 4 needs a cluster of its own and the 3 fits beside neither, though the
  // total (11) is below the grid's (12) and every component fits a cluster.
  EXPECT_FALSE(could_fit(job_of(RequestType::unordered, {4, 4, 3}), {6, 6}, true));
  // First fit in decreasing size misses this packing (5+3+2 and 4+3+3); the search finds it.
  EXPECT_TRUE(could_fit(job_of(RequestType::unordered, {5, 4, 3, 3, 3, 2}), {10, 10}, true));
  EXPECT_TRUE(could_fit(job_of(RequestType::unordered, {2, 2}), {2, 2}, true));
}

TEST(NeverFits, APolicyThatPlacesAJobOnOneClusterNeedsOneClusterForAllOfIt)
{
  EXPECT_FALSE(could_fit(job_of(RequestType::unordered, {2, 2}), {2, 2}, false));
  EXPECT_TRUE(could_fit(job_of(RequestType::unordered, {2, 2}), {2, 4}, false));
  EXPECT_FALSE(could_fit(flexible(5), {4, 4}, false));
  EXPECT_TRUE(could_fit(flexible(5), {4, 4}, true));
  EXPECT_FALSE(could_fit(flexible(9), {4, 4}, true));
  // Ordered on two clusters: only a co-allocating policy can place it.
  EXPECT_TRUE(could_fit(job_of(RequestType::ordered, {1, 1}, {0, 1}), {4, 4}, true));
  EXPECT_FALSE(could_fit(job_of(RequestType::ordered, {1, 1}, {0, 1}), {4, 4}, false));
  EXPECT_TRUE(could_fit(job_of(RequestType::ordered, {1, 1}, {1, 1}), {4, 4}, false));
}

TEST(NeverFits, OrderedComponentsOnOneClusterAddUp)
{
  EXPECT_FALSE(could_fit(job_of(RequestType::ordered, {3, 2}, {0, 0}), {4, 8}, true));
  EXPECT_TRUE(could_fit(job_of(RequestType::ordered, {3, 2}, {0, 1}), {4, 8}, true));
  // Components of one cluster apart in the request add up too; a cluster named twice is one cluster used.
  EXPECT_TRUE(could_fit(job_of(RequestType::ordered, {2, 1, 2}, {0, 1, 0}), {4, 1}, true));
  EXPECT_FALSE(could_fit(job_of(RequestType::ordered, {2, 1, 2}, {0, 1, 0}), {3, 1}, true));
  EXPECT_TRUE(could_fit(job_of(RequestType::ordered, {2, 1, 2}, {1, 1, 1}), {0, 5}, false));
  EXPECT_FALSE(could_fit(job_of(RequestType::ordered, {2, 1, 2}, {1, 0, 1}), {8, 8}, false));
  EXPECT_TRUE(could_fit(job_of(RequestType::total, {8}), {4, 8}, true));
  EXPECT_FALSE(could_fit(job_of(RequestType::total, {9}), {4, 8}, true));
}

TEST(NeverFits, TheReasonSaysWhatRulesTheJobOut)
{
  const std::vector<int> grid = {4, 4};
  auto larger                 = never_fits(job_of(RequestType::total, {5}), {{4, 4}, {false, false}, true}, grid);
  ASSERT_TRUE(larger);
  EXPECT_FALSE(larger->failed);
  EXPECT_EQ(larger->reason, "larger than the grid: fits none of its clusters even when idle");

  auto one_cluster = never_fits(job_of(RequestType::unordered, {3, 3}), {{4, 4}, {false, false}, false}, grid);
  ASSERT_TRUE(one_cluster);
  EXPECT_EQ(one_cluster->reason, "fits no single cluster even when idle, and its policy places a job on one cluster");

  auto unused = never_fits(job_of(RequestType::ordered, {2}, {1}), {{4, 0}, {false, false}, true}, grid);
  ASSERT_TRUE(unused);
  EXPECT_EQ(unused->reason, "fits none of the clusters its policy uses, even when idle");

  auto gone = never_fits(job_of(RequestType::total, {3}), {{4, 4}, {true, true}, true}, grid);
  ASSERT_TRUE(gone);
  EXPECT_TRUE(gone->failed);
  EXPECT_EQ(gone->reason, "fits none of the clusters left usable");

  EXPECT_FALSE(never_fits(job_of(RequestType::total, {3}), {{4, 4}, {true, false}, true}, grid));
}

TEST(NeverFits, TheLimitsWorkOutTheirLargestCapacityAndWhetherAnyClusterIsGoneOnce)
{
  const FitLimits limits({3, 9, 5}, {false, false, false}, true);
  EXPECT_EQ(limits.largest, 9);
  EXPECT_FALSE(limits.any_gone);
  EXPECT_TRUE(FitLimits({3, 9}, {false, true}, true).any_gone);
  EXPECT_EQ(FitLimits({}, {}, true).largest, 0);
  // The largest read from the limits is the one could_fit works out itself: a job of 9 on one cluster fits, 10 not.
  EXPECT_FALSE(never_fits(job_of(RequestType::total, {9}), limits, {3, 9, 5}));
  EXPECT_TRUE(never_fits(job_of(RequestType::total, {10}), limits, {3, 9, 5}));
  EXPECT_EQ(could_fit(job_of(RequestType::unordered, {6, 6}), {3, 9, 5}, true),
            could_fit(job_of(RequestType::unordered, {6, 6}), {3, 9, 5}, true, 9));
}

// A component holds whole nodes' worth on a shaped cluster (ComponentCores.hpp), and could_fit counts that: seven
// components of 9 processors on 32 dual nodes taken whole hold 5 nodes each, 35 in all, though their 63 processors
// are fewer than the cluster's 64.
TEST(NeverFits, ShapedClustersCountTheNodesEachComponentHolds)
{
  const JobSpec seven_of_nine = job_of(RequestType::unordered, {9, 9, 9, 9, 9, 9, 9});
  EXPECT_TRUE(could_fit(seven_of_nine, {64}, true));
  EXPECT_FALSE(could_fit(seven_of_nine, {64}, true, ComponentCores({2})));
  EXPECT_TRUE(could_fit(seven_of_nine, {64, 64}, true, ComponentCores({2, 2}))) << "six on one, one on the other";
  EXPECT_FALSE(could_fit(seven_of_nine, {64, 64}, false, ComponentCores({2, 2}))) << "one cluster for all";
  EXPECT_TRUE(could_fit(seven_of_nine, {64, 64}, false, ComponentCores({2, 1}))) << "63 of a pool's 64";
  // Ordered: two components of 9 named on a cluster of 18 dual cores hold 20.
  EXPECT_TRUE(could_fit(job_of(RequestType::ordered, {9, 9}, {0, 0}), {18}, true));
  EXPECT_FALSE(could_fit(job_of(RequestType::ordered, {9, 9}, {0, 0}), {18}, true, ComponentCores({2})));
  // The search: 5 + 4 on two clusters of 8 fits one on each when one of them is a pool (no cluster holds both);
  // four components of 3 on two clusters of 8 fit two on each, unless one cluster is a single 8-core node.
  EXPECT_TRUE(could_fit(job_of(RequestType::unordered, {5, 4}), {8, 8}, true, ComponentCores({1, 4})));
  EXPECT_FALSE(could_fit(job_of(RequestType::unordered, {5, 4}), {8, 8}, false, ComponentCores({1, 4})));
  EXPECT_TRUE(could_fit(job_of(RequestType::unordered, {3, 3, 3, 3}), {8, 8}, true, ComponentCores({4, 4})));
  EXPECT_FALSE(could_fit(job_of(RequestType::unordered, {3, 3, 3, 3}), {8, 8}, true, ComponentCores({8, 4})));
}

// A shaped component's nodes lie on distinct hosts: one that needs more nodes than its cluster has hosts holds more
// than any capacity (ComponentCores::unholdable), whatever the cores.
TEST(NeverFits, AComponentNeedsAsManyHostsAsNodes)
{
  const ComponentCores one_core_nodes_on_32_hosts({1}, {32});
  EXPECT_EQ(one_core_nodes_on_32_hosts(0, 32), 32);
  EXPECT_EQ(one_core_nodes_on_32_hosts(0, 33), ComponentCores::unholdable);
  EXPECT_TRUE(could_fit(job_of(RequestType::unordered, {32}), {64}, true, one_core_nodes_on_32_hosts));
  EXPECT_FALSE(could_fit(job_of(RequestType::unordered, {40}), {64}, true, one_core_nodes_on_32_hosts));
  EXPECT_TRUE(could_fit(job_of(RequestType::unordered, {40}), {64}, true)) << "the pool takes any 40 cores";
  EXPECT_FALSE(ComponentCores({1}, {32}).pool()) << "nodes of one core are not the pool";
}

TEST(NeverFits, ANodesClusterCountsOnlyWhatItsManagerCouldClaimOnItWhenIdle)
{
  // One cluster of 4 hosts with nodes of 1 core (16 node-cores), whose manager (here, a stand-in) claims at most four
  // components of 3 one after the other: five fit the count (15 of 16) but not the claims.
  const ComponentCores held({1}, {4});
  const IdleClaims claims{[](const std::vector<int>& sizes) { return sizes.size() <= 4; }};
  EXPECT_TRUE(could_fit(job_of(RequestType::unordered, {3, 3, 3, 3, 3}), {16}, true, held)) << "by the count alone";
  EXPECT_FALSE(could_fit(job_of(RequestType::unordered, {3, 3, 3, 3, 3}), {16}, true, held, claims));
  EXPECT_TRUE(could_fit(job_of(RequestType::unordered, {3, 3, 3, 3}), {16}, true, held, claims));
  EXPECT_FALSE(could_fit(job_of(RequestType::ordered, {3, 3, 3, 3, 3}, {0, 0, 0, 0, 0}), {16}, true, held, claims));
  EXPECT_FALSE(could_fit(job_of(RequestType::unordered, {3, 3, 3, 3, 3}), {16}, false, held, claims))
      << "one cluster for all";
  // Two such clusters: a packing that splits the components passes both tests.
  const ComponentCores two({1, 1}, {4, 4});
  const IdleClaims both{claims[0], claims[0]};
  EXPECT_TRUE(could_fit(job_of(RequestType::unordered, {3, 3, 3, 3, 3}), {16, 16}, true, two, both));
  EXPECT_FALSE(could_fit(job_of(RequestType::unordered, {3, 3, 3, 3, 3, 3, 3, 3, 3}), {16, 16}, true, two, both));
  // The rejection at arrival names the grid.
  const FitLimits limits({16}, {false}, true, held, claims);
  auto rejection = never_fits(job_of(RequestType::unordered, {3, 3, 3, 3, 3}), limits, {16});
  ASSERT_TRUE(rejection.has_value());
  EXPECT_EQ(rejection->code, "exceeds_grid");
}
