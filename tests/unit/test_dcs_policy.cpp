/* The DCS broker and scheduler on hand-built idle lists (thesis 4.3.3-4.3.5). */
#include "PolicyTestKit.hpp"
#include "policies/dcs/DcsScheduler.hpp"
#include "sim/api/PolicyRegistry.hpp"

#include <gtest/gtest.h>

using namespace coalsim;
using namespace coalsim::dcs;

namespace {
using coalsim::testing::ordered;
using coalsim::testing::unordered;
using coalsim::testing::view_at;

std::vector<ClusterIndex> clusters_of(const fitting::Components& placed)
{
  std::vector<ClusterIndex> out;
  for (const auto& c : placed)
    out.push_back(c.cluster);
  return out;
}

std::vector<JobId> placed_jobs(const Decisions& d)
{
  std::vector<JobId> out;
  for (const auto& p : d.placements)
    out.push_back(p.job);
  return out;
}

DcsScheduler::Settings settings(DcsScheduler::Discipline discipline, bool blocking = false)
{
  DcsScheduler::Settings s;
  s.discipline          = discipline;
  s.blocking_submission = blocking;
  s.monitor_interval    = 0;
  return s;
}
} // namespace

TEST(DcsBroker, ModifiedWorstFitSpreadsOverUnmarkedClustersThenClearsTheMarks)
{
  ResourceBroker broker(ResourceBroker::Fit::modified_worst_fit);
  // Three clusters: 8 -> c0 (30, marked), 8 -> c1 (10, the largest unmarked; tie with c2 goes to the
  // lower index), 8 -> c2 (10), all marked -> marks cleared, 8 -> c0 (22, the largest).
  std::vector<int> idle = {30, 10, 10};
  auto placed           = broker.approve(unordered(0, {8, 8, 8, 8}), idle);
  ASSERT_TRUE(placed.has_value());
  EXPECT_EQ(clusters_of(*placed), (std::vector<ClusterIndex>{0, 1, 2, 0}));
  EXPECT_EQ(idle, (std::vector<int>{14, 2, 2}));
  // Plain worst-fit keeps going to the largest cluster.
  ResourceBroker plain(ResourceBroker::Fit::worst_fit);
  std::vector<int> plain_idle = {30, 10, 10};
  EXPECT_EQ(clusters_of(*plain.approve(unordered(0, {8, 8, 8, 8}), plain_idle)),
            (std::vector<ClusterIndex>{0, 0, 0, 1}));
}

TEST(DcsBroker, MarksAreClearedEachTimeAllClustersAreMarked)
{
  // {20, 12}, five components of 4: c0 (16), c1 (8), cleared, c0 (12), c1 (4, unmarked again), cleared,
  // c0 (8). Without the clearing the 4th would go to the larger marked cluster c0 (12 > 8).
  ResourceBroker broker(ResourceBroker::Fit::modified_worst_fit);
  std::vector<int> idle = {20, 12};
  auto placed           = broker.approve(unordered(0, {4, 4, 4, 4, 4}), idle);
  ASSERT_TRUE(placed.has_value());
  EXPECT_EQ(clusters_of(*placed), (std::vector<ClusterIndex>{0, 1, 0, 1, 0}));
  EXPECT_EQ(idle, (std::vector<int>{8, 4}));
}

TEST(DcsBroker, ModifiedWorstFitFallsBackToMarkedClustersAndRefusesWithoutChange)
{
  ResourceBroker broker(ResourceBroker::Fit::modified_worst_fit);
  // The unmarked clusters are too small for the second component: it goes back to the marked c0.
  std::vector<int> idle = {20, 6, 6};
  auto placed           = broker.approve(unordered(0, {8, 8}), idle);
  ASSERT_TRUE(placed.has_value());
  EXPECT_EQ(clusters_of(*placed), (std::vector<ClusterIndex>{0, 0}));
  EXPECT_EQ(idle, (std::vector<int>{4, 6, 6}));
  // Nothing fits the third component: refused, the idle list is untouched.
  std::vector<int> tight = {16, 6};
  EXPECT_FALSE(broker.approve(unordered(1, {8, 8, 8}), tight).has_value());
  EXPECT_EQ(tight, (std::vector<int>{16, 6}));
}

TEST(DcsBroker, ModifiedBestFitTakesTheFewestIdleThatFitAmongUnmarked)
{
  // {9, 20}, three components of 4: c0 (9, fewest that fit), c1 (the only unmarked), cleared, c0 (5).
  // Plain best-fit would stay on c0 for the first two.
  ResourceBroker broker(ResourceBroker::Fit::modified_best_fit);
  std::vector<int> idle = {9, 20};
  EXPECT_EQ(clusters_of(*broker.approve(unordered(0, {4, 4, 4}), idle)), (std::vector<ClusterIndex>{0, 1, 0}));
  EXPECT_EQ(idle, (std::vector<int>{1, 16}));
  ResourceBroker plain(ResourceBroker::Fit::best_fit);
  std::vector<int> plain_idle = {9, 20};
  EXPECT_EQ(clusters_of(*plain.approve(unordered(0, {4, 4, 4}), plain_idle)), (std::vector<ClusterIndex>{0, 0, 1}));
}

