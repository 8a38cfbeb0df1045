/* Backfilling in the grid wait-queue (policies/common/GridBackfilling, DCS thesis 3.2.2): the plan a pass makes
 * from a view, and EASY and conservative schedules of the wait-queue policies and the DCS, all computed by hand.
 * Clusters have 64 processors (PolicyTestKit). */
#include "FakeControl.hpp"
#include "PolicyTestKit.hpp"
#include "policies/common/CloseToFiles.hpp"
#include "policies/common/GridBackfilling.hpp"
#include "policies/common/QueuedPolicy.hpp"
#include "policies/dcs/DcsScheduler.hpp"
#include "sim/api/PolicyRegistry.hpp"

#include <cmath>
#include <gtest/gtest.h>

using namespace coalsim;
using coalsim::testing::FakeControl;
using coalsim::testing::FakeLocalJobs;
using coalsim::testing::ordered;
using coalsim::testing::unordered;
using coalsim::testing::view_with_local;

namespace {

JobSpec with_estimate(JobSpec job, double estimate)
{
  job.runtime  = estimate / 2; // what runs is not what is planned with
  job.estimate = estimate;
  return job;
}

std::unique_ptr<QueuedPolicy> worst_fit(QueuedPolicy::Discipline discipline)
{
  QueuedPolicy::Settings s;
  s.discipline = discipline;
  return std::make_unique<QueuedPolicy>(s, std::make_unique<FitRule>(fitting::Rule::worst_fit, false));
}

std::unique_ptr<dcs::DcsScheduler> dcs_scheduler(dcs::DcsScheduler::Discipline discipline)
{
  dcs::DcsScheduler::Settings s;
  s.discipline          = discipline;
  s.blocking_submission = false;
  s.monitor_interval    = 0;
  return std::make_unique<dcs::DcsScheduler>(s);
}

std::vector<JobId> placed_jobs(const Decisions& d)
{
  std::vector<JobId> out;
  for (const auto& p : d.placements)
    out.push_back(p.job);
  return out;
}

std::vector<ClusterIndex> clusters_of(const Placement& p)
{
  std::vector<ClusterIndex> out;
  for (const auto& c : p.components)
    out.push_back(c.cluster);
  return out;
}

/** Two clusters; on each, 16 processors idle and a local job of 48 whose requested time ends at 100. */
FakeLocalJobs both_busy_until_100()
{
  FakeLocalJobs local(2);
  local.running[0].emplace(100.0, 48);
  local.running[1].emplace(100.0, 48);
  return local;
}

} // namespace

TEST(GridBackfilling, ThePlanFreesLocalAndOwnJobsAtTheirEstimatedEndsAndTheRestNever)
{
  // At 10, c0: 16 idle, a local job of 32 until 100, 8 of the policy's job G (run started at 0, estimate 50),
  // and 8 with no known end. c1: 40 idle, a local job of 4 whose estimate ran out at 5 (expected to end now),
  // one of 8 until 30, 8 of G, and 4 with no known end.
  GridBackfilling backfilling(GridBackfilling::Mode::easy);
  JobSpec g = with_estimate(unordered(7, {8, 8}), 50);
  backfilling.placed(g, {{0, 8, no_cluster}, {1, 8, no_cluster}});
  backfilling.run_started(7, 0);
  FakeLocalJobs local(2);
  local.running[0].emplace(100.0, 32);
  local.running[1].emplace(5.0, 4);
  local.running[1].emplace(30.0, 8);
  auto pass = backfilling.begin_pass(view_with_local(10, {16, 40}, local));
  EXPECT_EQ(pass.free_at(0, 10), 16);
  EXPECT_EQ(pass.free_at(0, 50), 24);
  EXPECT_EQ(pass.free_at(0, 100), 56) << "8 processors with no known end stay busy";
  EXPECT_EQ(pass.free_at(1, 10), 44);
  EXPECT_EQ(pass.free_at(1, 30), 52);
  EXPECT_EQ(pass.free_at(1, 50), 60);

  // G ended (its processors released); a polled view has not seen it yet: they are neither idle nor known.
  backfilling.released(7);
  auto stale = backfilling.begin_pass(view_with_local(10, {16, 40}, local));
  EXPECT_EQ(stale.free_at(0, 1000), 48);
  // A job placed but not yet running is planned from the pass's time: at 20, 20 + 50.
  backfilling.placed(g, {{0, 8, no_cluster}, {1, 8, no_cluster}});
  auto pending = backfilling.begin_pass(view_with_local(20, {16, 40}, local));
  EXPECT_EQ(pending.free_at(0, 69), 16);
  EXPECT_EQ(pending.free_at(0, 70), 24);
}

