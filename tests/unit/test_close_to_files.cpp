#include "policies/common/CloseToFiles.hpp"
#include "policies/common/PlacementRule.hpp"

#include <gtest/gtest.h>

using namespace coalsim;

namespace {
/** Transfer estimates from a table: seconds per byte between clusters. */
class TableEstimator : public TransferEstimator {
public:
  explicit TableEstimator(std::vector<std::vector<double>> seconds_per_byte) : table_(std::move(seconds_per_byte)) {}
  double estimate(ClusterIndex from, ClusterIndex to, double bytes) const override { return table_[from][to] * bytes; }

private:
  std::vector<std::vector<double>> table_;
};

GridView view_of(const std::vector<std::string>& names, const std::vector<int>& idle, const TransferEstimator& t)
{
  std::vector<ClusterState> states;
  for (size_t i = 0; i < names.size(); ++i)
    states.push_back({static_cast<ClusterIndex>(i), names[i], names[i], 64, idle[i], true});
  return GridView(0, states, t);
}

JobSpec job_with_file(std::vector<int> sizes, std::vector<ClusterIndex> replicas)
{
  JobSpec job;
  job.type = RequestType::unordered;
  for (int s : sizes)
    job.components.push_back({s, no_cluster});
  job.file = InputFile{"f", 1e9, replicas};
  return job;
}
} // namespace

TEST(CloseToFiles, FileSiteWithRoomComesFirstInAlphabeticalOrder)
{
  TableEstimator t({{0, 1, 1}, {1, 0, 1}, {1, 1, 0}});
  std::vector<std::string> names = {"zeta", "alpha", "mid"};
  CloseToFiles cf(names, CloseToFiles::InitialHistory::all_pairs);
  auto view             = view_of(names, {40, 40, 40}, t);
  std::vector<int> idle = view.idle_counts();
  auto placed           = cf.place(job_with_file({16}, {0, 1}), idle, view);
  ASSERT_TRUE(placed.has_value());
  EXPECT_EQ((*placed)[0].cluster, 1); // "alpha" before "zeta"
  EXPECT_EQ((*placed)[0].file_site, 1);
  EXPECT_EQ(idle[1], 24);
}

TEST(CloseToFiles, HistoryPairWithSmallestTransferTimeWhenFileSitesAreFull)
{
  // The file is only at cluster 0, which is full; cluster 2 is closer to it than cluster 1.
  TableEstimator t({{0, 5e-8, 1e-8}, {5e-8, 0, 1e-8}, {1e-8, 1e-8, 0}});
  std::vector<std::string> names = {"a", "b", "c"};
  CloseToFiles cf(names, CloseToFiles::InitialHistory::all_pairs);
  auto view             = view_of(names, {2, 40, 40}, t);
  std::vector<int> idle = view.idle_counts();
  auto placed           = cf.place(job_with_file({16}, {0}), idle, view);
  ASSERT_TRUE(placed.has_value());
  EXPECT_EQ((*placed)[0].cluster, 2);
  EXPECT_EQ((*placed)[0].file_site, 0);
}

TEST(CloseToFiles, FailsWhenNoPairOfTheHistoryFits)
{
  TableEstimator t({{0, 1e-8}, {1e-8, 0}});
  std::vector<std::string> names = {"a", "b"};
  CloseToFiles empty(names, CloseToFiles::InitialHistory::empty);
  auto view             = view_of(names, {2, 40}, t);
  std::vector<int> idle = view.idle_counts();
  // The file site is full and an empty history offers no pair: the job cannot be placed (line 15).
  EXPECT_FALSE(empty.place(job_with_file({16}, {0}), idle, view).has_value());
  EXPECT_TRUE(empty.history().empty());
  EXPECT_EQ(idle, (std::vector<int>{2, 40}));
}

TEST(CloseToFiles, FailsWhenNoExecutionSiteOfAFullHistoryHasRoom)
{
  // All nine pairs are in H, but a (the file site) is one processor short, b has too few, and c, with
  // plenty, is marked unusable after consecutive errors (line 15).
  TableEstimator t({{0, 1e-8, 1e-8}, {1e-8, 0, 1e-8}, {1e-8, 1e-8, 0}});
  std::vector<std::string> names = {"a", "b", "c"};
  CloseToFiles cf(names, CloseToFiles::InitialHistory::all_pairs);
  std::vector<ClusterState> states = view_of(names, {15, 10, 40}, t).clusters();
  states[2].usable                 = false;
  GridView view(0, states, t);
  // idle_counts() would show c as 0: CF must skip an unusable site even when the caller's counts do not.
  std::vector<int> idle = {15, 10, 40};
  EXPECT_FALSE(cf.place(job_with_file({16}, {0}), idle, view).has_value());
  EXPECT_EQ(idle, (std::vector<int>{15, 10, 40}));
  EXPECT_EQ(cf.history().size(), 9u);
}

