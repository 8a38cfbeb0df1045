/* Libra's arithmetic (budget check, minimum share, node admission, node choice) and the policy's decisions
 * with hand-written engine interfaces (PBS-Libra report, 5.1.1 and 6.2). */
#include "FakeControl.hpp"
#include "PolicyTestKit.hpp"
#include "policies/libra/BudgetCheck.hpp"
#include "policies/libra/LibraPolicy.hpp"
#include "policies/libra/MinimumShare.hpp"
#include "policies/libra/NodeAdmission.hpp"
#include "policies/libra/NodeChoice.hpp"

#include <gtest/gtest.h>

using namespace coalsim;
using namespace coalsim::libra;
using coalsim::testing::FakeControl;
using coalsim::testing::view_at;

TEST(LibraBudget, CostIsAEPlusBEOverD)
{
  CostModel model{2, 10};
  EXPECT_DOUBLE_EQ(model.cost(100, 200), 2 * 100 + 10 * 100 / 200.0); // 205
  JobSpec job;
  job.submit_time = 50;
  job.estimate    = 100;
  job.deadline    = 250; // 200 s after the submission
  EXPECT_DOUBLE_EQ(model.cost_of(job), 205.0);
  // A shorter deadline costs more (the urgency term).
  EXPECT_GT(model.cost(100, 100), model.cost(100, 200));
}

TEST(LibraBudget, BudgetMustCoverTheCost)
{
  EXPECT_TRUE(within_budget(205, 205));
  EXPECT_FALSE(within_budget(204.99, 205));
  EXPECT_TRUE(within_budget(1e9, 205));
  EXPECT_TRUE(within_budget(NAN, 205)); // no budget given: not limited
}

TEST(LibraShare, WorkedExampleOfSection62IsOneThird)
{
  // 20 of 30 CPU seconds done in 20 s, deadline 50 s: (30 - 20) / (50 - 20).
  EXPECT_DOUBLE_EQ(minimum_share(30, 20, 50, 20), 1.0 / 3);
  // A new job needs E / D; 5.1.1.3's example: 2 CPU-hours left in 4 hours need half the CPU.
  EXPECT_DOUBLE_EQ(minimum_share(30, 0, 60, 0), 0.5);
  EXPECT_DOUBLE_EQ(minimum_share(2 * 3600, 0, 4 * 3600, 0), 0.5);
}

TEST(LibraShare, PastItsEstimateOrDeadlineOrNeedingMoreThanACoreAJobGetsOne)
{
  EXPECT_DOUBLE_EQ(minimum_share(30, 30, 50, 20), 1.0); // estimate used up, not finished
  EXPECT_DOUBLE_EQ(minimum_share(30, 35, 50, 40), 1.0); // past its estimate
  EXPECT_DOUBLE_EQ(minimum_share(30, 20, 50, 50), 1.0); // at its deadline
  EXPECT_DOUBLE_EQ(minimum_share(30, 10, 50, 40), 1.0); // 20 s of CPU in 10 s: more than a core
  // Nearly done (a rounding error of the CPU time left): at least smallest_share, which SimGrid still runs.
  EXPECT_DOUBLE_EQ(minimum_share(30, 30 - 1e-9, 50, 20), smallest_share);
  EXPECT_DOUBLE_EQ(minimum_share(30, 29.999, 1e6, 20), smallest_share);
}

TEST(LibraShare, OverranMeansPastItsEstimateOrItsDeadlineOnly)
{
  EXPECT_TRUE(overran(30, 30, 50, 20));  // estimate used up, not finished
  EXPECT_TRUE(overran(30, 35, 50, 40));  // past its estimate
  EXPECT_TRUE(overran(30, 20, 50, 50));  // at its deadline
  EXPECT_FALSE(overran(30, 10, 50, 40)); // behind (needs more than a core) but neither
  EXPECT_FALSE(overran(30, 20, 50, 20));
}

