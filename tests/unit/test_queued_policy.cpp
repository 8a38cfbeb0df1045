#include "PolicyTestKit.hpp"
#include "policies/common/QueuedPolicy.hpp"
#include "sim/api/PolicyRegistry.hpp"
#include "sim/config/InputError.hpp"

#include <gtest/gtest.h>

using namespace coalsim;

namespace {
using coalsim::testing::unordered;

GridView view_with_idle(const std::vector<int>& idle)
{
  return coalsim::testing::view_at(0, idle);
}

std::unique_ptr<QueuedPolicy> policy(QueuedPolicy::Discipline discipline, int max_failures = 0)
{
  QueuedPolicy::Settings s;
  s.discipline              = discipline;
  s.max_submission_failures = max_failures;
  return std::make_unique<QueuedPolicy>(s, std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
}
} // namespace

TEST(QueuedPolicy, FcfsTriesOnlyTheHead)
{
  auto p    = policy(QueuedPolicy::Discipline::fcfs);
  JobSpec a = unordered(0, {32}), b = unordered(1, {4});
  p->on_job_submitted(a);
  p->on_job_submitted(b);
  Decisions d = p->decide(view_with_idle({16, 16}));
  EXPECT_TRUE(d.placements.empty()); // the small job behind the head waits
  EXPECT_EQ(d.not_placed, (std::vector<JobId>{0}));
  EXPECT_EQ(p->waiting_jobs(), 2u);
}

TEST(QueuedPolicy, FpfsStartsTheFirstJobThatFitsAndCountsEarlierPlacements)
{
  auto p    = policy(QueuedPolicy::Discipline::fpfs);
  JobSpec a = unordered(0, {32}), b = unordered(1, {12}), c = unordered(2, {8});
  p->on_job_submitted(a);
  p->on_job_submitted(b);
  p->on_job_submitted(c);
  Decisions d = p->decide(view_with_idle({16, 10}));
  ASSERT_EQ(d.placements.size(), 2u);
  EXPECT_EQ(d.placements[0].job, 1); // 12 on cluster 0 (16 -> 4)
  EXPECT_EQ(d.placements[0].components[0].cluster, 0);
  EXPECT_EQ(d.placements[1].job, 2); // 8 on cluster 1 (10), since only 4 are left on cluster 0
  EXPECT_EQ(d.placements[1].components[0].cluster, 1);
  EXPECT_EQ(d.not_placed, (std::vector<JobId>{0}));
  EXPECT_EQ(p->waiting_jobs(), 1u);
}

TEST(QueuedPolicy, ClaimFailureMovesTheJobToTheTailAndDropsItAtTheMaximum)
{
  auto p    = policy(QueuedPolicy::Discipline::fcfs, 2);
  JobSpec a = unordered(0, {8}), b = unordered(1, {64});
  p->on_job_submitted(a);
  p->on_job_submitted(b);
  Decisions first = p->decide(view_with_idle({8, 0}));
  ASSERT_EQ(first.placements.size(), 1u);
  p->on_claim_failed(a); // 1st failure: back to the tail, behind b
  Decisions second = p->decide(view_with_idle({8, 0}));
  EXPECT_TRUE(second.placements.empty()); // FCFS: b is the head now and does not fit
  EXPECT_EQ(second.not_placed, (std::vector<JobId>{1}));

  auto q = policy(QueuedPolicy::Discipline::fcfs, 2);
  q->on_job_submitted(a);
  ASSERT_EQ(q->decide(view_with_idle({8})).placements.size(), 1u);
  q->on_claim_failed(a);
  ASSERT_EQ(q->decide(view_with_idle({8})).placements.size(), 1u);
  q->on_claim_failed(a); // 2nd failure reaches the maximum: dropped
  Decisions dropped = q->decide(view_with_idle({8}));
  ASSERT_EQ(dropped.rejections.size(), 1u);
  EXPECT_EQ(dropped.rejections[0].job, 0);
  EXPECT_TRUE(dropped.rejections[0].failed);
  EXPECT_EQ(dropped.rejections[0].reason, "dropped after 2 submission failures");
  EXPECT_EQ(q->waiting_jobs(), 0u);
}

TEST(QueuedPolicy, HasNothingToDecideOnlyWithAnEmptyQueueAndNoRejectionOwed)
{
  // The engine skips decide() when the policy says so: it must say so only when decide() would return nothing.
  auto q = policy(QueuedPolicy::Discipline::fcfs, 1);
  EXPECT_TRUE(q->nothing_to_decide());
  JobSpec a = unordered(0, {8});
  q->on_job_submitted(a);
  EXPECT_FALSE(q->nothing_to_decide()); // a job waits
  ASSERT_EQ(q->decide(view_with_idle({8})).placements.size(), 1u);
  EXPECT_TRUE(q->nothing_to_decide()); // placed: the queue is empty
  q->on_claim_failed(a);               // the maximum of one failure: the job leaves at the next decide()
  EXPECT_EQ(q->waiting_jobs(), 0u);
  EXPECT_FALSE(q->nothing_to_decide()); // its rejection is owed
  Decisions dropped = q->decide(view_with_idle({8}));
  ASSERT_EQ(dropped.rejections.size(), 1u);
  EXPECT_TRUE(q->nothing_to_decide());
  EXPECT_TRUE(q->decide(view_with_idle({8})).rejections.empty());
}

TEST(QueuedPolicy, OrderedJobsKeepTheirClusters)
{
  auto p = policy(QueuedPolicy::Discipline::fcfs);
  JobSpec job;
  job.id         = 7;
  job.type       = RequestType::ordered;
  job.components = {{8, 1}, {8, 1}};
  p->on_job_submitted(job);
  EXPECT_TRUE(p->decide(view_with_idle({64, 15})).placements.empty());
  Decisions d = p->decide(view_with_idle({64, 16}));
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_EQ(d.placements[0].components[0].cluster, 1);
  EXPECT_EQ(d.placements[0].components[1].cluster, 1);
}

TEST(PolicyRegistry, UnknownPolicyAndParameterErrorsNameTheValidOnes)
{
  PolicyParameters none("nope", {});
  try {
    PolicyRegistry::instance().create("nope", none, PolicyContext{{"a"}});
    FAIL() << "no error";
  } catch (const InputError& e) {
    // The registered names, so that adding a policy changes no test.
    const std::string valid = PolicyRegistry::instance().valid_names();
    EXPECT_EQ(std::string(e.what()), "Invalid policy 'nope': no such policy; valid values are: " + valid);
    EXPECT_NE(valid.find("bf, cf, dcs, diana, "), std::string::npos) << valid; // in name order
  }
  PolicyParameters bad("wf", {{"queue", {"lifo", "exp.yaml:4"}}});
  try {
    PolicyRegistry::instance().create("wf", bad, PolicyContext{{"a"}});
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "Invalid parameter 'policy.queue' of policy 'wf' in exp.yaml:4: valid values are: "
                                     "fcfs, fpfs, easy, conservative (got 'lifo')");
  }
  PolicyParameters unknown("wf", {{"colour", {"red", "exp.yaml:5"}}});
  EXPECT_THROW(PolicyRegistry::instance().create("wf", unknown, PolicyContext{{"a"}}), InputError);
  EXPECT_NE(PolicyRegistry::instance().help().find("cf        KOALA Close-to-Files"), std::string::npos);
}