TEST(CloseToFiles, JobWhoseLaterComponentFitsNowhereTakesNoProcessors)
{
  // The 16 (placed first, line 1) takes a's room; the 12 then fits neither a (4 left) nor b (10): the job
  // fails, and the 16 must not stay taken in the caller's idle counts.
  TableEstimator t({{0, 1e-8}, {1e-8, 0}});
  std::vector<std::string> names = {"a", "b"};
  CloseToFiles cf(names, CloseToFiles::InitialHistory::all_pairs);
  auto view             = view_of(names, {20, 10}, t);
  std::vector<int> idle = view.idle_counts();
  EXPECT_FALSE(cf.place(job_with_file({12, 16}, {0}), idle, view).has_value());
  EXPECT_EQ(idle, (std::vector<int>{20, 10}));
  // Alone, the 12 fits: it was the 16 before it that left no room.
  auto placed = cf.place(job_with_file({12}, {0}), idle, view);
  ASSERT_TRUE(placed.has_value());
  EXPECT_EQ((*placed)[0].cluster, 0);
}

TEST(CloseToFiles, HistoryUpdateInsertsThePairsOfTheChosenSiteWithEveryFileSite)
{
  TableEstimator t({{0, 1e-8, 1e-8}, {1e-8, 0, 1e-8}, {1e-8, 1e-8, 0}});
  std::vector<std::string> names = {"a", "b", "c"};
  CloseToFiles cf(names, std::set<CloseToFiles::Pair>{{1, 0}});
  auto view             = view_of(names, {4, 40, 4}, t); // both file sites (a, c) are too small
  std::vector<int> idle = view.idle_counts();
  auto placed           = cf.place(job_with_file({16}, {0, 2}), idle, view);
  ASSERT_TRUE(placed.has_value());
  EXPECT_EQ((*placed)[0].cluster, 1);
  EXPECT_EQ((*placed)[0].file_site, 0);
  EXPECT_EQ(cf.history(), (std::set<CloseToFiles::Pair>{{1, 0}, {1, 2}})); // lines 12-13
}

TEST(CloseToFiles, AFailedTryIsRememberedUntilTheHistoryHoldsEveryPair)
{
  // H lacks only (b, c). J = {16, 16}, file on a and c, both too small: the first 16 goes to b through (b, a) and
  // adds (b, c); the second fits nowhere. The failed try keeps (b, c): H is then whole, and a failed try can add
  // nothing more (GridBackfilling need not ask the rule about a job that no placement fits).
  TableEstimator t({{0, 1e-8, 1e-8}, {1e-8, 0, 1e-8}, {1e-8, 1e-8, 0}});
  std::vector<std::string> names = {"a", "b", "c"};
  std::set<CloseToFiles::Pair> all_but_one;
  for (ClusterIndex e = 0; e < 3; ++e)
    for (ClusterIndex f = 0; f < 3; ++f)
      if (e != 1 || f != 2)
        all_but_one.insert({e, f});
  CloseToFiles cf(names, all_but_one);
  EXPECT_TRUE(cf.remembers_failed_tries());
  auto view             = view_of(names, {0, 20, 12}, t);
  std::vector<int> idle = view.idle_counts();
  EXPECT_FALSE(cf.place(job_with_file({16, 16}, {0, 2}), idle, view).has_value());
  EXPECT_EQ(cf.history().size(), 9u);
  EXPECT_FALSE(cf.remembers_failed_tries());
  EXPECT_FALSE(CloseToFiles(names, CloseToFiles::InitialHistory::all_pairs).remembers_failed_tries());
  EXPECT_TRUE(CloseToFiles(names, CloseToFiles::InitialHistory::empty).remembers_failed_tries());
}

