/* The engine rejects a job that no placement its policy can make could ever hold, whatever the policy: before,
 * such a job waited for ever ("0 rejected, 3 unfinished", or a run going on with its background to the
 * simulated-time horizon). */
#include "SimulationFixture.hpp"
#include "sim/api/PolicyRegistry.hpp"

#include <cmath>
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
  void on_job_withdrawn(const JobSpec& job) override { std::erase(waiting_, &job); }
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

namespace {
/** Two jobs of 3 processors ordered on b, for the policy that never rejects: job 0 runs there from 0, job 1 waits
 *  behind it. b goes down 5-15 s, killing job 0; with `unusable_after` 1 that error marks b unusable for good. */
std::string jobs_outlived_by_cluster_b(int unusable_after)
{
  return R"(
policy: {name: test_uses_cluster_b_only}
workload: {jobs: 2, arrival: batch, components: 1, component_size: 3, runtime: 100, request_types: {ordered: 1},
           ordered_clusters: [b]}
background: {model: none}
info_service: {poll_interval: 0}
overheads: {submission: 0, completion: 0}
stop: {max_time: 100000}
faults: {unusable_after: )" +
         std::to_string(unusable_after) + R"(, clusters: {b: {outages: ["5+10"]}}}
)";
}
} // namespace

TEST(NeverFittingJobs, AWaitingJobThatClustersMarkedUnusableLeaveWithoutRoomIsWithdrawnFromAnyPolicy)
{
  // Before the engine checked waiting jobs again, job 1 waited with its policy until the stop (unfinished at
  // 100000 s): the policy never rejects, and only its arrival was checked.
  auto t = testing::simulate_yaml(jobs_outlived_by_cluster_b(1));
  ASSERT_EQ(t.jobs.size(), 2u);
  for (const auto& job : t.jobs) {
    EXPECT_EQ(job.status, static_cast<int8_t>(JobStatus::failed)) << job.id;
    EXPECT_NEAR(job.completion_time, 5.0, 1e-9) << job.id;
  }
  const auto& waiting = t.jobs[0].id == 1 ? t.jobs[0] : t.jobs[1];
  EXPECT_STREQ(waiting.rejection, "no_usable_fit"); // withdrawn at the pass after b was marked unusable
  EXPECT_TRUE(std::isnan(waiting.start_time));
  std::vector<std::string> kinds;
  for (const auto& f : t.failures)
    kinds.push_back(std::string(f.kind) + "@" + std::to_string(f.job_id));
  EXPECT_EQ(kinds,
            (std::vector<std::string>{"outage@-1", "component@0", "unusable@-1", "drop@0", "drop@1", "outage_end@-1"}));
}

TEST(NeverFittingJobs, AnOutageThatEndsWithdrawsNoJob)
{
  // One error is below the threshold of 2: b is down 5-15 s but stays usable, so job 1 waits and runs after it
  // (from 15 s, where job 0, killed at 5 and given up by its policy, no longer holds b).
  auto t = testing::simulate_yaml(jobs_outlived_by_cluster_b(2));
  ASSERT_EQ(t.jobs.size(), 2u);
  const auto& waiting = t.jobs[0].id == 1 ? t.jobs[0] : t.jobs[1];
  EXPECT_EQ(waiting.status, static_cast<int8_t>(JobStatus::completed));
  EXPECT_STREQ(waiting.rejection, "");
  EXPECT_NEAR(waiting.start_time, 15.0, 1e-9);
}

TEST(NeverFittingJobs, DianaJobsWaitingWhenEverySiteIsMarkedUnusableAreWithdrawn)
{
  // Site c0 of the report's lab alone (two processors); four jobs of two processors submitted to it at 0: job 0
  // runs, three wait in c0's queue. c0 goes down at 5 s, and that error marks it unusable: job 0 fails (DIANA takes
  // no failed run back) and the three waiting ones can never be placed. Before the engine checked waiting jobs
  // again, they waited in DIANA's queue until the stop (unfinished at 100000 s).
  auto t = testing::simulate_yaml("platform: " COALSIM_SOURCE_DIR "/platforms/diana-lab.xml\n"
                                  R"(
clusters: [c0]
policy: {name: diana, costs: static, submission: iterative}
workload: {jobs: 4, arrival: batch, components: 1, component_size: 2, request_types: {unordered: 1}, runtime: 100,
           submit_site: c0}
background: {model: none}
info_service: {poll_interval: 0}
stop: {max_time: 100000}
faults: {unusable_after: 1, clusters: {c0: {outages: ["5+10"]}}}
)");
  ASSERT_EQ(t.jobs.size(), 4u);
  int withdrawn = 0;
  for (const auto& job : t.jobs) {
    EXPECT_EQ(job.status, static_cast<int8_t>(JobStatus::failed)) << job.id;
    EXPECT_NEAR(job.completion_time, 5.0, 1e-9) << job.id;
    withdrawn += std::string(job.rejection) == "no_usable_fit";
  }
  EXPECT_EQ(withdrawn, 3); // job 0, given up after its failed run, has no code
}