TEST(GridBackfilling, AJobPastItsEstimateIsFreedNowOnlyWhenTheIdleCountMayBeStale)
{
  // At 10, c0: 16 idle and a local job of 48 whose requested time ran out at 5. As of a poll, it may have ended
  // since: expected to end now. With the count current, it is still running: expected to end right after now.
  FakeLocalJobs local(1);
  local.running[0].emplace(5.0, 48);
  GridBackfilling backfilling(GridBackfilling::Mode::easy);
  auto polled = backfilling.begin_pass(view_with_local(10, {16}, local));
  EXPECT_EQ(polled.free_at(0, 10), 64);
  local.current = true;
  auto current  = backfilling.begin_pass(view_with_local(10, {16}, local));
  EXPECT_EQ(current.free_at(0, 10), 16);
  EXPECT_EQ(current.free_at(0, std::nextafter(10.0, INFINITY)), 64);
}

TEST(GridBackfilling, NeverMoreIsFreedThanTheViewCountsBusy)
{
  // c0 shows 60 idle, but the local report (older) and the policy's job together hold 40: only 4 are busy,
  // freed with the earliest end (the policy's job at 50).
  GridBackfilling backfilling(GridBackfilling::Mode::easy);
  JobSpec g = with_estimate(unordered(1, {8}), 50);
  backfilling.placed(g, {{0, 8, no_cluster}});
  backfilling.run_started(1, 0);
  FakeLocalJobs local(1);
  local.running[0].emplace(100.0, 32);
  auto pass = backfilling.begin_pass(view_with_local(0, {60}, local));
  EXPECT_EQ(pass.free_at(0, 0), 60);
  EXPECT_EQ(pass.free_at(0, 50), 64);
  EXPECT_EQ(pass.free_at(0, 100), 64);
}

TEST(GridBackfilling, EasyBackfillsATwoComponentJobThatEndsByTheHeadsReservation)
{
  // Both clusters: 16 idle, a local job of 48 until 100. The head H (56 on c0, estimate 50) is reserved at 100
  // on c0 (8 processors extra there, none needed on c1). A (16 on c0 and 16 on c1, estimate 100) fits now and
  // both its components end by 100: it starts now. Under FCFS nothing starts.
  FakeLocalJobs local = both_busy_until_100();
  JobSpec h = with_estimate(ordered(0, {{0, 56}}), 50), a = with_estimate(ordered(1, {{0, 16}, {1, 16}}), 100);
  for (auto discipline : {QueuedPolicy::Discipline::easy, QueuedPolicy::Discipline::fcfs}) {
    auto p = worst_fit(discipline);
    p->on_job_submitted(h);
    p->on_job_submitted(a);
    Decisions d = p->decide(view_with_local(0, {16, 16}, local));
    if (discipline == QueuedPolicy::Discipline::fcfs) {
      EXPECT_TRUE(d.placements.empty());
      continue;
    }
    ASSERT_EQ(placed_jobs(d), (std::vector<JobId>{1}));
    EXPECT_EQ(clusters_of(d.placements[0]), (std::vector<ClusterIndex>{0, 1}));
    EXPECT_EQ(d.not_placed, (std::vector<JobId>{0}));
    EXPECT_EQ(p->waiting_jobs(), 1u);
  }
}

TEST(GridBackfilling, EasyKeepsATwoComponentJobWaitingWhenOneComponentWouldDelayTheHead)
{
  // As above, but B runs past 100 (estimate 101): its component on c0 would hold 16 processors at 100, when
  // the head needs 56 of c0's 64 (8 extra): B waits, though its component on c1 alone would be harmless.
  // C (8 on c0 and 16 on c1, estimate 1000) uses only the 8 extra processors of c0 and a cluster the head does
  // not need: it starts now.
  FakeLocalJobs local = both_busy_until_100();
  JobSpec h           = with_estimate(ordered(0, {{0, 56}}), 50);
  JobSpec b           = with_estimate(ordered(1, {{0, 16}, {1, 16}}), 101),
          c           = with_estimate(ordered(2, {{0, 8}, {1, 16}}), 1000);
  auto p              = worst_fit(QueuedPolicy::Discipline::easy);
  for (const JobSpec* job : {&h, &b, &c})
    p->on_job_submitted(*job);
  Decisions d = p->decide(view_with_local(0, {16, 16}, local));
  EXPECT_EQ(placed_jobs(d), (std::vector<JobId>{2}));
  EXPECT_EQ(d.not_placed, (std::vector<JobId>{0, 1}));
}

