/* The DIANA policy's decisions without a simulation: a hand-written SiteChannel carries no messages but records
 * them, and the test writes the peers' replies itself, so each decision is made on exactly the reports the test
 * chose. The cases: which costs `job_kind: by_input` ranks a job by, and which queues the total queue Q of the
 * computation cost (report 3.3, eq. 3.3) adds up. */
#include "FakeControl.hpp"
#include "policies/diana/DianaPolicy.hpp"
#include "policies/diana/DianaSettings.hpp"
#include "sim/api/PolicyParameters.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <string>
#include <vector>

using namespace coalsim;
using namespace coalsim::diana;
using coalsim::testing::FakeControl;

namespace {

/** A policy for FakeControl's constructor, which hands itself to its policy before SiteControl's routes exist. */
class NoPolicy : public GridPolicy {
public:
  void on_job_submitted(const JobSpec&) override {}
  void on_claim_failed(const JobSpec&) override {}
  void on_job_withdrawn(const JobSpec&) override {}
  Decisions decide(const GridView&) override { return {}; }
  size_t waiting_jobs() const override { return 0; }
};

/** FakeControl with what a policy of one scheduler per site needs: every route the same, messages recorded. */
class SiteControl : public FakeControl, public SiteChannel {
public:
  SiteControl(GridPolicy& policy, std::vector<int> idle, RouteQuality route)
      : FakeControl(no_policy(), std::move(idle))
      , route_quality(route)
  {
    this->policy     = &policy;
    Capabilities all = offered();
    all.site_channel = this;
    policy.grant(declared_only(policy.needs(), all));
  }
  RouteQuality route_quality;
  std::vector<std::tuple<ClusterIndex, ClusterIndex, std::shared_ptr<const Message>>> sent;

  static NoPolicy& no_policy()
  {
    static NoPolicy none;
    return none;
  }

  void send(ClusterIndex from, ClusterIndex to, std::shared_ptr<const Message> message) override
  {
    sent.emplace_back(from, to, std::move(message));
  }
  RouteQuality route(ClusterIndex, ClusterIndex) const override { return route_quality; }
  void record_submission_site(JobId, ClusterIndex) override {}
  void record_migration(JobId, ClusterIndex, ClusterIndex) override {}
  void record_migration_check(ClusterIndex, double, int, int) override {}
};

DianaSettings settings_of(const std::map<std::string, std::string>& given, size_t sites)
{
  std::map<std::string, ParameterValue> values;
  int line = 1;
  for (const auto& [key, text] : given)
    values[key] = ParameterValue{text, "diana.yaml:" + std::to_string(++line)};
  std::vector<std::string> names;
  for (size_t s = 0; s < sites; ++s) {
    std::string name = "c"; // appended, not "c" + ...: GCC 12 warns (-Wrestrict) about that one
    name += std::to_string(s);
    names.push_back(name);
  }
  PolicyParameters parameters("diana", values);
  auto settings = read_diana_settings(parameters, names);
  parameters.check_all_used();
  return settings;
}

/** What a peer answers a query: its queue, processors, busy processors. */
struct PeerReport {
  int queued = 0, processors = 0, busy = 0;
};

/** Submits `job` to site 0, whose cluster (64 processors) has `idle_at_home` idle, lets every peer answer with its
 *  report, and returns the site the job was handed to (0: it stays home). */
ClusterIndex decided_site(const DianaSettings& settings, const JobSpec& job, int idle_at_home,
                          const std::vector<PeerReport>& peers, RouteQuality route)
{
  size_t sites = peers.size() + 1;
  DianaPolicy policy(settings, sites, 1);
  std::vector<int> idle(sites, 64);
  idle[0] = idle_at_home;
  SiteControl control(policy, idle, route);
  policy.on_job_submitted(job);
  policy.decide(control.view());
  std::vector<Query> queries;
  for (const auto& [from, to, message] : control.sent) {
    EXPECT_EQ(message->kind(), "query");
    if (const auto* query = message->as<Query>())
      queries.push_back(*query);
  }
  EXPECT_EQ(queries.size(), peers.size());
  control.sent.clear();
  for (size_t p = 0; p < peers.size(); ++p) {
    SiteLoad load{peers[p].queued, peers[p].processors, peers[p].busy};
    policy.on_message(static_cast<ClusterIndex>(p + 1), 0, Reply(queries.at(p).round, job.id, load, 0, true, 1000),
                      true);
  }
  for (const auto& [from, to, message] : control.sent)
    if (message->as<JobSubmission>())
      return to;
  EXPECT_EQ(policy.owner(job.id), 0);
  return 0;
}

JobSpec job_of(int processors, double input_bytes)
{
  JobSpec job;
  job.id          = 7;
  job.type        = RequestType::total;
  job.components  = {{processors, no_cluster}};
  job.runtime     = 100;
  job.submit_site = 0;
  if (input_bytes > 0)
    job.file = InputFile{"input", input_bytes, {0}};
  return job;
}

// Two sites, 1 ms round trip at 100 MB/s between them: NetCost = W1 x 0.001 / 1e8 = 1e-11 per byte, 0.01 once weighed
// by W4 = 1e9. Home (site 0) is full: its computation cost is its load, 64 / 64 = 1; the peer is idle (0). The input
// is at home, so home's data transfer cost is 0 and the peer's W8 x input x 1e-11 plus 2 MB of executable and output
// x 1e-11 = 2e-5.
const RouteQuality lan{0.0005, 1e8, 0, 0};
const std::vector<PeerReport> idle_peer{{0, 64, 0}};

} // namespace