TEST(PolicyRegistry, HelpSaysAClusterNameIsAChoiceWhereOneIs)
{
  // The help reads no platform; DIANA's submit_site listed `drawn` alone, as if no cluster could be named.
  EXPECT_NE(PolicyRegistry::instance().help().find("one cluster [drawn|<a cluster's name>]"), std::string::npos);
}

TEST(PolicyRegistry, InfiniteParametersAreInputErrors)
{
  // `inf` was accepted for every number parameter: `dcs` with monitor_interval inf never woke after a
  // scheduling failure and the run never ended. No parameter means anything at infinity.
  for (const char* text : {"inf", ".inf", "infinity", "1e999", "-inf"}) {
    PolicyParameters bad("dcs", {{"monitor_interval", {text, "exp.yaml:6"}}});
    try {
      PolicyRegistry::instance().create("dcs", bad, PolicyContext{{"a"}});
      ADD_FAILURE() << text << ": no error";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), std::string("Invalid parameter 'policy.monitor_interval' of policy 'dcs' in "
                                                   "exp.yaml:6: must be finite (got '") +
                                           text + "')");
    }
  }
  PolicyParameters scan("koala", {{"scan_interval", {"inf", "exp.yaml:7"}}});
  EXPECT_THROW(PolicyRegistry::instance().create("koala", scan, PolicyContext{{"a"}}), InputError);
}