TEST(LibraShare, JobPastItsEstimateRunsOnWhatItsNeighboursLeave)
{
  // One core: a neighbour promised 0.5 keeps it; the overrunning job gets the other half, not a whole core's
  // weight (which would give the neighbour 0.5 / 1.5 = 1/3 of the core).
  EXPECT_EQ(node_weights({0.5, 1.0}, {false, true}, 1, Overrun::leftover), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(node_weights({0.5, 1.0}, {false, true}, 1, Overrun::whole_core), (std::vector<double>{0.5, 1.0}));
  // Two overrunning jobs split the leftover; a job being admitted (reserved) is promised its share too.
  EXPECT_EQ(node_weights({0.2, 1.0, 1.0}, {false, true, true}, 1, Overrun::leftover),
            (std::vector<double>{0.2, 0.4, 0.4}));
  EXPECT_EQ(node_weights({0.25, 1.0}, {false, true}, 1, Overrun::leftover, 0.5), (std::vector<double>{0.25, 0.25}));
  // At most a core on a two-core node; at least smallest_share on a node its neighbours fill.
  EXPECT_EQ(node_weights({0.5, 1.0}, {false, true}, 2, Overrun::leftover), (std::vector<double>{0.5, 1.0}));
  EXPECT_EQ(node_weights({1.0, 1.0}, {false, true}, 1, Overrun::leftover), (std::vector<double>{1.0, smallest_share}));
  // No job overran: every job gets its minimum share, whatever the rule.
  EXPECT_EQ(node_weights({0.3, 0.6}, {false, false}, 1, Overrun::leftover), (std::vector<double>{0.3, 0.6}));
}

TEST(LibraAdmission, NodeAcceptsUpToExactlyItsCapacity)
{
  // Shares summing to exactly 1 fit; a little more does not.
  NodeLoad full = admit({0.5, 0.25}, 0.25, 1, Sharing::proportional);
  EXPECT_TRUE(full.accepts);
  EXPECT_DOUBLE_EQ(full.load, 1.0);
  EXPECT_FALSE(admit({0.5, 0.25}, 0.2500001, 1, Sharing::proportional).accepts);
  // 6.2's running job at 1/3 with a new job of 2/3: sums to 1 up to rounding, and fits.
  EXPECT_TRUE(admit({1.0 / 3}, 2.0 / 3, 1, Sharing::proportional).accepts);
  EXPECT_TRUE(admit({1.0 / 3, 1.0 / 3}, 1.0 / 3, 1, Sharing::proportional).accepts);
  // An empty node takes any job that needs at most one core.
  NodeLoad empty = admit({}, 0.4, 1, Sharing::proportional);
  EXPECT_TRUE(empty.accepts);
  EXPECT_DOUBLE_EQ(empty.load, 0.4);
  // A two-core node takes shares summing to 2; its load is a fraction of both cores.
  NodeLoad two = admit({0.9, 0.6}, 0.5, 2, Sharing::proportional);
  EXPECT_TRUE(two.accepts);
  EXPECT_DOUBLE_EQ(two.load, 1.0);
  EXPECT_FALSE(admit({0.9, 0.6}, 0.6, 2, Sharing::proportional).accepts);
}

TEST(LibraAdmission, EqualSlicesAcceptWhenNTimesTheLargestShareFits)
{
  // Three jobs of shares 0.3, 0.2 and 0.3 get a third each: 3 x 0.3 = 0.9 fits.
  NodeLoad fits = admit({0.3, 0.2}, 0.3, 1, Sharing::equal_slices);
  EXPECT_TRUE(fits.accepts);
  EXPECT_DOUBLE_EQ(fits.load, 0.9);
  // With a new job of 0.4 the shares sum to 0.9 (proportional sharing takes it) but a third is less than 0.4.
  EXPECT_TRUE(admit({0.3, 0.2}, 0.4, 1, Sharing::proportional).accepts);
  EXPECT_FALSE(admit({0.3, 0.2}, 0.4, 1, Sharing::equal_slices).accepts);
  // A running job's share, not only the new one's, can be the largest: 3 x 0.35 > 1.
  EXPECT_FALSE(admit({0.35, 0.1}, 0.1, 1, Sharing::equal_slices).accepts);
  EXPECT_TRUE(admit({0.25, 0.25, 0.25}, 0.25, 1, Sharing::equal_slices).accepts); // 4 x 1/4: exactly full
  EXPECT_DOUBLE_EQ(equal_slice(3, 1), 1.0 / 3);
  EXPECT_DOUBLE_EQ(equal_slice(1, 2), 1.0); // a job runs on one core at most
  EXPECT_DOUBLE_EQ(equal_slice(3, 2), 2.0 / 3);
}

TEST(LibraNodeChoice, LeastLoadedAndBestFitAmongAcceptingNodes)
{
  std::vector<NodeLoad> answers{{false, 0.1}, {true, 0.5}, {true, 0.8}, {true, 0.3}, {false, 1.2}};
  EXPECT_EQ(choose_node(answers, NodeChoice::least_loaded), std::optional<size_t>(3));
  EXPECT_EQ(choose_node(answers, NodeChoice::best_fit), std::optional<size_t>(2));
  EXPECT_EQ(choose_node({{false, 0}, {false, 0}}, NodeChoice::least_loaded), std::nullopt);
  // Ties go to the first node.
  EXPECT_EQ(choose_node({{true, 0.5}, {true, 0.5}}, NodeChoice::least_loaded), std::optional<size_t>(0));
  EXPECT_EQ(choose_node({{true, 0.5}, {true, 0.5}}, NodeChoice::best_fit), std::optional<size_t>(0));
}

namespace {
JobSpec libra_job(JobId id, double submit, double estimate, double relative_deadline, double budget = NAN)
{
  JobSpec job;
  job.id               = id;
  job.type             = RequestType::unordered;
  job.components       = {{1, no_cluster}};
  job.total_processors = 1;
  job.submit_time      = submit;
  job.runtime          = estimate;
  job.estimate         = estimate;
  job.deadline         = submit + relative_deadline;
  job.budget           = budget;
  return job;
}

/** Two one-core nodes on cluster 0. */
std::vector<LibraPolicy::Node> two_nodes()
{
  return {{0, 0, 1}, {0, 1, 1}};
}

/** Submits `job` at its submit time and returns the policy's decisions. */
Decisions arrive(LibraPolicy& policy, FakeControl& control, const JobSpec& job)
{
  control.time = job.submit_time;
  policy.on_job_submitted(job);
  return policy.decide(view_at(control.time, {2}));
}
} // namespace

TEST(LibraPolicy, BudgetBelowTheCostIsRejectedAndACoveredJobIsCharged)
{
  LibraPolicy::Settings settings;
  settings.cost = {1, 100}; // cost = E + 100 E / D
  LibraPolicy policy(settings, two_nodes());
  FakeControl control(policy, {2});
  JobSpec poor = libra_job(1, 0, 30, 60, 79.99); // cost 30 + 50 = 80
  JobSpec rich = libra_job(2, 0, 30, 60, 80);
  Decisions d  = arrive(policy, control, poor);
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_EQ(d.rejections[0].reason, reasons::budget);
  EXPECT_FALSE(d.rejections[0].failed);
  EXPECT_TRUE(d.placements.empty());
  EXPECT_DOUBLE_EQ(control.economy.at(1).cost, 80.0); // the cost is reported; the engine charges accepted jobs
  d = arrive(policy, control, rich);
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_DOUBLE_EQ(control.economy.at(2).cost, 80.0);
  EXPECT_DOUBLE_EQ(control.economy.at(2).load, 0.5); // its node's load with it: 30 / 60
}

TEST(LibraPolicy, PlacesTheNewJobOnAHostAtItsShareEOverD)
{
  LibraPolicy policy({}, two_nodes());
  FakeControl control(policy, {2});
  Decisions d = arrive(policy, control, libra_job(1, 10, 30, 120));
  ASSERT_EQ(d.placements.size(), 1u);
  ASSERT_EQ(d.placements[0].components.size(), 1u);
  const ComponentPlacement& c = d.placements[0].components[0];
  EXPECT_EQ(c.cluster, 0);
  EXPECT_EQ(c.host, 0);
  EXPECT_EQ(c.processors, 1);
  EXPECT_DOUBLE_EQ(c.share, 0.25);
  EXPECT_EQ(d.placements[0].claiming, Claiming::immediate);
}

TEST(LibraPolicy, RunningJobNeedsItsRemainingWorkOverItsRemainingTimeAndTheNodeSetsIt)
{
  // 6.2's example on a single node: job 1 (E 30, D 50) has done 20 CPU s in 20 s, so it needs 1/3. A job needing
  // 2/3 fits exactly; the node first sets job 1's share to 1/3. A third job, needing any more, finds no node.
  LibraPolicy policy({}, {{0, 0, 1}});
  FakeControl control(policy, {1});
  JobSpec first = libra_job(1, 0, 30, 50);
  ASSERT_EQ(arrive(policy, control, first).placements.size(), 1u);
  policy.on_run_started(first);
  control.progresses[1] = {20, 20};
  control.time          = 20;
  EXPECT_DOUBLE_EQ(policy.shares_needed(0).at(0), 1.0 / 3);
  Decisions d = arrive(policy, control, libra_job(2, 20, 20, 30)); // 20 / 30 = 2/3
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_DOUBLE_EQ(d.placements[0].components[0].share, 2.0 / 3);
  ASSERT_EQ(control.shares_set.size(), 1u);
  EXPECT_EQ(std::get<0>(control.shares_set[0]), 1);
  EXPECT_EQ(std::get<1>(control.shares_set[0]), 0u);
  EXPECT_DOUBLE_EQ(std::get<2>(control.shares_set[0]), 1.0 / 3);
  d = arrive(policy, control, libra_job(3, 20, 1, 100)); // 0.01 more
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_EQ(d.rejections[0].reason, reasons::no_node);
  EXPECT_TRUE(d.placements.empty());
  EXPECT_DOUBLE_EQ(control.economy.at(3).load, 1.0 / 3 + 2.0 / 3 + 0.01); // the least any node would carry
}

TEST(LibraPolicy, LeastLoadedSpreadsAndBestFitPacks)
{
  // Jobs needing 0.5 then 0.25: least loaded puts the second on the empty node (0.25 < 0.75), best fit on the
  // first (0.75 > 0.25).
  for (auto [choice, host] : {std::pair{NodeChoice::least_loaded, 1}, std::pair{NodeChoice::best_fit, 0}}) {
    LibraPolicy::Settings settings;
    settings.choice = choice;
    LibraPolicy policy(settings, two_nodes());
    FakeControl control(policy, {2});
    Decisions first = arrive(policy, control, libra_job(1, 0, 30, 60));
    ASSERT_EQ(first.placements.size(), 1u);
    EXPECT_EQ(first.placements[0].components[0].host, 0);
    Decisions second = arrive(policy, control, libra_job(2, 0, 10, 40));
    ASSERT_EQ(second.placements.size(), 1u);
    EXPECT_EQ(second.placements[0].components[0].host, host) << (host ? "least_loaded" : "best_fit");
  }
}

TEST(LibraPolicy, EqualSlicesGiveEveryJobOfANodeTheSameShare)
{
  // Equal slices on one node: a job needing 0.3, then one needing 0.2: both get 1/2 (the running one is set to
  // it). A third needing 0.4 is refused (3 x 0.4 > 1) though the shares sum to 0.9.
  LibraPolicy::Settings settings;
  settings.sharing = Sharing::equal_slices;
  LibraPolicy policy(settings, {{0, 0, 1}});
  FakeControl control(policy, {1});
  JobSpec first = libra_job(1, 0, 30, 100);
  Decisions d   = arrive(policy, control, first);
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_DOUBLE_EQ(d.placements[0].components[0].share, 1.0);
  policy.on_run_started(first);
  control.progresses[1] = {0, 0};
  d                     = arrive(policy, control, libra_job(2, 0, 20, 100));
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_DOUBLE_EQ(d.placements[0].components[0].share, 0.5);
  ASSERT_EQ(control.shares_set.size(), 1u);
  EXPECT_DOUBLE_EQ(std::get<2>(control.shares_set[0]), 0.5);
  d = arrive(policy, control, libra_job(3, 0, 40, 100));
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_EQ(d.rejections[0].reason, reasons::no_node);
}

TEST(LibraPolicy, JobEndRecomputesTheSharesOfItsNodeAtTheNextDecision)
{
  // Two jobs on one node (E 30, D 60 and E 10, D 40); the second ends at 30 s, when the first has done 20 CPU s:
  // at the next decision it is set to (30 - 20) / (60 - 30) = 1/3.
  LibraPolicy policy({}, {{0, 0, 1}});
  FakeControl control(policy, {1});
  JobSpec a = libra_job(1, 0, 30, 60), b = libra_job(2, 0, 10, 40);
  arrive(policy, control, a);
  arrive(policy, control, b);
  policy.on_run_started(a);
  policy.on_run_started(b);
  control.time = 30;
  policy.on_run_ended(b);
  control.progresses[1] = {20, 30};
  policy.decide(view_at(30, {1}));
  ASSERT_EQ(control.shares_set.size(), 1u);
  EXPECT_EQ(std::get<0>(control.shares_set[0]), 1);
  EXPECT_DOUBLE_EQ(std::get<2>(control.shares_set[0]), 1.0 / 3);
}

TEST(LibraPolicy, IntervalRecomputationWakesEveryIntervalWhileJobsRun)
{
  LibraPolicy::Settings settings;
  settings.when     = LibraPolicy::Recompute::interval;
  settings.interval = 10;
  LibraPolicy policy(settings, {{0, 0, 1}});
  FakeControl control(policy, {1});
  JobSpec a = libra_job(1, 0, 30, 60);
  arrive(policy, control, a);
  policy.on_run_started(a);
  ASSERT_EQ(control.wakes.size(), 1u);
  EXPECT_DOUBLE_EQ(control.wakes.begin()->first, 10.0);
  control.progresses[1] = {10, 10}; // at 10 s: (30 - 10) / (60 - 10) = 0.4
  control.run_until(10);
  ASSERT_EQ(control.shares_set.size(), 1u);
  EXPECT_DOUBLE_EQ(std::get<2>(control.shares_set[0]), 0.4);
  ASSERT_EQ(control.wakes.size(), 1u); // and again at 20 s
  EXPECT_DOUBLE_EQ(control.wakes.begin()->first, 20.0);
  control.time = 15;
  policy.on_run_ended(a);
  control.run_until(20);
  EXPECT_EQ(control.shares_set.size(), 1u); // nothing runs: no share set, no further wake-up
  EXPECT_TRUE(control.wakes.empty());
}

TEST(LibraPolicy, ParallelJobsAndJobsWithoutADeadlineAheadAreRejected)
{
  LibraPolicy policy({}, two_nodes());
  FakeControl control(policy, {2});
  JobSpec parallel          = libra_job(1, 0, 30, 60);
  parallel.components       = {{2, no_cluster}};
  parallel.total_processors = 2;
  Decisions d               = arrive(policy, control, parallel);
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_EQ(d.rejections[0].reason, reasons::not_sequential);
  JobSpec late = libra_job(2, 0, 30, 60);
  control.time = 70; // decided after its deadline
  policy.on_job_submitted(late);
  d = policy.decide(view_at(70, {2}));
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_EQ(d.rejections[0].reason, reasons::no_deadline);
}

TEST(LibraPolicy, NodeNotDedicatedToLibraNeitherAcceptsNorCounts)
{
  // Node 0 runs other work (a local job): the tie of two empty nodes goes to node 1. Once node 1 is full, the
  // job is rejected and its least load is node 1's alone (1.5), not node 0's 0.5.
  LibraPolicy policy({}, two_nodes());
  FakeControl control(policy, {2});
  control.unshareable.insert({0, 0});
  Decisions d = arrive(policy, control, libra_job(1, 0, 30, 60));
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_EQ(d.placements[0].components[0].host, 1);
  ASSERT_EQ(arrive(policy, control, libra_job(2, 0, 30, 60)).placements.size(), 1u);
  d = arrive(policy, control, libra_job(3, 0, 30, 60));
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_EQ(d.rejections[0].reason, reasons::no_node);
  EXPECT_DOUBLE_EQ(control.economy.at(3).load, 1.5);
  control.unshareable.insert({0, 1}); // no node open at all: no load to report
  d = arrive(policy, control, libra_job(4, 0, 1, 60));
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_TRUE(std::isnan(control.economy.at(4).load));
}