TEST(CloseToFiles, JobWithoutFileIsPlacedByWorstFit)
{
  TableEstimator t({{0, 1}, {1, 0}});
  std::vector<std::string> names = {"a", "b"};
  CloseToFiles cf(names, CloseToFiles::InitialHistory::all_pairs);
  auto view             = view_of(names, {10, 30}, t);
  std::vector<int> idle = view.idle_counts();
  JobSpec job;
  job.components = {{8, no_cluster}};
  auto placed    = cf.place(job, idle, view);
  ASSERT_TRUE(placed.has_value());
  EXPECT_EQ((*placed)[0].cluster, 1);
  EXPECT_EQ((*placed)[0].file_site, no_cluster);
}

namespace {
/** The view with cluster `down` in an outage: not usable, not up, no idle processors. */
GridView with_down(const std::vector<std::string>& names, std::vector<int> idle, const TransferEstimator& t,
                   ClusterIndex down)
{
  std::vector<ClusterState> states;
  for (size_t i = 0; i < names.size(); ++i) {
    bool is_down = static_cast<ClusterIndex>(i) == down;
    states.push_back(
        {static_cast<ClusterIndex>(i), names[i], names[i], 64, is_down ? 0 : idle[i], not is_down, not is_down});
  }
  return GridView(0, states, t);
}
} // namespace

TEST(CloseToFiles, ReplicaOnAClusterThatIsDownIsNeitherPickedNorPaired)
{
  // Replicas at alpha (1, down) and zeta (0, full): without the outage CF would run at alpha with its own
  // file; now the pair (mid, zeta) is the only one whose file can be read, though (mid, alpha) is faster.
  TableEstimator t({{0, 1, 5}, {1, 0, 1}, {5, 1, 0}});
  std::vector<std::string> names = {"zeta", "alpha", "mid"};
  CloseToFiles cf(names, CloseToFiles::InitialHistory::all_pairs);
  auto view             = with_down(names, {0, 40, 40}, t, 1);
  std::vector<int> idle = view.idle_counts();
  auto placed           = cf.place(job_with_file({16}, {0, 1}), idle, view);
  ASSERT_TRUE(placed.has_value());
  EXPECT_EQ((*placed)[0].cluster, 2);
  EXPECT_EQ((*placed)[0].file_site, 0);
}

TEST(CloseToFiles, JobWhoseEveryReplicaIsDownIsNotPlacedAndTakesNothing)
{
  TableEstimator t({{0, 1, 1}, {1, 0, 1}, {1, 1, 0}});
  std::vector<std::string> names = {"zeta", "alpha", "mid"};
  CloseToFiles cf(names, CloseToFiles::InitialHistory::all_pairs);
  auto view             = with_down(names, {40, 40, 40}, t, 1);
  std::vector<int> idle = view.idle_counts();
  EXPECT_FALSE(cf.place(job_with_file({16}, {1}), idle, view).has_value());
  EXPECT_EQ(idle, (std::vector<int>{40, 0, 40}));
  FitRule wf(fitting::Rule::worst_fit, false);
  EXPECT_FALSE(wf.place(job_with_file({16}, {1}), idle, view).has_value());
  EXPECT_EQ(idle, (std::vector<int>{40, 0, 40}));
  EXPECT_FALSE(file_readable(job_with_file({16}, {1}), view));
  EXPECT_TRUE(file_readable(job_with_file({16}, {1, 2}), view));
  JobSpec no_file = job_with_file({16}, {});
  no_file.file.reset();
  EXPECT_TRUE(file_readable(no_file, view));
}

TEST(NearestReplica, SkipsReplicasOnClustersThatAreDownButNotOnesMarkedUnusable)
{
  TableEstimator t({{0, 1, 9}, {1, 0, 1}, {9, 1, 0}});
  std::vector<std::string> names = {"c0", "c1", "c2"};
  auto job                       = job_with_file({8}, {0, 1});
  auto down                      = with_down(names, {8, 8, 8}, t, 1);
  EXPECT_EQ(nearest_replica(job, 2, down), 0) << "c1 is nearer to c2, but down";
  auto marked                      = view_of(names, {8, 8, 8}, t);
  std::vector<ClusterState> states = marked.clusters();
  states[1].usable                 = false; // marked unusable after consecutive errors: its file server still serves
  EXPECT_EQ(nearest_replica(job, 2, GridView(0, states, t)), 1);
  EXPECT_EQ(nearest_replica(job_with_file({8}, {1}), 2, down), no_cluster);
}
