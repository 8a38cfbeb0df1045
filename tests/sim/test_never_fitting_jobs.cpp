/* The engine rejects a job that no placement its policy can make could ever hold, whatever the policy: before,
 * such a job waited for ever ("0 rejected, 3 unfinished", or a run going on with its background to the
 * simulated-time horizon). */
#include "SimulationFixture.hpp"
#include "sim/api/PolicyRegistry.hpp"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace coalsim {
namespace {

/** A policy as a user might write it, that never rejects anything: it places an ordered job on its clusters
 *  when they are idle enough, on cluster b (index 1) only, the one cluster it declares it uses. */
class UsesClusterBOnly : public GridPolicy {
public:
  PolicyNeeds needs() const override
  {
    PolicyNeeds needs;
    needs.clusters = std::vector<ClusterIndex>{1};
    return needs;
  }
  void on_job_submitted(const JobSpec& job) override { waiting_.push_back(&job); }
  void on_claim_failed(const JobSpec& job) override { waiting_.push_back(&job); }
  Decisions decide(const GridView& view) override
  {
    Decisions decisions;
    std::vector<int> idle = view.idle_counts();
    for (auto it = waiting_.begin(); it != waiting_.end();) {
      const JobSpec& job = **it;
      bool fits          = true;
      for (const auto& c : job.components)
        fits = fits && c.cluster == 1 && c.processors <= idle[1];
      if (not fits) {
        ++it;
        continue;
      }
      Placement placement;
      placement.job = job.id;
      for (const auto& c : job.components) {
        placement.components.push_back({c.cluster, c.processors});
        idle[1] -= c.processors;
      }
      decisions.placements.push_back(placement);
      it = waiting_.erase(it);
    }
    return decisions;
  }
  size_t waiting_jobs() const override { return waiting_.size(); }

private:
  std::vector<const JobSpec*> waiting_;
};

int count_status(const Trace& t, JobStatus status)
{
  int n = 0;
  for (const auto& job : t.jobs)
    n += job.status == static_cast<int8_t>(status);
  return n;
}

} // namespace

COALSIM_REGISTER_POLICY(test_uses_cluster_b_only, "test_uses_cluster_b_only",
                        "test only: places ordered jobs on cluster b, never rejects",
                        [](PolicyParameters&, const PolicyContext&) { return std::make_unique<UsesClusterBOnly>(); });

TEST(NeverFittingJobs, JobsOnAClusterTheirPolicyDoesNotUseAreRejected)
{
  RunStatistics statistics;
  auto t = testing::simulate_yaml(R"(
policy: {name: test_uses_cluster_b_only}
workload: {jobs: 3, arrival: batch, components: 1, component_size: 2, runtime: 10, request_types: {ordered: 1},
           ordered_clusters: [a]}
background: {model: none}
)",
                                  &statistics);
  ASSERT_EQ(t.jobs.size(), 3u);
  EXPECT_EQ(count_status(t, JobStatus::rejected), 3); // ordered on a, at their arrival
  for (const auto& job : t.jobs)
    EXPECT_STREQ(job.rejection, "policy_clusters"); // the engine's code, whole
  EXPECT_EQ(statistics.by_status[static_cast<int>(JobStatus::rejected)], 3u);
}

TEST(NeverFittingJobs, DianaJobsLargerThanAnyOneSiteAreRejected)
{
  // The report's lab: two sites of two processors. DIANA places all of a job's components on one site, so a job
  // of two components of two processors fits no site, though the grid holds four (the issue's reproducer).
  auto t = testing::simulate_yaml("platform: " COALSIM_SOURCE_DIR "/platforms/diana-lab.xml\n"
                                  R"(
policy: {name: diana, costs: static, submission: iterative}
workload: {jobs: 3, arrival: batch, components: 2, component_size: 2, request_types: {unordered: 1}, runtime: 23,
           submit_site: c0}
background: {model: none}
info_service: {poll_interval: 0}
overheads: {submission: 0, completion: 20}
)");
  ASSERT_EQ(t.jobs.size(), 3u);
  EXPECT_EQ(count_status(t, JobStatus::rejected), 3);
  for (const auto& job : t.jobs) {
    EXPECT_EQ(job.submit_time, 0); // rejected at their arrival, with no decision round
    EXPECT_STREQ(job.rejection, "no_single_fit");
  }
  EXPECT_TRUE(t.messages.empty());
}

} // namespace coalsim