TEST(GridBackfilling, DcsEasyBackfillsOnTheClustersItsBrokerPicks)
{
  // The same clusters; unordered jobs under the DCS broker's modified worst-fit. The head H (56) fits nowhere
  // now; at 100 both clusters are free (64, 64) and the tie goes to c0: reserved there, 8 extra.
  // A (16 + 16, estimate 100): c0 then c1 (unmarked), ends by 100: starts. B (16 + 16, estimate 101): over
  // [0, 101) c0 has 8 free outside the reservation, c1 16: the first 16 takes c1, the second fits nowhere:
  // it waits. C (16 + 8, estimate 1000): 16 on c1, 8 on c0's extra processors: starts.
  FakeLocalJobs local = both_busy_until_100();
  JobSpec h           = with_estimate(unordered(0, {56}), 50);
  JobSpec a           = with_estimate(unordered(1, {16, 16}), 100);
  JobSpec b = with_estimate(unordered(2, {16, 16}), 101), c = with_estimate(unordered(3, {8, 16}), 1000);
  auto p = dcs_scheduler(dcs::DcsScheduler::Discipline::easy);
  for (const JobSpec* job : {&h, &b, &a, &c})
    p->on_job_submitted(*job);
  Decisions d = p->decide(view_with_local(0, {16, 16}, local));
  // B comes before A in the queue: it waits, A starts (on both clusters' first 16), and C then has c1 0 and
  // c0 0 free now: it waits too.
  EXPECT_EQ(placed_jobs(d), (std::vector<JobId>{1}));
  EXPECT_EQ(d.not_placed, (std::vector<JobId>{0, 2, 3}));
  // Once A is gone (say its claim failed and it was dropped), C fits: 16 on c1, 8 on c0.
  auto q = dcs_scheduler(dcs::DcsScheduler::Discipline::easy);
  for (const JobSpec* job : {&h, &b, &c})
    q->on_job_submitted(*job);
  d = q->decide(view_with_local(0, {16, 16}, local));
  ASSERT_EQ(placed_jobs(d), (std::vector<JobId>{3}));
  EXPECT_EQ(clusters_of(d.placements[0]), (std::vector<ClusterIndex>{0, 1}));
  EXPECT_EQ(d.placements[0].components[0].processors, 8);
  EXPECT_EQ(d.not_placed, (std::vector<JobId>{0, 2}));
}

TEST(GridBackfilling, ConservativeKeepsWaitingAJobThatFitsTheHeadsReservationButDelaysTheSecondJobs)
{
  // One cluster: 16 idle, a local job of 48 until 100. H1 (56, estimate 50) is reserved at 100, leaving 8 free
  // on [100, 150). H2 (60, estimate 100) does not fit [100, 200) (8 free): reserved at 150, leaving 4 free on
  // [150, 250). J (8, estimate 200) runs over [0, 200): 16, then 8 beside H1 (it fits H1's reservation), then 4
  // beside H2: it would delay H2, so conservative keeps it waiting (reserved at 250). K (4, estimate 1000)
  // delays nobody: it starts. EASY protects only H1: J starts, and K, which would then find no processor free
  // on [100, 150), waits.
  FakeLocalJobs local(1);
  local.running[0].emplace(100.0, 48);
  JobSpec h1 = with_estimate(unordered(0, {56}), 50), h2 = with_estimate(unordered(1, {60}), 100);
  JobSpec j = with_estimate(unordered(2, {8}), 200), k = with_estimate(unordered(3, {4}), 1000);

  auto conservative = worst_fit(QueuedPolicy::Discipline::conservative);
  auto easy         = worst_fit(QueuedPolicy::Discipline::easy);
  for (const JobSpec* job : {&h1, &h2, &j, &k}) {
    conservative->on_job_submitted(*job);
    easy->on_job_submitted(*job);
  }
  Decisions c = conservative->decide(view_with_local(0, {16}, local));
  EXPECT_EQ(placed_jobs(c), (std::vector<JobId>{3}));
  EXPECT_EQ(c.not_placed, (std::vector<JobId>{0, 1, 2}));
  Decisions e = easy->decide(view_with_local(0, {16}, local));
  EXPECT_EQ(placed_jobs(e), (std::vector<JobId>{2}));
  EXPECT_EQ(e.not_placed, (std::vector<JobId>{0, 1, 3}));

  // The reservations themselves, through the plan.
  GridBackfilling backfilling(GridBackfilling::Mode::conservative);
  auto pass                    = backfilling.begin_pass(view_with_local(0, {16}, local));
  const GridBackfilling::Fit f = [](const JobSpec& job, std::vector<int>& free) {
    return fitting::fit_unordered(job.components, free, fitting::Rule::worst_fit);
  };
  for (const JobSpec* job : {&h1, &h2, &j, &k})
    pass.offer(*job, f, f, GridBackfilling::FailedTry::leaves_no_trace);
  EXPECT_EQ(pass.reservations(), (std::vector<std::pair<JobId, double>>{{0, 100}, {1, 150}, {2, 250}}));
}