TEST(DianaPolicyDecisions, ByInputRanksALargeInputByTheDataTransferCost)
{
  // A 1 GB input: DTC at the peer 0.01 + 2e-5. By data (W4 NetCost + DTC): home 0, peer 0.02: home. By computation
  // (W4 NetCost + CC): home 1, peer 0.01: the peer. By all costs: home 1, peer 0.02: the peer.
  JobSpec job = job_of(1, 1e9);
  EXPECT_EQ(decided_site(settings_of({{"job_kind", "data"}}, 2), job, 0, idle_peer, lan), 0);
  EXPECT_EQ(decided_site(settings_of({{"job_kind", "compute"}}, 2), job, 0, idle_peer, lan), 1);
  EXPECT_EQ(decided_site(settings_of({{"job_kind", "both"}}, 2), job, 0, idle_peer, lan), 1);
  EXPECT_EQ(decided_site(settings_of({{"job_kind", "by_input"}}, 2), job, 0, idle_peer, lan), 0)
      << "an input above data_intensive_bytes (100 MB) is data-intensive: ranked as `data`, not as `both`";
}

TEST(DianaPolicyDecisions, ByInputRanksASmallInputByTheComputationCost)
{
  // A 50 MB input with W8 = 1e4: DTC at the peer 1e4 x 5e7 x 1e-11 = 5. By computation: home 1, peer 0.01: the peer.
  // By all costs: home 1, peer 0.01 + 5: home.
  JobSpec job = job_of(1, 5e7);
  EXPECT_EQ(decided_site(settings_of({{"job_kind", "compute"}, {"w8", "1e4"}}, 2), job, 0, idle_peer, lan), 1);
  EXPECT_EQ(decided_site(settings_of({{"job_kind", "both"}, {"w8", "1e4"}}, 2), job, 0, idle_peer, lan), 0);
  EXPECT_EQ(decided_site(settings_of({{"job_kind", "by_input"}, {"w8", "1e4"}}, 2), job, 0, idle_peer, lan), 1)
      << "an input below data_intensive_bytes is compute-intensive: ranked as `compute`, not as `both`";
}

TEST(DianaPolicyDecisions, ByInputLeavesNoFixedKindInTheSettings)
{
  EXPECT_FALSE(settings_of({{"job_kind", "by_input"}}, 2).kind.has_value());
  EXPECT_EQ(settings_of({{"job_kind", "data"}}, 2).kind, JobKind::data_intensive);
  EXPECT_EQ(settings_of({}, 2).kind, JobKind::both);
}

TEST(DianaPolicyDecisions, TotalQueueCountsTheQueuesOfEverySiteThatAnswered)
{
  // Eq. 3.3: CC_j = W5 Q_j / P_j + W6 Q / P_j + W7 SiteLoad_j, Q the jobs waiting at all sites. A 2-processor job at
  // site 0 (64 processors, all busy, empty queue); site 1 (1 processor) is too small for it but has 10 jobs queued;
  // site 2 (2 idle processors, empty queue) fits it. No network cost (a route without links). Q = 0 + 10 + 0 = 10:
  // home costs 10 / 64 + 64 / 64 = 1.16, site 2 10 / 2 = 5: the job stays home. Counting only the sites large enough
  // for the job (Q = 0) would make home 1 and site 2 0, and send it away.
  RouteQuality no_links{0, std::numeric_limits<double>::infinity(), 0, 0};
  JobSpec job = job_of(2, 0);
  std::vector<PeerReport> peers{{10, 1, 1}, {0, 2, 0}};
  EXPECT_EQ(decided_site(settings_of({{"job_kind", "compute"}}, 3), job, 0, peers, no_links), 0);
  // Without site 1's queue the same decision goes to site 2, and site 1 is never a candidate, however cheap.
  std::vector<PeerReport> no_queue{{0, 1, 0}, {0, 2, 0}};
  EXPECT_EQ(decided_site(settings_of({{"job_kind", "compute"}}, 3), job, 0, no_queue, no_links), 2);
}
