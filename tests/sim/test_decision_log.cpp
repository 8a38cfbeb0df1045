/* The optional decision log (trace.decisions): off by default, the same run with it on, and the rounds of a central
 * scheduler and of DIANA's sites as computed by hand. Libra's admissions: test_libra_runs.cpp. */
#include "SimulationFixture.hpp"

#include <gtest/gtest.h>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace coalsim {
namespace {

/** Three jobs of one 3-processor component at 0 on the two clusters of 4 (worst fit), 100 s each. */
const char* three_jobs = R"(
policy: wf
workload: {jobs: 3, arrival: batch, components: 1, component_size: 3, runtime: 100, request_types: {unordered: 1}}
background: {model: none}
info_service: {poll_interval: 0}
overheads: {submission: 0, completion: 0}
)";

std::string row_text(const DecisionRow& d)
{
  return std::to_string(d.round) + " job " + std::to_string(d.job_id) + " c" + std::to_string(d.cluster) + " " +
         d.outcome + (d.reason[0] ? std::string(" ") + d.reason : "");
}

} // namespace

TEST(DecisionLog, IsOffByDefault)
{
  auto t = testing::simulate_yaml(three_jobs);
  EXPECT_FALSE(t.has_decisions);
  EXPECT_TRUE(t.decision_terms.empty());
}

TEST(DecisionLog, LeavesTheScheduleAsComputedByHand)
{
  // One simulation per process: the run with the log against the schedule by hand (jobs 0 and 1 at 0 on a and b,
  // job 2 at 100 on a); scripts/compare-builds.sh compares whole traces with the log off.
  auto t = testing::simulate_yaml(std::string(three_jobs) + "trace: {decisions: true}\n");
  ASSERT_EQ(t.jobs.size(), 3u);
  const double starts[]  = {0, 0, 100};
  const char* clusters[] = {"a", "b", "a"};
  for (const auto& job : t.jobs) {
    EXPECT_EQ(job.start_time, starts[job.id]) << job.id;
    EXPECT_STREQ(job.clusters, clusters[job.id]) << job.id;
  }
}

TEST(DecisionLog, AWaitQueueTryNamesEachClustersVerdict)
{
  // At 0: job 0 takes a (worst fit, a tie to the first), job 1 b (a has 1 idle: too few for 3), job 2 fits
  // neither (FCFS: one try at that pass). At 100 both end: job 2 is tried again and takes a.
  auto t = testing::simulate_yaml(std::string(three_jobs) + "trace: {decisions: true}\n");
  std::vector<std::string> rows;
  for (const auto& d : t.decisions)
    rows.push_back(row_text(d));
  EXPECT_EQ(rows, (std::vector<std::string>{"1 job 0 c0 chosen", "1 job 0 c1 considered",
                                            "2 job 1 c0 refused too_few_idle", "2 job 1 c1 chosen",
                                            "3 job 2 c0 refused too_few_idle", "3 job 2 c1 refused too_few_idle",
                                            "4 job 2 c0 chosen", "4 job 2 c1 considered"}));
  ASSERT_EQ(t.decisions.size(), 8u);
  EXPECT_EQ(t.decisions[4].time, 0);
  EXPECT_EQ(t.decisions[6].time, 100);
  std::map<std::pair<int64_t, int>, double> idle;
  for (const auto& term : t.decision_terms) {
    EXPECT_STREQ(term.name, "idle");
    idle[{term.round, term.cluster}] = term.value;
  }
  EXPECT_EQ((idle[{1, 0}]), 4);
  EXPECT_EQ((idle[{2, 0}]), 1);
  EXPECT_EQ((idle[{3, 1}]), 1);
  EXPECT_EQ((idle[{4, 1}]), 4);
}

TEST(DecisionLog, DianaRoundHasEachRepliesFiguresAndCostsAndTheSiteChosen)
{
  // The report's lab (two sites of two processors), one job of two processors submitted to c0: c0 asks c1, which
  // answers (an empty queue, 2 processors, none busy); both can hold it, and the round ranks them by cost.
  auto t = testing::simulate_yaml("platform: " COALSIM_SOURCE_DIR "/platforms/diana-lab.xml\n"
                                  R"(
policy: {name: diana, costs: static, submission: iterative}
workload: {jobs: 1, arrival: batch, components: 1, component_size: 2, request_types: {unordered: 1}, runtime: 23,
           submit_site: c0}
background: {model: none}
info_service: {poll_interval: 0}
trace: {decisions: true}
)");
  ASSERT_EQ(t.decisions.size(), 2u);
  int chosen = 0;
  for (const auto& d : t.decisions) {
    EXPECT_EQ(d.round, 1);
    EXPECT_EQ(d.job_id, 0);
    EXPECT_EQ(d.deciding_site, 0);
    EXPECT_GT(d.time, 0); // after the reply's round trip
    chosen += std::string(d.outcome) == "chosen";
  }
  EXPECT_EQ(chosen, 1);
  ASSERT_EQ(t.components.size(), 1u);
  for (const auto& d : t.decisions) {
    if (std::string(d.outcome) == "chosen") {
      EXPECT_EQ(d.cluster, t.components[0].cluster) << "the site chosen runs the job";
    }
  }
  std::map<std::tuple<int, std::string>, double> terms;
  for (const auto& term : t.decision_terms)
    terms[{term.cluster, term.name}] = term.value;
  for (int site = 0; site < 2; ++site) {
    EXPECT_EQ((terms.count({site, "queue_length"})), 1u) << site;
    EXPECT_EQ((terms[{site, "processors"}]), 2) << site;
    EXPECT_EQ((terms[{site, "busy"}]), 0) << site;
    EXPECT_EQ((terms.count({site, "cost.total"})), 1u) << site;
    EXPECT_EQ((terms.count({site, "cost.computation"})), 1u) << site;
    EXPECT_EQ((terms.count({site, "cost.network"})), 1u) << site;
    EXPECT_EQ((terms.count({site, "cost.data_transfer"})), 1u) << site;
  }
  EXPECT_EQ((terms[{1, "queue_length"}]), 0);
  EXPECT_EQ((terms[{1, "jobs_ahead"}]), 0);
}

} // namespace coalsim
