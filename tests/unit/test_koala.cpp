/* KOALA (Mohamed and Epema 2008): placement queues, Worst-Fit's replica choice, the claiming arithmetic (JCT, L), the
 * ICP threshold and the preemption order, each on hand-built inputs. */
#include "FakeControl.hpp"
#include "PolicyTestKit.hpp"
#include "policies/common/PlacementRule.hpp"
#include "policies/koala/ClaimingQueue.hpp"
#include "policies/koala/ClaimingTimes.hpp"
#include "policies/koala/IncrementalClaiming.hpp"
#include "policies/koala/KoalaPolicy.hpp"
#include "policies/koala/PlacementQueues.hpp"
#include "policies/koala/Preemption.hpp"
#include "policies/koala/TryIdleCounts.hpp"
#include "sim/config/InputError.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

using namespace coalsim;
using namespace coalsim::koala;

namespace {
class TableEstimator : public TransferEstimator {
public:
  explicit TableEstimator(std::vector<std::vector<double>> seconds) : table_(std::move(seconds)) {}
  double estimate(ClusterIndex from, ClusterIndex to, double) const override { return table_[from][to]; }

private:
  std::vector<std::vector<double>> table_;
};

GridView view_of(const std::vector<int>& idle, const TransferEstimator& t, double now = 0)
{
  return coalsim::testing::view_at(now, idle, t);
}

JobSpec job(JobId id, const std::vector<int>& sizes, std::vector<ClusterIndex> replicas = {},
            Priority p = Priority::high)
{
  JobSpec j = coalsim::testing::unordered(id, sizes);
  if (not replicas.empty())
    j.file = InputFile{"f", 1e9, replicas};
  j.priority = p;
  return j;
}

/** Placement `index` of `d` is job `id` with its first component on `cluster`. */
void expect_placed(const Decisions& d, size_t index, JobId id, ClusterIndex cluster)
{
  ASSERT_LT(index, d.placements.size());
  EXPECT_EQ(d.placements[index].job, id);
  EXPECT_EQ(d.placements[index].components[0].cluster, cluster);
}
} // namespace

TEST(KoalaWorstFit, LargestComponentOnMostIdleClusterWithTheNearestReplica)
{
  // From c0: 50 s to c1, 10 s to c2; from c2: 30 s to c1.
  TableEstimator t({{0, 50, 10}, {50, 0, 30}, {10, 30, 0}});
  auto view             = view_of({10, 40, 20}, t);
  auto j                = job(1, {8, 16}, {0, 2});
  std::vector<int> idle = view.idle_counts();
  auto placed           = FitRule(fitting::Rule::worst_fit, false).place(j, idle, view);
  ASSERT_TRUE(placed);
  // 16 goes to c1 (40 idle), then 8 to c1 again (24 left > 20).
  EXPECT_EQ((*placed)[1].cluster, 1);
  EXPECT_EQ((*placed)[0].cluster, 1);
  // Replicas at c0 and c2: c2 is nearer to c1 (30 s < 50 s).
  EXPECT_EQ((*placed)[1].file_site, 2);
  EXPECT_EQ(idle, (std::vector<int>{10, 16, 20}));
}

TEST(KoalaQueues, ScanPatternOfSection8OverSeveralScans)
{
  QueueSettings s;
  s.N_h = 1;
  s.N_l = 1;
  s.n   = {1, 2, 1, 1};
  PlacementQueues q(s);
  using P = Priority;
  EXPECT_EQ(q.pattern(), (std::vector<P>{P::super_high, P::high, P::high, P::low, P::super_low}));
  auto a = job(1, {1}), b = job(2, {1}), c = job(3, {1}), d = job(4, {1});
  q.push(a, P::super_high);
  q.push(b, P::high);
  q.push(c, P::low);
  q.push(d, P::super_low);
  std::vector<P> scans;
  for (int i = 0; i < 10; ++i)
    scans.push_back(*q.next_scan());
  EXPECT_EQ(scans, (std::vector<P>{P::super_high, P::high, P::high, P::low, P::super_low, P::super_high, P::high,
                                   P::high, P::low, P::super_low}));
}