TEST(DcsBroker, OrderedJobCountsAClusterNamedTwiceAgainstItsIdleProcessors)
{
  ResourceBroker broker(ResourceBroker::Fit::modified_worst_fit);
  JobSpec job           = ordered(0, {{0, 8}, {0, 8}, {1, 8}});
  std::vector<int> idle = {15, 8}; // each component alone fits c0, both together do not
  EXPECT_FALSE(broker.approve(job, idle).has_value());
  EXPECT_EQ(idle, (std::vector<int>{15, 8}));
  idle        = {16, 8};
  auto placed = broker.approve(job, idle);
  ASSERT_TRUE(placed.has_value());
  EXPECT_EQ(clusters_of(*placed), (std::vector<ClusterIndex>{0, 0, 1}));
  EXPECT_EQ(idle, (std::vector<int>{0, 0}));
}

TEST(DcsBroker, FlexibleJobsAreNotApproved)
{
  ResourceBroker broker(ResourceBroker::Fit::modified_worst_fit);
  JobSpec job;
  job.type              = RequestType::flexible;
  job.total_processors  = 4;
  std::vector<int> idle = {64, 64};
  EXPECT_FALSE(broker.approve(job, idle).has_value());
}

TEST(DcsScheduler, FcfsTriesOnlyTheHeadFpfsTheFirstThatFits)
{
  JobSpec big = unordered(0, {32}), small = unordered(1, {4});
  DcsScheduler fcfs(settings(DcsScheduler::Discipline::fcfs));
  fcfs.on_job_submitted(big);
  fcfs.on_job_submitted(small);
  Decisions d = fcfs.decide(view_at(0, {16, 16}));
  EXPECT_TRUE(d.placements.empty());
  EXPECT_EQ(d.not_placed, (std::vector<JobId>{0}));

  DcsScheduler fpfs(settings(DcsScheduler::Discipline::fpfs));
  fpfs.on_job_submitted(big);
  fpfs.on_job_submitted(small);
  d = fpfs.decide(view_at(0, {16, 16}));
  EXPECT_EQ(placed_jobs(d), (std::vector<JobId>{1}));
  EXPECT_EQ(d.not_placed, (std::vector<JobId>{0}));
  EXPECT_EQ(fpfs.waiting_jobs(), 1u);
}

TEST(DcsScheduler, BlockingSubmissionPlacesOneJobUntilTheCoallocatorReportsBack)
{
  JobSpec a = unordered(0, {4}), b = unordered(1, {4});
  DcsScheduler s(settings(DcsScheduler::Discipline::fcfs, true));
  EXPECT_TRUE(s.needs().decides_after_start);
  s.on_job_submitted(a);
  s.on_job_submitted(b);
  EXPECT_EQ(placed_jobs(s.decide(view_at(0, {16, 16}))), (std::vector<JobId>{0}));
  EXPECT_TRUE(s.submitting());
  EXPECT_TRUE(s.decide(view_at(1, {12, 16})).placements.empty()); // DUROC still submitting job 0
  s.on_job_started(a);
  EXPECT_EQ(placed_jobs(s.decide(view_at(2, {12, 16}))), (std::vector<JobId>{1}));

  DcsScheduler free_running(settings(DcsScheduler::Discipline::fcfs, false));
  free_running.on_job_submitted(a);
  free_running.on_job_submitted(b);
  EXPECT_EQ(placed_jobs(free_running.decide(view_at(0, {16, 16}))), (std::vector<JobId>{0, 1}));
}

TEST(DcsScheduler, SubmissionFailureMovesTheJobToTheTailAndRemovesItAtTheMaximum)
{
  auto config                    = settings(DcsScheduler::Discipline::fcfs, true);
  config.max_submission_failures = 2;
  DcsScheduler s(config);
  JobSpec a = unordered(0, {8}), b = unordered(1, {8});
  s.on_job_submitted(a);
  s.on_job_submitted(b);
  EXPECT_EQ(placed_jobs(s.decide(view_at(0, {16, 16}))), (std::vector<JobId>{0}));
  s.on_claim_failed(a); // first failure: a goes behind b
  EXPECT_FALSE(s.submitting());
  EXPECT_EQ(placed_jobs(s.decide(view_at(1, {16, 16}))), (std::vector<JobId>{1}));
  s.on_job_started(b);
  EXPECT_EQ(placed_jobs(s.decide(view_at(2, {16, 8}))), (std::vector<JobId>{0})); // the retry
  s.on_claim_failed(a); // second failure: removed, reported as failed at the next decision
  EXPECT_EQ(s.waiting_jobs(), 0u);
  Decisions d = s.decide(view_at(3, {16, 8}));
  ASSERT_EQ(d.rejections.size(), 1u);
  EXPECT_EQ(d.rejections[0].job, 0);
  EXPECT_TRUE(d.rejections[0].failed);
  EXPECT_EQ(d.rejections[0].reason, "removed after 2 submission failures");
}