TEST(NeverFittingJobs, JobTheLocalLoadNeverLeavesRoomForIsGivenUpAtTheFirstEventPastTheStall)
{
  // wf, clusters a and b of 4 processors each held at the middle of a [0.25, 0.75] band by 2 dummy jobs that never
  // end, and one job of 4 processors: it fits a cluster, but never finds 4 idle processors. wf makes no pass of its
  // own while nothing changes, so the stall (nothing arrived, started or ended since 0, `stall_after` 1000) is
  // seen after the first event past 1000, the band's check at 1020; the job is given up then. Before, it waited to
  // the stop (unfinished at 100000 s; to the simulated-time horizon without one).
  auto t = testing::simulate_yaml(R"(
policy: wf
workload: {jobs: 1, arrival: batch, components: 1, component_size: 4, runtime: 100, request_types: {unordered: 1}}
background: {model: band, band: [0.25, 0.75], band_interval: 30}
info_service: {poll_interval: 0}
stop: {max_time: 100000, stall_after: 1000}
)");
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, static_cast<int8_t>(JobStatus::failed));
  EXPECT_STREQ(t.jobs[0].rejection, "stalled");
  EXPECT_DOUBLE_EQ(t.jobs[0].completion_time, 1020.0);
}

namespace {
/** One job of 4 processors on cluster a alone, with exact information (no polls), a stall after 1005 s (off the
 *  10 s polls' dates) and host a-0 as `profile` has it (SimGrid plays it: no event of coalsim's). */
std::string one_job_on_a(const std::string& profile)
{
  return R"(
clusters: [a]
policy: ff
workload: {jobs: 1, arrival: batch, components: 1, component_size: 4, runtime: 100, request_types: {unordered: 1}}
background: {model: none}
info_service: {poll_interval: 0}
stop: {stall_after: 1005}
)" + (profile.empty() ? std::string() : "faults: {hosts: {a-0: {profile: \"" + profile + "\"}}}\n");
}
} // namespace

TEST(NeverFittingJobs, WithExactInformationAJobThatCanNeverStartIsGivenUpAtTheStallDeadline)
{
  // Host a-0 goes down at 0 for good: the job of 4 processors fits a's 4 hosts (no size check refuses it) but can
  // never start. Exact information has no polls, and nothing else is left to happen after its arrival, so the
  // run ended there (0 s), the job unfinished; polled, it was given up at the first poll past the stall. Now a timer
  // at the stall's deadline (0 + 1005) is that event: the job fails there as polled mode has it (code `stalled`, a
  // `drop` row), and the run ends there.
  RunStatistics statistics;
  auto t = testing::simulate_yaml(one_job_on_a("0 0"), &statistics);
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, static_cast<int8_t>(JobStatus::failed));
  EXPECT_STREQ(t.jobs[0].rejection, "stalled");
  EXPECT_DOUBLE_EQ(t.jobs[0].completion_time, 1005.0);
  ASSERT_FALSE(t.failures.empty());
  EXPECT_STREQ(t.failures.back().kind, "drop");
  EXPECT_DOUBLE_EQ(t.failures.back().time, 1005.0);
  EXPECT_DOUBLE_EQ(statistics.end_time, 1005.0);
}

TEST(NeverFittingJobs, WithExactInformationTheStallTimerGoesWhenAHostProfileLetsTheJobStart)
{
  // Host a-0 is down from 0 to 400 (SimGrid's profile, which keeps no run alive): the run used to end at 0, the job
  // unfinished. The stall's timer keeps it going; the host's return at 400 lets the job run 400-500, and the run
  // ends with it, not at the stall's deadline (1005): the job's start dropped the timer.
  RunStatistics statistics;
  auto t = testing::simulate_yaml(one_job_on_a("0 0\\n400 1\\n"), &statistics);
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, static_cast<int8_t>(JobStatus::completed));
  EXPECT_DOUBLE_EQ(t.jobs[0].start_time, 400.0);
  EXPECT_DOUBLE_EQ(statistics.end_time, 500.0);
}

TEST(NeverFittingJobs, WithExactInformationARunWithNothingWaitingEndsWithItsLastJobNotAtTheStallDeadline)
{
  // No fault: the job runs 0-100 and the run ends there, as before; no timer is set for a stall.
  RunStatistics statistics;
  auto t = testing::simulate_yaml(one_job_on_a(""), &statistics);
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, static_cast<int8_t>(JobStatus::completed));
  EXPECT_DOUBLE_EQ(statistics.end_time, 100.0);
}

} // namespace coalsim
