/* The information service refreshes a recycled view only where something moved since the last one (polled idle
 * counts, placements and claims; every cluster when the health moved). A policy with the live view compares each
 * view its decide() gets with one built afresh at the same instant (the live view's, built while the first is out):
 * they must agree on every cluster's state, the idle counts and the marked clusters; and each cluster read alone
 * (LiveView::cluster) must be the fresh view's. It also takes live views between decisions (at each submission, as
 * KOALA's claiming does), which must leave the states given back for the next decision's view. */
#include "SimulationFixture.hpp"
#include "sim/api/Capabilities.hpp"
#include "sim/api/LiveView.hpp"
#include "sim/api/PolicyRegistry.hpp"

#include <gtest/gtest.h>
#include <vector>

namespace coalsim {
namespace {

struct ViewChecks {
  int views               = 0;
  int mismatches          = 0;
  int down                = 0; // views with a cluster down
  int cluster_mismatches  = 0; // LiveView::cluster(c) unlike the fresh view's cluster c
  int between             = 0; // live views taken between decisions
  int transfer_mismatches = 0; // LiveView::estimated_transfer_time unlike the view's
};
ViewChecks checks;

/** Worst fit on the view's idle counts, one job after the other; checks every view against a fresh one. */
class ChecksItsViews : public GridPolicy {
public:
  PolicyNeeds needs() const override
  {
    PolicyNeeds needs;
    needs.live_view = true;
    return needs;
  }
  void grant(const Capabilities& granted) override { live_ = granted.live_view; }
  void on_job_submitted(const JobSpec& job) override
  {
    waiting_.push_back(job);
    const GridView between = live_->view();
    ++checks.between;
    const auto n = static_cast<ClusterIndex>(between.cluster_count());
    for (ClusterIndex from = 0; from < n; ++from)
      for (ClusterIndex to = 0; to < n; ++to)
        checks.transfer_mismatches +=
            live_->estimated_transfer_time(from, to, 3e8) != between.estimated_transfer_time(from, to, 3e8);
  }
  void on_claim_failed(const JobSpec& job) override { waiting_.push_back(job); }
  void on_job_withdrawn(const JobSpec& job) override
  {
    std::erase_if(waiting_, [&job](const JobSpec& waiting) { return waiting.id == job.id; });
  }
  Decisions decide(const GridView& view) override
  {
    check(view);
    Decisions decisions;
    std::vector<int> idle = view.idle_counts();
    std::vector<JobSpec> left;
    for (const auto& job : waiting_) {
      Placement placement;
      placement.job = job.id;
      for (const auto& component : job.components) {
        size_t most = 0;
        for (size_t c = 1; c < idle.size(); ++c)
          if (idle[c] > idle[most])
            most = c;
        if (idle[most] < component.processors)
          break;
        idle[most] -= component.processors;
        placement.components.push_back({static_cast<ClusterIndex>(most), component.processors});
      }
      if (placement.components.size() == job.components.size())
        decisions.placements.push_back(placement);
      else {
        for (const auto& placed : placement.components)
          idle[placed.cluster] += placed.processors;
        left.push_back(job);
      }
    }
    waiting_ = std::move(left);
    return decisions;
  }
  size_t waiting_jobs() const override { return waiting_.size(); }

private:
  void check(const GridView& view) const
  {
    const GridView fresh = live_->view();
    ++checks.views;
    bool same = view.cluster_count() == fresh.cluster_count() && view.idle_counts() == fresh.idle_counts() &&
                view.any_marked_unusable() == fresh.any_marked_unusable();
    std::vector<int> idle_of_states;
    bool marked = false, down = false;
    for (size_t c = 0; same && c < view.cluster_count(); ++c) {
      const ClusterState& a = view.clusters()[c];
      const ClusterState& b = fresh.clusters()[c];
      same = a.idle == b.idle && a.usable == b.usable && a.up == b.up && a.marked_unusable == b.marked_unusable;
      idle_of_states.push_back(a.usable ? a.idle : 0);
      marked = marked || a.marked_unusable;
      down   = down || not a.up;
    }
    same = same && idle_of_states == view.idle_counts() && marked == view.any_marked_unusable();
    checks.mismatches += not same;
    checks.down += down;
    for (size_t c = 0; c < fresh.cluster_count(); ++c) {
      const ClusterState alone = live_->cluster(static_cast<ClusterIndex>(c));
      const ClusterState& b    = fresh.clusters()[c];
      checks.cluster_mismatches +=
          not(alone.index == b.index && alone.name == b.name && alone.site == b.site &&
              alone.processors == b.processors && alone.idle == b.idle && alone.usable == b.usable &&
              alone.up == b.up && alone.marked_unusable == b.marked_unusable);
    }
  }

  LiveView* live_ = nullptr;
  std::vector<JobSpec> waiting_;
};

} // namespace

COALSIM_REGISTER_POLICY(test_checks_its_views, "test_checks_its_views",
                        "test only: worst fit that checks each view against one built afresh",
                        [](PolicyParameters&, const PolicyContext&) { return std::make_unique<ChecksItsViews>(); });

TEST(InformationView, ARecycledViewRefreshedWhereSomethingMovedEqualsOneBuiltAfresh)
{
  // Polled every 10 s on DAS-2 under background load, with failed runs and an outage of fs1: the views see polls,
  // placements, claims, failed claims and a cluster down (clusters marked unusable: the KOALA experiments' traces).
  testing::simulate_yaml(R"(
platform: )" COALSIM_SOURCE_DIR R"(/platforms/das2.xml
policy: {name: test_checks_its_views}
workload: {jobs: 400, arrival: poisson, offered_load: 0.5, components: {dist: choice, values: [1, 2, 4]},
           component_size: {dist: choice, values: [8, 16]}, runtime: {dist: uniform, min: 90, max: 192},
           request_types: {unordered: 1}}
background: {model: synthetic, utilization: 0.35, size: {dist: choice, values: [1, 2, 4, 8, 16, 32]},
             runtime: {dist: lognormal, mu: 5.5, sigma: 1.5}}
info_service: {poll_interval: 10}
faults: {unusable_after: 3, completion_failure: 0.3, clusters: {fs1: {outages: ["300+400"]}}}
)");
  EXPECT_GT(checks.views, 100);
  EXPECT_EQ(checks.mismatches, 0);
  EXPECT_GT(checks.down, 0);
  EXPECT_EQ(checks.cluster_mismatches, 0); // one cluster read alone (LiveView::cluster) is the view's
  EXPECT_GT(checks.between, 300);
  EXPECT_EQ(checks.transfer_mismatches, 0);
}

} // namespace coalsim
