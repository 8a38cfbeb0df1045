/* A `nodes` cluster in the view (docs/concepts.md, Shapes): its idle count is the free node-cores of all its hosts
 * (additive over components), and one component may have at most as many nodes as the hosts with room now (the
 * view's width, GridView::component_cores()); capacities and plans count the cluster's hosts
 * (GridView::capacity_cores()). */
#include "PolicyTestKit.hpp"
#include "policies/common/PlacementRule.hpp"

#include <gtest/gtest.h>
#include <memory>

using namespace coalsim;
using coalsim::testing::ordered;
using coalsim::testing::unordered;

namespace {

/** Clusters of 4 hosts with nodes of 1 core (16 cores each), with these idle counts and widths now. */
struct NodesView {
  NodesView(const std::vector<int>& idle, const std::vector<int>& width)
      : capacity(std::vector<int>(idle.size(), 1), std::vector<int>(idle.size(), 4))
  {
    auto now = std::make_shared<ComponentCores>(capacity);
    for (size_t c = 0; c < width.size(); ++c)
      now->limit_nodes(static_cast<ClusterIndex>(c), width[c]);
    ClusterSummary summary;
    summary.usable_idle = idle;
    std::vector<ClusterState> states;
    for (size_t c = 0; c < idle.size(); ++c)
      states.push_back({static_cast<ClusterIndex>(c), "q" + std::to_string(c), "", 16, idle[c], true});
    view = std::make_unique<GridView>(0, states, coalsim::testing::zero_transfers(), nullptr, summary, &capacity,
                                      std::move(now));
  }
  ComponentCores capacity;
  std::unique_ptr<GridView> view;
};

std::vector<ClusterIndex> clusters_of(const fitting::Components& placed)
{
  std::vector<ClusterIndex> out;
  for (const auto& c : placed)
    out.push_back(c.cluster);
  return out;
}

} // namespace

TEST(NodesWidth, ViewCountsHeldByTheWidthNowAndByTheHostsForCapacities)
{
  NodesView v({10, 16}, {2, 4});
  EXPECT_EQ(v.view->held(0, 2), 2);
  EXPECT_EQ(v.view->held(0, 3), ComponentCores::unholdable) << "3 nodes, 2 hosts with room now";
  EXPECT_EQ(v.view->capacity_held(0, 3), 3);
  EXPECT_EQ(v.view->capacity_held(0, 5), ComponentCores::unholdable) << "5 nodes, 4 hosts";
  EXPECT_EQ(v.view->held(1, 4), 4);
  EXPECT_EQ(v.view->component_cores().job_on(unordered(1, {3, 3}), 1), 6) << "two components share the 4 hosts";
  EXPECT_FALSE(v.view->component_cores().pool());
}

TEST(NodesWidth, AFitRulePlacesTwoComponentsOfAJobOnOneNodesClusterWhenTheWidthAllows)
{
  // 12 free node-cores on 4 hosts with room: two components of 3 (3 nodes each, on distinct hosts) both fit, 6 left.
  NodesView v({12}, {4});
  FitRule first_fit(fitting::Rule::first_fit, false);
  std::vector<int> idle = v.view->idle_counts();
  auto placed           = first_fit.place(unordered(1, {3, 3}), idle, *v.view);
  ASSERT_TRUE(placed.has_value());
  EXPECT_EQ(clusters_of(*placed), (std::vector<ClusterIndex>{0, 0}));
  EXPECT_EQ(idle, (std::vector<int>{6}));
}

TEST(NodesWidth, AComponentWiderThanTheHostsWithRoomIsPlacedNowNowhereButPlannedByTheHosts)
{
  // 12 free node-cores, but on 2 hosts only (6 each: nodes of 1 core, 6 of them a host): a component of 3 nodes
  // cannot lie there now, whatever the count; the other cluster has 3 hosts with room.
  NodesView v({12, 3}, {2, 3});
  FitRule first_fit(fitting::Rule::first_fit, false);
  std::vector<int> idle = v.view->idle_counts();
  auto placed           = first_fit.place(unordered(1, {3}), idle, *v.view);
  ASSERT_TRUE(placed.has_value());
  EXPECT_EQ(clusters_of(*placed), (std::vector<ClusterIndex>{1}));
  EXPECT_EQ(idle, (std::vector<int>{12, 0}));
  idle = v.view->idle_counts();
  EXPECT_FALSE(first_fit.place(unordered(2, {3, 3}), idle, *v.view).has_value()) << "the second has nowhere to go";
  EXPECT_EQ(idle, (std::vector<int>{12, 3})) << "a failed fit takes nothing";
  // A reservation (GridBackfilling's plan) is for later, when other hosts may have room: by the cluster's 4 hosts.
  idle         = v.view->idle_counts();
  auto planned = first_fit.plan(unordered(3, {3, 3}), idle, *v.view);
  ASSERT_TRUE(planned.has_value());
  EXPECT_EQ(clusters_of(*planned), (std::vector<ClusterIndex>{0, 0}));
  // The capacity check (can a job ever fit) counts the hosts too: a job of two components of 4 fits q0's 16.
  EXPECT_FALSE(can_never_fit(unordered(4, {4, 4}), *v.view));
  EXPECT_TRUE(can_never_fit(unordered(5, {5}), *v.view)) << "5 nodes on 4 hosts";
}

TEST(NodesWidth, AFitLowersTheWidthAsFarAsWhatItTookForOtherJobsProves)
{
  // 4 hosts of 4 cores, nodes of 2 (two a host): 16 node-cores free, 4 hosts with room. A job of 3 nodes and one of 2
  // placed in one pass leave 6 node-cores (3 nodes), which may lie on 2 hosts (first fit: hosts 2 and 3), so a third
  // job of 3 nodes, which the count would take, might find its hosts taken: it waits.
  const ComponentCores capacity({2}, {4});
  ComponentCores now(capacity);
  now.limit_nodes(0, 4, 16, 2);
  EXPECT_TRUE(now.fits(0, 6, 16));
  EXPECT_TRUE(now.fits(0, 6, 10)) << "3 nodes taken: 10 node-cores on at least 3 hosts";
  EXPECT_FALSE(now.fits(0, 6, 6)) << "5 nodes taken: 3 nodes left on at least 2 hosts";
  EXPECT_TRUE(now.fits(0, 4, 6));
  EXPECT_TRUE(now.fits(0, 6, 6, 16)) << "a job's own components are not counted against each other";
  EXPECT_TRUE(capacity.fits(0, 6, 6)) << "a capacity has no width to lower";
  EXPECT_FALSE(capacity.fits(0, 8, 6));
  const ComponentCores pool;
  EXPECT_TRUE(pool.fits(0, 3, 3));
  EXPECT_FALSE(pool.fits(0, 4, 3));

  std::vector<int> idle{16};
  ASSERT_TRUE(fitting::fit_unordered(unordered(1, {6}).components, idle, fitting::Rule::first_fit, now));
  ASSERT_TRUE(fitting::fit_unordered(unordered(2, {4}).components, idle, fitting::Rule::first_fit, now));
  EXPECT_EQ(idle, (std::vector<int>{6}));
  EXPECT_FALSE(fitting::fit_unordered(unordered(3, {6}).components, idle, fitting::Rule::first_fit, now));
  EXPECT_FALSE(fitting::fit_ordered(ordered(4, {{0, 6}}).components, idle, now));
  idle = {16};
  EXPECT_TRUE(fitting::fit_unordered(unordered(5, {6, 6}).components, idle, fitting::Rule::first_fit, now))
      << "one job: its manager claims both on hosts 0-2";
}