TEST(QueuedPolicy, JobsLargerThanTheGridAreRejectedOnTheirFirstPassAndTheOthersWait)
{
  // Two clusters of 64: 3 x 40 fits nowhere even when both are idle; 2 x 40 only waits for room.
  auto p          = policy(QueuedPolicy::Discipline::fcfs);
  JobSpec too_big = unordered(0, {40, 40, 40}), later = unordered(1, {40, 40});
  p->on_job_submitted(too_big);
  p->on_job_submitted(later);
  Decisions d = p->decide(view_with_idle({16, 16}));
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_EQ(d.rejections[0].job, 0);
  EXPECT_FALSE(d.rejections[0].failed) << "rejected, not failed: it never fitted this grid";
  EXPECT_EQ(d.not_placed, (std::vector<JobId>{1})) << "the head is now the job that fits an idle grid";
  EXPECT_EQ(p->waiting_jobs(), 1u);
  d = p->decide(view_with_idle({64, 64}));
  ASSERT_EQ(d.placements.size(), 1u);
  EXPECT_EQ(d.placements[0].job, 1);
}

TEST(QueuedPolicy, AJobThatFittedOnlyWithAClusterNowMarkedUnusableFails)
{
  auto p    = policy(QueuedPolicy::Discipline::fcfs);
  JobSpec a = unordered(0, {40, 40});
  p->on_job_submitted(a);
  EXPECT_TRUE(p->decide(view_with_idle({0, 0})).rejections.empty());
  std::vector<ClusterState> states = {{0, "c0", "", 64, 64, true}, {1, "c1", "", 64, 64, false, true, true}};
  Decisions d                      = p->decide(GridView(0, states, coalsim::testing::zero_transfers()));
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_TRUE(d.rejections[0].failed) << "it fitted until c1 was marked unusable";
  EXPECT_EQ(p->waiting_jobs(), 0u);
}

TEST(GridView, IdleCountsIntoAKeptVectorAreANewListsCounts)
{
  // With the summary the information service keeps and without it (a view built by hand), unusable clusters at 0; the
  // kept vector's earlier content (longer, other counts) is replaced.
  std::vector<ClusterState> states;
  for (int i = 0; i < 3; ++i)
    states.push_back({i, "c" + std::to_string(i), "", 64, 10 * (i + 1), i != 1});
  const GridView plain(0, states, coalsim::testing::zero_transfers());
  ClusterSummary summary;
  summary.usable_idle = {10, 0, 30};
  const GridView summarized(0, states, coalsim::testing::zero_transfers(), nullptr, summary);
  for (const GridView* view : {&plain, &summarized}) {
    std::vector<int> kept = {7, 7, 7, 7, 7};
    view->idle_counts(kept);
    EXPECT_EQ(kept, (std::vector<int>{10, 0, 30}));
    EXPECT_EQ(kept, view->idle_counts());
  }
}
