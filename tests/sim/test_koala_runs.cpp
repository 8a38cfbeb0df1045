/* KOALA on the tiny platform (two clusters of 4 processors, 10 MB/s between them). */
#include "SimulationFixture.hpp"

#include <algorithm>
#include <cstring>

using namespace coalsim;
using coalsim::testing::simulate_yaml;

TEST(KoalaRuns, JobClaimsAtJctAndStartsWhenTheFileHasArrived)
{
  // One component of 4 on cluster b (the only one idle at... both are idle: WF takes a), file at b:
  // FTT = 100 MB / 10 MB/s = 10 s; JCT = 0.75 * 10 = 7.5 s; start at 10 s.
  auto t = simulate_yaml(R"(
policy: {name: koala, placement: wf}
workload: {jobs: 1, arrival: batch, components: 1, component_size: 4, runtime: 100,
           file: {size: 100MB, replicas: 1, sites: [b]}}
info_service: {poll_interval: 0}
)");
  ASSERT_EQ(t.jobs.size(), 1u);
  const JobRow& j = t.jobs[0];
  EXPECT_EQ(j.status, 0);
  EXPECT_NEAR(j.estimated_ftt, 10.0, 1e-6);
  EXPECT_NEAR(j.start_time, 10.0, 1e-6);
  EXPECT_NEAR(j.pgt, 4 * 7.5, 1e-6) << "claimed at JCT_0 = JPT + 0.75 FTT";
  EXPECT_NEAR(j.pwt, 4 * 2.5, 1e-6) << "held from the claim to the start";
  EXPECT_EQ(j.claiming_tries, 1);
  EXPECT_EQ(j.placements, 1);
}

TEST(KoalaRuns, ClusterFailingRepeatedlyIsMarkedUnusableAndEveryJobCompletes)
{
  auto t = simulate_yaml(R"(
policy: {name: koala, placement: wf, scan_interval: 10}
workload: {jobs: 20, arrival: poisson, rate: 0.02, components: 1, component_size: 2, runtime: 50}
faults:
  unusable_after: 3
  clusters:
    a: {component_failure: 1.0}
info_service: {poll_interval: 0}
)");
  ASSERT_EQ(t.jobs.size(), 20u);
  for (const auto& j : t.jobs)
    EXPECT_EQ(j.status, 0) << "job " << j.id << " did not complete";
  int unusable = 0, component = 0;
  for (const auto& f : t.failures) {
    if (std::strcmp(f.kind, "unusable") == 0) {
      ++unusable;
      EXPECT_EQ(f.cluster, 0);
    }
    if (std::strcmp(f.kind, "component") == 0) {
      ++component;
      EXPECT_EQ(f.cluster, 0) << "only cluster a fails";
    }
  }
  EXPECT_EQ(unusable, 1);
  EXPECT_GE(component, 3);
  int failed_runs = 0;
  for (const auto& j : t.jobs) {
    failed_runs += j.completion_failures;
    EXPECT_EQ(j.placements, j.completion_failures + 1);
    EXPECT_STREQ(j.clusters, "b") << "job " << j.id << ": every run on a fails";
  }
  EXPECT_EQ(failed_runs, component);
}

TEST(KoalaRuns, PlacementReservesNoProcessorsSoAClaimCanFailAndTheJobIsPlacedAgain)
{
  // KOALA's CO places on the idle counts the MDS reports; a placed job's processors are not taken until
  // they are claimed at the JCT (the time until then is processor gained time, free for anyone). Two jobs
  // of 4 with their file at b: WF puts both on a (4 idle in the view each time). At JCT 7.5 the first
  // claims a's 4 processors; the second cannot claim, reaches its JST with nothing claimed, goes back to
  // the placement queue and is placed again, on b (its file site: no transfer), at 10 s.
  auto t = simulate_yaml(R"(
policy: {name: koala, placement: wf}
workload: {jobs: 2, arrival: batch, components: 1, component_size: 4, runtime: 100,
           file: {size: 100MB, replicas: 1, sites: [b]}}
info_service: {poll_interval: 0}
)");
  ASSERT_EQ(t.jobs.size(), 2u);
  auto first  = std::find_if(t.jobs.begin(), t.jobs.end(), [](const JobRow& j) { return j.placements == 1; });
  auto second = std::find_if(t.jobs.begin(), t.jobs.end(), [](const JobRow& j) { return j.placements == 2; });
  ASSERT_NE(first, t.jobs.end());
  ASSERT_NE(second, t.jobs.end()) << "with a reserving placement the second job would have gone to b at once";
  EXPECT_STREQ(first->clusters, "a");
  EXPECT_NEAR(first->pgt, 4 * 7.5, 1e-6) << "claimed at JCT_0";
  EXPECT_STREQ(second->clusters, "b");
  EXPECT_NEAR(second->start_time, 10.0, 1e-6);
  EXPECT_EQ(second->submission_failures, 1);
  int claim_failures = 0;
  for (const auto& f : t.failures)
    claim_failures += std::strcmp(f.kind, "claim") == 0;
  EXPECT_EQ(claim_failures, 1);
}