TEST(GridBackfilling, AReservationWaitsForAClusterThatHoldsTheLargestComponent)
{
  // c0: 16 idle, a local job of 48 until 100; c1: 16 idle, a local job of 48 until 300. J = {40, 30}, estimate
  // 50: the grid has its 70 processors from 100 (64 + 16), and c0 its 40, but worst fit then finds 24 and 16 left
  // for the 30: it waits for c1, at 300. K = {20}: 16 free on each cluster until 100, so it is reserved at 100 on
  // c0, before J.
  FakeLocalJobs local(2);
  local.running[0].emplace(100.0, 48);
  local.running[1].emplace(300.0, 48);
  JobSpec j = with_estimate(unordered(0, {40, 30}), 50), k = with_estimate(unordered(1, {20}), 50);
  GridBackfilling backfilling(GridBackfilling::Mode::conservative);
  auto pass                    = backfilling.begin_pass(view_with_local(0, {16, 16}, local));
  const GridBackfilling::Fit f = [](const JobSpec& job, std::vector<int>& free) {
    return fitting::fit_unordered(job.components, free, fitting::Rule::worst_fit);
  };
  for (const JobSpec* job : {&j, &k})
    pass.offer(*job, f, f, GridBackfilling::FailedTry::leaves_no_trace);
  EXPECT_EQ(pass.reservations(), (std::vector<std::pair<JobId, double>>{{0, 300}, {1, 100}}));
}

TEST(GridBackfilling, DcsConservativeKeepsTheSameOrder)
{
  // The conservative case above, under the DCS: the broker's rule on one cluster is the same.
  FakeLocalJobs local(1);
  local.running[0].emplace(100.0, 48);
  JobSpec h1 = with_estimate(unordered(0, {56}), 50), h2 = with_estimate(unordered(1, {60}), 100);
  JobSpec j = with_estimate(unordered(2, {8}), 200), k = with_estimate(unordered(3, {4}), 1000);
  auto p = dcs_scheduler(dcs::DcsScheduler::Discipline::conservative);
  for (const JobSpec* job : {&h1, &h2, &j, &k})
    p->on_job_submitted(*job);
  Decisions d = p->decide(view_with_local(0, {16}, local));
  EXPECT_EQ(placed_jobs(d), (std::vector<JobId>{3}));
  EXPECT_EQ(d.not_placed, (std::vector<JobId>{0, 1, 2}));
}

TEST(GridBackfilling, OwnJobsArePlannedFromTheStartOfTheirRun)
{
  // G (48 on c0, estimate 100) is placed at 0 and its run starts at 10: expected to end at 110. At 20 the head
  // H (all 64 of c0) is reserved at 110: A (16, estimate 90) ends by then and starts; A' (16, estimate 91)
  // would not, and waits. Planned from the placement (ends at 100), A would wait too; with G's end unknown, H
  // could never start and A' would start.
  auto p = worst_fit(QueuedPolicy::Discipline::easy);
  FakeControl control(*p, {64});
  JobSpec g = with_estimate(ordered(0, {{0, 48}}), 100);
  p->on_job_submitted(g);
  FakeLocalJobs none(1);
  ASSERT_EQ(placed_jobs(p->decide(view_with_local(0, {64}, none))), (std::vector<JobId>{0}));
  control.time = 10;
  p->on_job_started(g);
  p->on_run_started(g);
  JobSpec h    = with_estimate(ordered(1, {{0, 64}}), 50);
  JobSpec late = with_estimate(ordered(2, {{0, 16}}), 91), a = with_estimate(ordered(3, {{0, 16}}), 90);
  for (const JobSpec* job : {&h, &late, &a})
    p->on_job_submitted(*job);
  Decisions d = p->decide(view_with_local(20, {16}, none));
  EXPECT_EQ(placed_jobs(d), (std::vector<JobId>{3}));
  EXPECT_EQ(d.not_placed, (std::vector<JobId>{1, 2}));
}