TEST(DcsScheduler, CompletionFailureRequeuesUpToTheMaximum)
{
  auto config                    = settings(DcsScheduler::Discipline::fcfs, true);
  config.max_completion_failures = 2;
  DcsScheduler s(config);
  JobSpec a = unordered(0, {8});
  s.on_job_submitted(a);
  EXPECT_EQ(placed_jobs(s.decide(view_at(0, {16}))), (std::vector<JobId>{0}));
  s.on_job_started(a);
  EXPECT_TRUE(s.on_job_failed(a)); // first completion failure: back in the wait-queue
  EXPECT_EQ(s.waiting_jobs(), 1u);
  EXPECT_EQ(placed_jobs(s.decide(view_at(100, {16}))), (std::vector<JobId>{0}));
  s.on_job_started(a);
  EXPECT_FALSE(s.on_job_failed(a)); // second: removed, the engine records it as failed
  EXPECT_EQ(s.waiting_jobs(), 0u);
  EXPECT_EQ(s.remembered_jobs(), 0u);
  // A job whose run failed once and then completed is forgotten at its completion.
  JobSpec b = unordered(1, {8});
  s.on_job_submitted(b);
  EXPECT_EQ(placed_jobs(s.decide(view_at(200, {16}))), (std::vector<JobId>{1}));
  s.on_job_started(b);
  EXPECT_TRUE(s.on_job_failed(b));
  EXPECT_EQ(placed_jobs(s.decide(view_at(300, {16}))), (std::vector<JobId>{1}));
  s.on_job_started(b);
  EXPECT_EQ(s.remembered_jobs(), 1u) << "its completion failure count is still needed";
  s.on_job_finished(b);
  EXPECT_EQ(s.remembered_jobs(), 0u);
}

TEST(DcsScheduler, ReschedulingFailureWaitsForTheResourceMonitorToSeeAChange)
{
  auto config             = settings(DcsScheduler::Discipline::fcfs, true);
  config.monitor_interval = 5;
  DcsScheduler s(config);
  JobSpec a = unordered(0, {8});
  s.on_job_submitted(a);
  Decisions d = s.decide(view_at(0, {4, 4}));
  EXPECT_TRUE(d.placements.empty());
  EXPECT_TRUE(s.waiting_for_change());
  EXPECT_DOUBLE_EQ(d.wake_at, 5.0);
  // Processors freed at 2: the monitor has not looked yet.
  d = s.decide(view_at(2, {8, 4}));
  EXPECT_TRUE(d.placements.empty());
  EXPECT_TRUE(d.not_placed.empty()); // no (re)scheduling happened
  EXPECT_DOUBLE_EQ(d.wake_at, 5.0);
  // At 5 it looks, but the change was undone: keep waiting.
  d = s.decide(view_at(5, {4, 4}));
  EXPECT_TRUE(d.placements.empty());
  EXPECT_DOUBLE_EQ(d.wake_at, 10.0);
  // At 10 it sees the change and the scheduler runs.
  d = s.decide(view_at(10, {8, 4}));
  EXPECT_EQ(placed_jobs(d), (std::vector<JobId>{0}));
  EXPECT_FALSE(s.waiting_for_change());
}

TEST(DcsScheduler, RegisteredWithItsParameters)
{
  PolicyParameters parameters("dcs", {{"queue", {"fpfs", "test"}}, {"fit", {"bestfit", "test"}}});
  auto policy = PolicyRegistry::instance().create("dcs", parameters, PolicyContext{{"c0", "c1"}});
  ASSERT_NE(policy, nullptr);
  EXPECT_EQ(parameters.resolved().at("queue"), "fpfs");
  EXPECT_EQ(parameters.resolved().at("fit"), "bestfit");
  EXPECT_EQ(parameters.resolved().at("blocking_submission"), "true");
  PolicyParameters wrong("dcs", {{"fit", {"tightest", "exp.yaml:3"}}});
  EXPECT_THROW(PolicyRegistry::instance().create("dcs", wrong, PolicyContext{{"c0"}}), std::exception);
}