TEST(KoalaQueues, EmptyQueuesPassTheirTurnAndHigherQueuesComeNh_TimesFirst)
{
  QueueSettings s;
  s.N_h = 2;
  s.N_l = 1;
  s.n   = {1, 1, 1, 1};
  PlacementQueues q(s);
  auto b = job(2, {1}), c = job(3, {1});
  q.push(b, Priority::high);
  q.push(c, Priority::low);
  std::vector<Priority> scans;
  for (int i = 0; i < 6; ++i)
    scans.push_back(*q.next_scan());
  // Pattern SH H SH H L SL: the empty super-high and super-low queues are passed over.
  EXPECT_EQ(scans, (std::vector<Priority>{Priority::high, Priority::high, Priority::low, Priority::high, Priority::high,
                                          Priority::low}));
  PlacementQueues empty(s);
  EXPECT_FALSE(empty.next_scan());
}

TEST(KoalaQueues, PromotionAfterEveryPTriesButNeverForSuperLow)
{
  QueueSettings s;
  s.promote_after = 2;
  PlacementQueues q(s);
  auto a = job(1, {1}), z = job(2, {1});
  q.push(a, Priority::low);
  q.push(z, Priority::super_low);
  EXPECT_FALSE(q.count_failed_try(q.queue(Priority::low).begin(), Priority::low));
  EXPECT_TRUE(q.count_failed_try(q.queue(Priority::low).begin(), Priority::low));
  ASSERT_EQ(q.queue(Priority::high).size(), 1u);
  EXPECT_EQ(q.queue(Priority::high).front().tries, 2);
  for (int i = 0; i < 4; ++i)
    EXPECT_FALSE(q.count_failed_try(q.queue(Priority::super_low).begin(), Priority::super_low));
  EXPECT_EQ(q.queue(Priority::super_low).size(), 1u);
}

TEST(KoalaQueues, LowJobIsPromotedTwiceToSuperHighAfter2PTriesAndStaysThere)
{
  QueueSettings s;
  s.promote_after = 3;
  PlacementQueues q(s);
  auto a = job(1, {1});
  q.push(a, Priority::low);
  auto fail_once = [&](Priority level) { return q.count_failed_try(q.queue(level).begin(), level); };
  for (int i = 0; i < 2; ++i)
    EXPECT_FALSE(fail_once(Priority::low));
  EXPECT_TRUE(fail_once(Priority::low)) << "P = 3 tries: low -> high";
  for (int i = 0; i < 2; ++i)
    EXPECT_FALSE(fail_once(Priority::high));
  EXPECT_TRUE(fail_once(Priority::high)) << "2P = 6 tries: high -> super-high";
  ASSERT_EQ(q.queue(Priority::super_high).size(), 1u);
  EXPECT_EQ(q.queue(Priority::super_high).front().level, Priority::super_high);
  EXPECT_EQ(q.queue(Priority::super_high).front().tries, 6);
  // Super-high is the top: further multiples of P move nothing.
  for (int i = 0; i < 6; ++i)
    EXPECT_FALSE(fail_once(Priority::super_high));
  EXPECT_EQ(q.queue(Priority::super_high).size(), 1u);
  EXPECT_EQ(q.size(), 1u);
}

