/* DIANA's decisions as pure functions, on hand-computed cases: site ranking for each job kind and the local-first
 * variant (report 4.6), the migration choice (4.8, Fig 4.7), sub-bulk sizes by largest remainders (5.3, Ch. 6) and
 * the priority queue's order and jobs-ahead counts (4.7). */
#include "policies/diana/MigrationChoice.hpp"
#include "policies/diana/PriorityQueue.hpp"
#include "policies/diana/SiteRanking.hpp"
#include "policies/diana/SubBulks.hpp"

#include <gtest/gtest.h>
#include <limits>

using namespace coalsim;
using namespace coalsim::diana;

namespace {
// With W4 = 1e9, network costs of 0, 1e-9 and 2e-9 per byte count 0, 1 and 2.
//   site 0: compute 0 + 1 = 1, data 0 + 10 = 10, both 11
//   site 1: compute 1 + 4 = 5, data 1 + 1 = 2, both 6
//   site 2: compute 2 + 2 = 4, data 2 + 1.5 = 3.5, both 5.5
std::vector<SiteCosts> three_sites()
{
  return {{0, true, 0, 1, 10}, {1, true, 1e-9, 4, 1}, {2, true, 2e-9, 2, 1.5}};
}
} // namespace

TEST(DianaSiteRanking, EachJobKindRanksByItsOwnCosts)
{
  CostWeights w;
  auto sites = three_sites();
  EXPECT_DOUBLE_EQ(total_cost(sites[1], w), 6);
  EXPECT_EQ(rank_sites(sites, JobKind::compute_intensive, w), (std::vector<int>{0, 2, 1}));
  EXPECT_EQ(rank_sites(sites, JobKind::data_intensive, w), (std::vector<int>{1, 2, 0}));
  EXPECT_EQ(rank_sites(sites, JobKind::both, w), (std::vector<int>{2, 1, 0}));
  // Weighing the network three times more: compute costs 1, 3 + 4 = 7 and 6 + 2 = 8, so site 1 overtakes site 2.
  CostWeights heavy_network = w;
  heavy_network.w4          = 3e9;
  EXPECT_EQ(rank_sites(sites, JobKind::compute_intensive, heavy_network), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(job_kind_by_name("data"), JobKind::data_intensive);
  EXPECT_EQ(job_kind_by_input(2e8, 1e8), JobKind::data_intensive);
  EXPECT_EQ(job_kind_by_input(1e8, 1e8), JobKind::data_intensive);
  EXPECT_EQ(job_kind_by_input(5e7, 1e8), JobKind::compute_intensive);
  EXPECT_EQ(job_kind_by_input(0, 0), JobKind::compute_intensive) << "no input: nothing to move";
  EXPECT_THROW(job_kind_by_name("io"), std::invalid_argument);
}

TEST(DianaSiteRanking, TiesGoToTheLowerSiteAndDeadSitesAreSkipped)
{
  CostWeights w;
  std::vector<SiteCosts> tied{{3, true, 0, 2, 0}, {1, true, 0, 2, 0}, {2, true, 0, 1, 0}};
  EXPECT_EQ(rank_sites(tied, JobKind::compute_intensive, w), (std::vector<int>{2, 1, 3}));
  auto sites     = three_sites();
  sites[2].alive = false;
  EXPECT_EQ(choose_site(sites, JobKind::both, w, 0, false, false), 1);
  for (auto& s : sites)
    s.alive = false;
  EXPECT_FALSE(choose_site(sites, JobKind::both, w, 0, false, false).has_value());
}

TEST(DianaSiteRanking, LocalFirstKeepsTheJobHomeOnlyWhenHomeHasRoom)
{
  CostWeights w;
  auto sites = three_sites();
  // Site 0 is the worst for a data-intensive job, but local-first keeps it there while it has room.
  EXPECT_EQ(choose_site(sites, JobKind::data_intensive, w, 0, true, true), 0);
  EXPECT_EQ(choose_site(sites, JobKind::data_intensive, w, 0, true, false), 1);
  EXPECT_EQ(choose_site(sites, JobKind::data_intensive, w, 0, false, true), 1);
  sites[0].alive = false;
  EXPECT_EQ(choose_site(sites, JobKind::data_intensive, w, 0, true, true), 1);
}

TEST(DianaMigrationChoice, FewestJobsAheadThenCost)
{
  LocalStanding local{5, 10, 0};
  std::vector<PeerOffer> offers{{1, 3, 20}, {2, 3, 15}, {3, 4, 1}};
  EXPECT_EQ(choose_migration(local, offers, 2), 2);
  // A cheaper peer with more jobs ahead never wins.
  EXPECT_EQ(best_offer(offers)->site, 2);
  // Equal jobs ahead and equal cost: the lower site.
  EXPECT_EQ(best_offer({{4, 1, 7}, {2, 1, 7}})->site, 2);
}

TEST(DianaMigrationChoice, NoMigrationWhenLocalIsAsGoodOrTheLimitIsReached)
{
  std::vector<PeerOffer> offers{{1, 3, 20}, {2, 3, 15}};
  // As many jobs ahead: the cost decides (4.8.2).
  EXPECT_FALSE(choose_migration(LocalStanding{3, 15, 0}, offers, 2).has_value());
  EXPECT_FALSE(choose_migration(LocalStanding{3, 10, 0}, offers, 2).has_value());
  EXPECT_EQ(choose_migration(LocalStanding{3, 100, 0}, offers, 2), 2);
  // Fewer jobs ahead at home: it stays, however cheap the peer.
  EXPECT_FALSE(choose_migration(LocalStanding{1, 100, 0}, {{1, 2, 0.1}}, 2).has_value());
  // The head of a busy queue (none ahead) moves to an idle peer that costs less.
  EXPECT_EQ(choose_migration(LocalStanding{0, 3, 0}, {{1, 0, 0.5}}, 2), 1);
  EXPECT_FALSE(choose_migration(LocalStanding{5, 10, 0}, {}, 2).has_value());
  EXPECT_FALSE(choose_migration(LocalStanding{5, 10, 2}, offers, 2).has_value());
  EXPECT_EQ(choose_migration(LocalStanding{5, 10, 2}, offers, 3), 2);
  EXPECT_EQ(choose_migration(LocalStanding{5, 10, 9}, offers, -1), 2);
  EXPECT_FALSE(choose_migration(LocalStanding{5, 10, 0}, offers, 0).has_value());
}

TEST(DianaSubBulks, RanksAreInverseCosts)
{
  EXPECT_EQ(ranks_from_costs({2, 4, 4}), (std::vector<double>{0.5, 0.25, 0.25}));
  EXPECT_EQ(ranks_from_costs({0, 5, 0}), (std::vector<double>{1, 0, 1}));
  EXPECT_EQ(ranks_from_costs({std::numeric_limits<double>::infinity(), 2}), (std::vector<double>{0, 0.5}));
}

TEST(DianaSubBulks, LargestRemaindersAddUpToTheBulk)
{
  // Quotas 5, 2.5, 2.5: floors 5, 2, 2; the one left goes to the first of the tied remainders.
  EXPECT_EQ(sub_bulk_sizes(10, {0.5, 0.25, 0.25}), (std::vector<int>{5, 3, 2}));
  // Quotas 7.5 and 2.5, tied remainders: the larger rank.
  EXPECT_EQ(sub_bulk_sizes(10, {1, 1.0 / 3}), (std::vector<int>{8, 2}));
  // Quotas 4.2, 2.1, 0.7: the largest remainder (0.7) gets the job left, not the largest site.
  EXPECT_EQ(sub_bulk_sizes(7, {0.6, 0.3, 0.1}), (std::vector<int>{4, 2, 1}));
  EXPECT_EQ(sub_bulk_sizes(7, {1, 1, 1}), (std::vector<int>{3, 2, 2}));
  // Table 6.1's two equal clusters.
  EXPECT_EQ(sub_bulk_sizes(10, {1, 1}), (std::vector<int>{5, 5}));
  EXPECT_EQ(sub_bulk_sizes(11, {1, 1}), (std::vector<int>{6, 5}));
  EXPECT_EQ(sub_bulk_sizes(9, {0, 1}), (std::vector<int>{0, 9}));
  EXPECT_EQ(sub_bulk_sizes(0, {1, 2}), (std::vector<int>{0, 0}));
}

TEST(DianaPriorityQueue, HigherPriorityFirstFcfsAmongEquals)
{
  PriorityQueue q;
  q.push(10, 0);
  q.push(11, 0);
  q.push(12, 1);
  q.push(13, 0);
  EXPECT_EQ(q.in_order(), (std::vector<JobId>{12, 10, 11, 13}));
  EXPECT_EQ(q.front(), 12);
  EXPECT_EQ(q.jobs_ahead(11), 2);
  EXPECT_EQ(q.jobs_ahead(12), 0);
  EXPECT_EQ(q.jobs_ahead_of_newcomer(0), 4);
  EXPECT_EQ(q.jobs_ahead_of_newcomer(1), 1);
  EXPECT_EQ(q.jobs_ahead_of_newcomer(2), 0);
  EXPECT_TRUE(q.remove(10));
  EXPECT_FALSE(q.remove(10));
  EXPECT_EQ(q.jobs_ahead(13), 2);
  EXPECT_EQ(q.priority(12), 1);
  // A migrated job arrives with its priority raised: ahead of the equals it would otherwise join behind.
  q.push(14, 1);
  EXPECT_EQ(q.in_order(), (std::vector<JobId>{12, 14, 11, 13}));
}

TEST(DianaPriorityQueue, NextAfterGoesRoundInServiceOrderEvenPastJobsThatLeft)
{
  PriorityQueue q;
  for (JobId id : {12, 14})
    q.push(id, 1);
  for (JobId id : {11, 13})
    q.push(id, 0);
  auto all = [](JobId) { return true; };
  EXPECT_EQ(q.next_after(std::nullopt, all), 12);
  EXPECT_EQ(q.next_after(q.position(14), all), 11);
  EXPECT_EQ(q.next_after(q.position(13), all), 12) << "wraps around";
  EXPECT_EQ(q.next_after(q.position(13), [](JobId id) { return id != 12; }), 14);
  auto eleven = q.position(11);
  q.remove(11);
  EXPECT_EQ(q.next_after(eleven, all), 13) << "the place of a job that left still counts";
  EXPECT_FALSE(q.next_after(eleven, [](JobId) { return false; }).has_value());
  EXPECT_EQ(q.jobs_ahead(13), 2);
}