TEST(GridBackfilling, AnEndedRunNoLongerFreesProcessorsLater)
{
  // c0: G (48, estimate 100) runs from 0; 16 processors have no known end. G's run ends at 30 (before its
  // completion is reported): its 48 are idle. The head H needs all 64, which never happens: no reservation,
  // and A (48, estimate 1000) starts. Had the policy kept G until 100, H would be reserved at 100 and A wait.
  auto p = worst_fit(QueuedPolicy::Discipline::easy);
  FakeControl control(*p, {64});
  JobSpec g = with_estimate(ordered(0, {{0, 48}}), 100);
  p->on_job_submitted(g);
  FakeLocalJobs none(1);
  ASSERT_EQ(placed_jobs(p->decide(view_with_local(0, {48}, none))), (std::vector<JobId>{0}));
  p->on_job_started(g);
  p->on_run_started(g);
  control.time = 30;
  p->on_run_ended(g);
  JobSpec h = with_estimate(ordered(1, {{0, 64}}), 50), a = with_estimate(ordered(2, {{0, 48}}), 1000);
  p->on_job_submitted(h);
  p->on_job_submitted(a);
  Decisions d = p->decide(view_with_local(30, {48}, none));
  EXPECT_EQ(placed_jobs(d), (std::vector<JobId>{2}));
  EXPECT_EQ(d.not_placed, (std::vector<JobId>{1}));
}

TEST(GridBackfilling, JobsWithoutAnEstimateArePlannedWithTheirRuntime)
{
  JobSpec job = unordered(0, {1});
  job.runtime = 42;
  EXPECT_EQ(GridBackfilling::estimate(job), 42);
  job.estimate = 60;
  EXPECT_EQ(GridBackfilling::estimate(job), 60);
}

TEST(GridBackfilling, AReservationDoesNotGrowTheCloseToFilesHistory)
{
  // The file is on c0 and c2, both full; H = {(c1, c0)}: the job goes to c1 through H, and CF then adds
  // (c1, c2). Planning it (a reservation) must leave H as it was; placing it adds the pair.
  CloseToFiles rule({"c0", "c1", "c2"}, std::set<CloseToFiles::Pair>{{1, 0}});
  JobSpec job = unordered(0, {8});
  job.file    = InputFile{"f", 1, {0, 2}};
  auto view   = coalsim::testing::view_at(0, {0, 64, 0});
  std::vector<int> idle{0, 64, 0};
  ASSERT_TRUE(rule.plan(job, idle, view).has_value());
  EXPECT_EQ(idle, (std::vector<int>{0, 56, 0}));
  EXPECT_EQ(rule.history().size(), 1u);
  std::vector<int> again{0, 64, 0};
  ASSERT_TRUE(rule.place(job, again, view).has_value());
  EXPECT_EQ(rule.history().size(), 2u);
}

TEST(GridBackfilling, CloseToFilesStillLearnsFromAJobNoPlacementFits)
{
  // The file is on c0 and c2; H = {(c1, c0)}. Idle: c0 none, c1 20, c2 12. J = {16, 16} passes the cheap tests
  // (32 free in all, c1 holds 16 over its run) though no placement fits it. CF places the first 16 on c1 through
  // H, adds (c1, c2), and fails on the second: under backfilling, as under FPFS, H keeps the pair. A rule that
  // learns nothing from failing would not be asked.
  auto rule =
      std::make_unique<CloseToFiles>(std::vector<std::string>{"c0", "c1", "c2"}, std::set<CloseToFiles::Pair>{{1, 0}});
  const auto& cf = *rule;
  QueuedPolicy::Settings s;
  s.discipline = QueuedPolicy::Discipline::conservative;
  QueuedPolicy policy(s, std::move(rule));
  JobSpec j = with_estimate(unordered(0, {16, 16}), 50);
  j.file    = InputFile{"f", 1, {0, 2}};
  policy.on_job_submitted(j);
  FakeLocalJobs local(3);
  Decisions d = policy.decide(view_with_local(0, {0, 20, 12}, local));
  EXPECT_TRUE(d.placements.empty());
  EXPECT_EQ(cf.history(), (std::set<CloseToFiles::Pair>{{1, 0}, {1, 2}}));
}

TEST(GridBackfilling, QueueParameterTakesEasyAndConservative)
{
  for (const char* policy : {"wf", "cf", "dcs"})
    for (const char* queue : {"easy", "conservative"}) {
      PolicyParameters parameters(policy, {{"queue", {queue, "exp.yaml:3"}}});
      EXPECT_NO_THROW(PolicyRegistry::instance().create(policy, parameters, PolicyContext{{"a"}}))
          << policy << " " << queue;
    }
}