TEST(KoalaPolicyTest, QueuedJobIsScannedOnlyAtScanTimesAndPlacedWithIncrementalClaiming)
{
  TableEstimator t({{0, 10}, {10, 0}});
  PolicyParameters parameters("koala", {});
  auto settings = KoalaSettings::read(parameters);
  KoalaPolicy policy(settings, std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
  coalsim::testing::FakeControl control(policy, {16, 4});
  auto j = job(1, {8}, {0});
  policy.on_job_submitted(j);
  auto d = policy.decide(view_of({4, 4}, t, 5)); // no room: queued
  EXPECT_TRUE(d.placements.empty());
  EXPECT_DOUBLE_EQ(d.wake_at, 60);
  d = policy.decide(view_of({16, 4}, t, 30)); // room, but no scan before t = 60
  EXPECT_TRUE(d.placements.empty());
  d = policy.decide(view_of({16, 4}, t, 60));
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_EQ(d.placements[0].claiming, Claiming::by_policy);
  EXPECT_DOUBLE_EQ(policy.L_of(1), 0.75);
  EXPECT_EQ(d.placements[0].components[0].cluster, 0);
}

TEST(KoalaPolicyTest, FailedJobIsPlacedAwayFromItsFailedClusterWhichOtherJobsStillSee)
{
  TableEstimator t({{0, 10}, {10, 0}});
  PolicyParameters parameters("koala", {});
  KoalaPolicy policy(KoalaSettings::read(parameters), std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
  coalsim::testing::FakeControl control(policy, {32, 16});
  auto failed = job(1, {8});
  policy.on_job_submitted(failed);
  auto d = policy.decide(view_of({32, 16}, t));
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_EQ(d.placements[0].components[0].cluster, 0); // worst fit
  control.place(d.placements[0], failed);
  control.end_attempt(1, AbortReason::component_failed, {0});
  auto next = job(2, {8});
  policy.on_job_submitted(next);
  // At the next scan: the failed job avoids cluster 0 although it has the most idle processors; the new
  // job, tried first on arrival, and later ones still see cluster 0's 32.
  d = policy.decide(view_of({32, 16}, t, 60));
  ASSERT_EQ(d.placements.size(), 2u);
  expect_placed(d, 0, 2, 0);
  expect_placed(d, 1, 1, 1);
  control.place_all(d, {{1, &failed}, {2, &next}});
  auto third = job(3, {16});
  control.end_attempt(1, AbortReason::component_failed, {1});
  policy.on_job_submitted(third);
  // Arrivals come before the scan, so the avoided cluster matters to a job placed after the failed one in
  // the same scan: job 4 queued behind job 1 must still find cluster 1's idle processors.
  auto blocked = job(4, {40});
  policy.on_job_submitted(blocked);
  d = policy.decide(view_of({8, 8}, t, 90)); // 3 and 4 do not fit: queued; no scan before 120
  EXPECT_TRUE(d.placements.empty());
  d = policy.decide(view_of({24, 24}, t, 120));
  // Queue order: 1 (returned first), 3, 4. Job 1 avoids cluster 1 -> cluster 0 (16 left); job 3 (16) then
  // goes to cluster 1, which must still show its 24.
  ASSERT_EQ(d.placements.size(), 2u);
  expect_placed(d, 0, 1, 0);
  expect_placed(d, 1, 3, 1);
}

TEST(KoalaPolicyTest, CompletedJobsAreForgottenAndAFailedRunGoesBackToItsQueue)
{
  TableEstimator t({{0, 10}, {10, 0}});
  PolicyParameters parameters("koala", {});
  KoalaPolicy policy(KoalaSettings::read(parameters), std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
  coalsim::testing::FakeControl control(policy, {32, 16});
  auto a = job(1, {8});
  auto b = job(2, {8}, {}, Priority::low);
  policy.on_job_submitted(a);
  policy.on_job_submitted(b);
  auto d = policy.decide(view_of({32, 16}, t));
  ASSERT_EQ(d.placements.size(), 2u);
  EXPECT_EQ(policy.remembered_jobs(), 2u);
  policy.on_job_started(a);
  policy.on_job_finished(a);
  EXPECT_EQ(policy.remembered_jobs(), 1u) << "a completed job stays in the policy's tables";
  // Job 2's run fails after it ran (a completion failure): it goes back to its own (low) queue.
  policy.on_job_started(b);
  EXPECT_TRUE(policy.on_job_failed(b));
  EXPECT_EQ(policy.waiting_jobs(), 1u);
  d = policy.decide(view_of({32, 16}, t, 60));
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_EQ(d.placements[0].job, 2);
  EXPECT_EQ(policy.level_of(2), Priority::low);
  policy.on_job_finished(b);
  EXPECT_EQ(policy.remembered_jobs(), 0u);
}

TEST(KoalaPolicyTest, IcpReplacesAnUnorderedComponentButNeverMovesAnOrderedOne)
{
  TableEstimator t({{0, 10}, {10, 0}});
  PolicyParameters parameters("koala", {});
  KoalaPolicy policy(KoalaSettings::read(parameters), std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
  auto view                      = view_of({0, 16}, t);
  auto free_job                  = job(1, {8});
  free_job.components[0].cluster = 0;
  auto moved                     = policy.replace_component(free_job, 0, view);
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->cluster, 1);
  EXPECT_EQ(moved->processors, 8);
  // The same component fixed by the user to cluster 0 stays there, although cluster 1 has room.
  auto fixed = coalsim::testing::ordered(2, {{0, 8}});
  EXPECT_FALSE(policy.replace_component(fixed, 0, view));
}

TEST(KoalaPolicyTest, JobOutOfClaimingTriesFailsAtTheNextDecisionAndIsNotPlacedAgain)
{
  TableEstimator t({{0, 100}, {100, 0}});
  PolicyParameters parameters("koala", {{"max_claiming_tries", {"3", "test.yaml:1"}}});
  KoalaPolicy policy(KoalaSettings::read(parameters), std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
  coalsim::testing::FakeControl control(policy, {0, 0}); // no claim can succeed
  control.transfers = &t;
  auto j            = job(1, {4}, {1});
  policy.on_job_submitted(j);
  auto d = policy.decide(view_of({8, 0}, t));
  ASSERT_EQ(d.placements.size(), 1u);
  control.place(d.placements[0], j); // FTT 100 s: JST 100, claiming tries at 75, 93.75, 98.4375 and 100
  control.run_until(99);
  EXPECT_TRUE(control.aborts.empty()) << "3 tries do not exceed max_claiming_tries = 3";
  control.run_until(100);
  ASSERT_EQ(control.aborts.size(), 1u) << "the policy counts the tries against its limit";
  EXPECT_EQ(control.aborts[0].second, AbortReason::given_up) << "the 4th try fails the job before its JST aborts it";
  EXPECT_EQ(control.metrics.at(1).claiming_tries, 4);
  EXPECT_EQ(policy.waiting_jobs(), 0u);
  d = policy.decide(view_of({8, 8}, t, 60));
  EXPECT_TRUE(d.placements.empty());
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_EQ(d.rejections[0].job, 1);
  EXPECT_TRUE(d.rejections[0].failed);
  EXPECT_EQ(d.rejections[0].reason, "claiming failed more than 3 times");
  d = policy.decide(view_of({8, 8}, t, 120));
  EXPECT_TRUE(d.placements.empty());
  EXPECT_TRUE(d.rejections.empty()) << "reported once";
}

TEST(KoalaPolicyTest, ClaimingTriesAreUnlimitedByDefaultAndABadLimitIsAnInputError)
{
  PolicyParameters parameters("koala", {});
  EXPECT_EQ(KoalaSettings::read(parameters).claiming.max_tries, 0);
  auto message_of = [](const std::string& value) {
    PolicyParameters bad("koala", {{"max_claiming_tries", {value, "exp.yaml:4"}}});
    try {
      KoalaSettings::read(bad);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(
      message_of("-1"),
      "Invalid parameter 'policy.max_claiming_tries' of policy 'koala' in exp.yaml:4: must be at least 0 (got '-1')");
  EXPECT_EQ(message_of("many"), "Invalid parameter 'policy.max_claiming_tries' of policy 'koala' in exp.yaml:4: "
                                "expected an integer (got 'many')");
}

TEST(KoalaPolicyTest, AFloorOfLAboveLIsAnInputError)
{
  PolicyParameters bad("koala", {{"L", {"0.5", "exp.yaml:4"}}, {"L_floor", {"0.6", "exp.yaml:5"}}});
  try {
    KoalaSettings::read(bad);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "Invalid parameter 'policy.L_floor' of policy 'koala' in exp.yaml:5: must not be above L: "
                           "lowering L would raise it (got '0.6')");
  }
  PolicyParameters equal("koala", {{"L", {"0.5", "exp.yaml:4"}}, {"L_floor", {"0.5", "exp.yaml:5"}}});
  EXPECT_DOUBLE_EQ(KoalaSettings::read(equal).L_floor, 0.5);
}

namespace {
/** KOALA with Worst-Fit and these parameters given as in an experiment file. */
std::unique_ptr<KoalaPolicy> koala_with(const std::map<std::string, std::string>& values)
{
  std::map<std::string, ParameterValue> given;
  for (const auto& [name, text] : values)
    given[name] = {text, "test.yaml:1"};
  PolicyParameters parameters("koala", given);
  return std::make_unique<KoalaPolicy>(KoalaSettings::read(parameters),
                                       std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
}

bool contains(const std::vector<JobId>& ids, JobId id)
{
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}
} // namespace

TEST(KoalaPolicyTest, JobFailsAtTheQueueTryThatExceedsMaxPlacementTriesTheArrivalTryNotCounted)
{
  // Section 5.2: a job fails when its placement tries in the queue exceed the limit; the try on arrival
  // (phase 1) comes before the job enters a queue.
  TableEstimator t({{0, 10}, {10, 0}});
  auto policy = koala_with({{"max_placement_tries", "2"}});
  coalsim::testing::FakeControl control(*policy, {});
  // Job 1, queued first, starts the scans (t = 0, 60, ...) and leaves at 60: job 2 arrives between two
  // scans, so its queue tries are exactly the scans at 60, 120 and 180.
  auto early = job(1, {8}), stuck = job(2, {40});
  policy->on_job_submitted(early);
  policy->decide(view_of({4, 4}, t, 0));
  policy->on_job_submitted(stuck);
  auto d = policy->decide(view_of({4, 4}, t, 30)); // arrival try: fails, not counted
  EXPECT_TRUE(d.placements.empty());
  EXPECT_FALSE(contains(d.not_placed, 2)) << "no scan before t = 60";
  d = policy->decide(view_of({16, 4}, t, 60)); // queue try 1
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_EQ(d.placements[0].job, 1);
  EXPECT_TRUE(contains(d.not_placed, 2));
  EXPECT_TRUE(d.rejections.empty());
  d = policy->decide(view_of({4, 4}, t, 90)); // between scans: no try
  EXPECT_TRUE(d.not_placed.empty());
  d = policy->decide(view_of({4, 4}, t, 120)); // queue try 2: at the limit, not over it
  EXPECT_TRUE(contains(d.not_placed, 2));
  EXPECT_TRUE(d.rejections.empty()) << "2 tries do not exceed max_placement_tries = 2";
  EXPECT_EQ(policy->waiting_jobs(), 1u);
  d = policy->decide(view_of({4, 4}, t, 180)); // queue try 3 exceeds the limit
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_EQ(d.rejections[0].job, 2);
  EXPECT_TRUE(d.rejections[0].failed) << "the job submission fails: a drop row, not a refusal";
  EXPECT_EQ(d.rejections[0].reason, "placement failed 3 times");
  EXPECT_EQ(policy->waiting_jobs(), 0u);
  EXPECT_TRUE(std::isnan(d.wake_at)) << "nothing left to scan";
  for (double now : {240.0, 300.0}) { // room at last: the failed job is gone for good
    d = policy->decide(view_of({64, 64}, t, now));
    EXPECT_TRUE(d.placements.empty());
    EXPECT_TRUE(d.rejections.empty()) << "reported once";
    EXPECT_TRUE(d.not_placed.empty());
  }
}

TEST(KoalaPolicyTest, JobArrivingWhenAScanIsDueIsNotScannedAgainInItsArrivalPass)
{
  // Queues idle since t = 0: the first decision, at 500, is both the job's arrival and a due scan. The
  // arrival try fails; scanning the job again on the same idle counts would be a second, hopeless try that
  // counts against the limit. Its queue tries are the scans at 540 and 600.
  TableEstimator t({{0, 10}, {10, 0}});
  auto policy = koala_with({{"max_placement_tries", "1"}});
  coalsim::testing::FakeControl control(*policy, {});
  auto stuck = job(1, {40});
  policy->on_job_submitted(stuck);
  auto d = policy->decide(view_of({4, 4}, t, 500));
  EXPECT_FALSE(contains(d.not_placed, 1)) << "tried on arrival only";
  EXPECT_DOUBLE_EQ(d.wake_at, 540);
  d = policy->decide(view_of({4, 4}, t, 540)); // queue try 1: at the limit
  EXPECT_TRUE(contains(d.not_placed, 1));
  EXPECT_TRUE(d.rejections.empty());
  d = policy->decide(view_of({4, 4}, t, 600)); // queue try 2 exceeds it
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_EQ(d.rejections[0].reason, "placement failed 2 times");
}

TEST(KoalaPolicyTest, WithoutAPlacementTriesLimitAJobWaitsThroughManyScansUntilThereIsRoom)
{
  TableEstimator t({{0, 10}, {10, 0}});
  auto policy = koala_with({});
  coalsim::testing::FakeControl control(*policy, {});
  auto big = job(1, {40});
  policy->on_job_submitted(big);
  auto d    = policy->decide(view_of({4, 4}, t, 0));
  int tries = 0;
  for (int scan = 1; scan <= 50; ++scan) {
    d = policy->decide(view_of({4, 4}, t, 60.0 * scan));
    tries += contains(d.not_placed, 1);
    ASSERT_TRUE(d.rejections.empty()) << "rejected at the scan at t = " << 60 * scan;
    EXPECT_DOUBLE_EQ(d.wake_at, 60.0 * (scan + 1));
  }
  EXPECT_EQ(tries, 50) << "scanned at every scan";
  EXPECT_EQ(policy->waiting_jobs(), 1u);
  d = policy->decide(view_of({48, 4}, t, 60.0 * 51));
  ASSERT_EQ(d.placements.size(), 1u);
  expect_placed(d, 0, 1, 0);
  EXPECT_EQ(policy->waiting_jobs(), 0u);
}

TEST(KoalaPolicyTest, LowJobPromotedTwiceIsScannedInTheTurnsOfTheHigherQueuesButSuperLowNeverMoves)
{
  // Pattern SH SH H SH SH H L SL (N_h = 2, n1 = 2): a job in the low queue gets one scan in eight, in the
  // high queue two, in the super-high queue four; P = 2.
  TableEstimator t({{0, 10}, {10, 0}});
  auto policy = koala_with({{"N_h", "2"}, {"n1", "2"}, {"promote_after", "2"}});
  coalsim::testing::FakeControl control(*policy, {});
  auto low = job(1, {40}, {}, Priority::low), super_low = job(2, {40}, {}, Priority::super_low);
  // The super-low job starts the scans on the minute grid; the low job arrives between two scans.
  policy->on_job_submitted(super_low);
  policy->decide(view_of({4, 4}, t, 0));
  policy->on_job_submitted(low);
  policy->decide(view_of({4, 4}, t, 30));
  std::vector<JobId> scanned;
  for (int scan = 1; scan <= 12; ++scan) {
    auto d = policy->decide(view_of({4, 4}, t, 60.0 * scan));
    ASSERT_EQ(d.not_placed.size(), 1u) << "one queue, one job per scan";
    scanned.push_back(d.not_placed[0]);
  }
  // Low (tries 1, 2: promoted), high (3, 4: promoted), super-high (5-8); job 2 keeps its one turn in eight.
  EXPECT_EQ(scanned, (std::vector<JobId>{1, 2, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2}));
  auto d = policy->decide(view_of({48, 48}, t, 60.0 * 13)); // the super-high queue's turn
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_EQ(d.placements[0].job, 1);
  EXPECT_EQ(policy->level_of(1), Priority::super_high) << "claims, and may preempt, as super-high";
  d = policy->decide(view_of({48, 48}, t, 60.0 * 14)); // the super-low queue's turn, after 9 tries
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_EQ(d.placements[0].job, 2);
  EXPECT_EQ(policy->level_of(2), Priority::super_low);
}

TEST(KoalaClaiming, JctSequenceApproachesTheJstAndEndsAtIt)
{
  // JPT = 100, FTT = 400, L = 0.75: JCT_0 = 400, then 475, 493.75, 498.4375; the next, 499.6, falls within
  // min_step = 1 s of the JST, so that try is made at the JST itself.
  double jst = 500;
  double jct = claiming::initial_time(100, 400, 0.75);
  EXPECT_DOUBLE_EQ(jct, 400);
  std::vector<double> seq;
  while (jct < jst) {
    jct = claiming::next_time(jct, jst, 0.75, 1.0);
    seq.push_back(jct);
  }
  EXPECT_EQ(seq, (std::vector<double>{475, 493.75, 498.4375, 500}));
  // L = 0: claim at the JPT, then at the JST.
  EXPECT_DOUBLE_EQ(claiming::initial_time(100, 400, 0), 100);
  EXPECT_DOUBLE_EQ(claiming::next_time(100, 500, 0, 1), 101);
}

TEST(KoalaClaiming, LIsLoweredByItsStepDownToItsFloorEachTimeTheJstIsReached)
{
  EXPECT_DOUBLE_EQ(claiming::lowered(0.75, 0.25, 0), 0.5);
  EXPECT_DOUBLE_EQ(claiming::lowered(0.1, 0.25, 0), 0);
  EXPECT_DOUBLE_EQ(claiming::lowered(0.5, 0.25, 0.4), 0.4);
  TableEstimator t({{0, 10}, {10, 0}});
  PolicyParameters parameters("koala", {});
  auto settings = KoalaSettings::read(parameters);
  KoalaPolicy policy(settings, std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
  coalsim::testing::FakeControl control(policy, {8, 8});
  auto j = job(1, {4});
  policy.on_job_submitted(j);
  auto d = policy.decide(view_of({8, 8}, t));
  ASSERT_EQ(d.placements.size(), 1u);
  control.place(d.placements[0], j);
  control.end_attempt(1, AbortReason::claim_deadline);
  EXPECT_DOUBLE_EQ(policy.L_of(1), 0.5);
  std::vector<AbortReason> reasons = {AbortReason::preempted, AbortReason::claim_deadline, AbortReason::claim_deadline,
                                      AbortReason::claim_deadline};
  std::vector<double> expected_L   = {0.5, 0.5, 0.25, 0};
  for (size_t i = 0; i < reasons.size(); ++i) {
    d = policy.decide(view_of({8, 8}, t, 60.0 * (i + 1))); // re-placed at the next scan with its current L
    ASSERT_EQ(d.placements.size(), 1u);
    EXPECT_DOUBLE_EQ(policy.L_of(1), expected_L[i]); // the L this placement claims with
    control.place(d.placements[0], j);
    control.end_attempt(1, reasons[i]); // a preemption is no claiming failure: L stays
  }
  EXPECT_DOUBLE_EQ(policy.L_of(1), 0);
}

TEST(KoalaClaiming, IcpWithTOneIsAtomicAndWithTZeroAlwaysActs)
{
  EXPECT_FALSE(claiming::icp_acts(1, 2, 4, 1.0));
  EXPECT_TRUE(claiming::icp_acts(1, 3, 4, 1.0));
  EXPECT_TRUE(claiming::icp_acts(0, 0, 4, 0.0));
  EXPECT_TRUE(claiming::icp_acts(0, 1, 4, 0.25));
  EXPECT_FALSE(claiming::icp_acts(0, 1, 4, 0.5));
}

TEST(KoalaClaiming, PreemptionTakesLowerPriorityJobsNewestJstFirst)
{
  using H                = claiming::Holder;
  std::vector<H> holders = {{1, Priority::low, 100, 8},
                            {2, Priority::low, 300, 4},
                            {3, Priority::super_low, 200, 8},
                            {4, Priority::high, 400, 16},
                            {5, Priority::super_high, 500, 16}};
  // A high component of 14 with 2 idle: needs 12 from low and super-low jobs; newest first: 2 (300, 4),
  // 3 (200, 8) -> 2 + 12 = 14.
  EXPECT_EQ(claiming::preemption_victims(Priority::high, 14, 2, holders), (std::vector<JobId>{2, 3}));
  // Equal priority is not lower: a high job cannot preempt job 4.
  EXPECT_TRUE(claiming::preemption_victims(Priority::high, 40, 2, holders).empty());
  // A low job may only preempt the super-low job 3.
  EXPECT_EQ(claiming::preemption_victims(Priority::low, 8, 0, holders), (std::vector<JobId>{3}));
  // Super-low jobs never preempt.
  EXPECT_TRUE(claiming::preemption_victims(Priority::super_low, 4, 0, holders).empty());
}

TEST(KoalaClaiming, ClaimingQueueIsOrderedByJct)
{
  ClaimingQueue q;
  q.push(50, 1);
  q.push(20, 2);
  q.push(50, 3);
  q.push(10, 4);
  EXPECT_DOUBLE_EQ(*q.next_time(), 10);
  EXPECT_TRUE(q.remove(4));
  EXPECT_EQ(q.pop_due(50), (std::vector<JobId>{2, 1, 3}));
  EXPECT_FALSE(q.next_time());
}

TEST(KoalaClaiming, IcpPreemptsTheLowerPriorityHolderAndTheComponentClaimsItsProcessors)
{
  // T = 0: the ICP acts at every try. Job 1 (low) claims cluster 0's 8 idle processors at its JCT; job 2 (high)
  // finds none there at its own, cannot be re-placed (no idle processors anywhere) and preempts job 1.
  TableEstimator t({{0, 10}, {10, 0}});
  PolicyParameters parameters("koala", {{"T", {"0", "test.yaml:1"}}});
  KoalaPolicy policy(KoalaSettings::read(parameters), std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
  coalsim::testing::FakeControl control(policy, {8, 0});
  auto low = job(1, {8}, {}, Priority::low), high = job(2, {8}, {}, Priority::high);
  policy.on_job_submitted(low);
  auto d = policy.decide(view_of({8, 0}, t));
  ASSERT_EQ(d.placements.size(), 1u);
  control.place(d.placements[0], low); // no file: JST = JPT = 0, claimed at once
  control.run_until(0);
  ASSERT_TRUE(control.jobs.at(1).started);
  EXPECT_EQ(control.idle, (std::vector<int>{0, 0}));
  control.time = 10;
  policy.on_job_submitted(high);
  d = policy.decide(view_of({8, 0}, t, 10)); // a stale view: cluster 0 looks idle
  ASSERT_EQ(d.placements.size(), 1u);
  control.place(d.placements[0], high);
  control.run_until(10);
  ASSERT_EQ(control.aborts.size(), 1u);
  EXPECT_EQ(control.aborts[0], std::make_pair(JobId{1}, AbortReason::preempted));
  ASSERT_TRUE(control.jobs.count(2));
  EXPECT_TRUE(control.jobs.at(2).started) << "the preempted job's processors went to the high-priority job";
  EXPECT_DOUBLE_EQ(control.jobs.at(2).claimed_at[0], 10);
  EXPECT_EQ(policy.waiting_jobs(), 1u) << "the preempted job waits in its placement queue again";
  EXPECT_EQ(control.metrics.at(2).claiming_tries, 1);
  EXPECT_DOUBLE_EQ(control.metrics.at(2).estimated_start, 10);
  EXPECT_DOUBLE_EQ(control.metrics.at(2).pwt, 0) << "claimed and started at once";
}

TEST(KoalaClaiming, ATryReadsEachClusterAtItsFirstUseAndKeepsThatCountUntilTheNextTry)
{
  PolicyParameters parameters("koala", {});
  KoalaPolicy policy(KoalaSettings::read(parameters), std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
  coalsim::testing::FakeControl control(policy, {8, 4, 2});
  TryIdleCounts idle;
  idle.begin(control);
  EXPECT_EQ(control.one_cluster_reads, 0);
  EXPECT_EQ(idle[1], 4);
  idle[1] -= 3; // a component the try counts as claiming
  control.idle[1] = 0;
  control.idle[2] = 1;
  EXPECT_EQ(idle[1], 1) << "the try's count, not the engine's new one";
  EXPECT_EQ(idle[2], 1) << "read at its first use";
  EXPECT_EQ(control.one_cluster_reads, 2) << "cluster 0 is never read";
  idle.begin(control);
  EXPECT_EQ(idle[1], 0) << "a new try reads again";
  EXPECT_EQ(control.one_cluster_reads, 3);
}

TEST(KoalaClaiming, ATryOnAGridOfManyClustersReadsOnlyTheClustersItsComponentsAreOn)
{
  std::vector<int> idle(100, 4);
  idle[17] = idle[63] = 8;
  TableEstimator t(std::vector<std::vector<double>>(100, std::vector<double>(100, 0)));
  PolicyParameters parameters("koala", {});
  KoalaPolicy policy(KoalaSettings::read(parameters), std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
  coalsim::testing::FakeControl control(policy, idle);
  auto j = job(1, {8, 8});
  policy.on_job_submitted(j);
  auto d = policy.decide(view_of(idle, t));
  ASSERT_EQ(d.placements.size(), 1u);
  control.place(d.placements[0], j); // no file: JST = JPT = 0, claimed at once
  control.run_until(0);
  ASSERT_TRUE(control.jobs.at(1).started);
  EXPECT_EQ(control.idle[17], 0);
  EXPECT_EQ(control.idle[63], 0);
  EXPECT_EQ(control.one_cluster_reads, 2) << "one read for each of the job's two clusters, none of the 98 others";
}

TEST(KoalaClaiming, JobWhoseJstComesWithAComponentUnclaimedIsAbortedAndItsLLowered)
{
  // FTT 10 s: JST 10, claiming tries at 7.5 and 10 (closer than claim_min_step to the JST); nothing is ever
  // claimable, and T = 1 keeps the ICP from acting. The policy aborts the job at its JST and lowers L.
  TableEstimator t({{0, 10}, {10, 0}});
  PolicyParameters parameters("koala", {});
  KoalaPolicy policy(KoalaSettings::read(parameters), std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
  coalsim::testing::FakeControl control(policy, {0, 0});
  control.transfers = &t;
  auto j            = job(1, {4}, {1});
  policy.on_job_submitted(j);
  auto d = policy.decide(view_of({8, 0}, t));
  ASSERT_EQ(d.placements.size(), 1u);
  control.place(d.placements[0], j);
  EXPECT_EQ(control.estimates.at(1), std::make_pair(10.0, 10.0)) << "(estimated FTT, JST) of the placement row";
  ASSERT_EQ(control.wakes.size(), 1u);
  EXPECT_DOUBLE_EQ(control.wakes.begin()->first, 7.5) << "JCT_0 = JPT + L * FTT";
  control.run_until(9.9);
  EXPECT_TRUE(control.aborts.empty());
  control.run_until(10);
  ASSERT_EQ(control.aborts.size(), 1u);
  EXPECT_EQ(control.aborts[0].second, AbortReason::claim_deadline);
  EXPECT_DOUBLE_EQ(policy.L_of(1), 0.5);
  EXPECT_EQ(control.metrics.at(1).claiming_tries, 2);
  EXPECT_DOUBLE_EQ(control.metrics.at(1).pgt, 40) << "4 processors placed for 10 s and never claimed";
}
