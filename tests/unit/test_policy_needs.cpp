/* A policy gets the interfaces its needs() declare and no other (the others are null, so an undeclared call cannot
 * be made), a policy that uses an undeclared one stops at its grant, and a message kind is a type that carries its
 * kind name, its size on the wire and its job. */
#include "FakeControl.hpp"
#include "policies/common/PlacementRule.hpp"
#include "policies/common/QueuedPolicy.hpp"
#include "policies/diana/DianaMessages.hpp"
#include "sim/api/Capabilities.hpp"

#include <gtest/gtest.h>

using namespace coalsim;
using coalsim::testing::FakeControl;

namespace {

/** A policy that declares what the test sets and keeps what it is granted. */
class Declares : public GridPolicy {
public:
  explicit Declares(PolicyNeeds declared) : declared_(std::move(declared)) {}
  PolicyNeeds needs() const override { return declared_; }
  void grant(const Capabilities& granted) override { got = granted; }
  void on_job_submitted(const JobSpec&) override {}
  void on_claim_failed(const JobSpec&) override {}
  void on_job_withdrawn(const JobSpec&) override {}
  Decisions decide(const GridView&) override { return {}; }
  size_t waiting_jobs() const override { return 0; }
  Capabilities got;

private:
  PolicyNeeds declared_;
};

} // namespace

TEST(PolicyNeeds, APolicyThatDeclaresNothingIsGrantedNothing)
{
  Declares policy({});
  FakeControl control(policy, {4});
  EXPECT_EQ(policy.got.claims, nullptr);
  EXPECT_EQ(policy.got.host_shares, nullptr);
  EXPECT_EQ(policy.got.timers, nullptr);
  EXPECT_EQ(policy.got.live_view, nullptr);
  EXPECT_EQ(policy.got.site_channel, nullptr);
  EXPECT_EQ(policy.got.reports, nullptr);
  // The decision log is the exception: every policy gets one, off unless trace.decisions.
  ASSERT_NE(policy.got.decisions, nullptr);
  EXPECT_FALSE(policy.got.decisions->enabled());
}

TEST(PolicyNeeds, TheDecisionLogOfferedIsGrantedWhateverThePolicyDeclares)
{
  class KeptLog final : public DecisionLog {
  public:
    KeptLog() : DecisionLog(true) {}
    uint64_t begin_round(JobId, ClusterIndex) override { return 1; }
    void candidate(uint64_t, ClusterIndex, int, const char*, const char*) override {}
    void term(uint64_t, ClusterIndex, int, const char*, double) override {}
  } log;
  Capabilities offered;
  offered.decisions = &log;
  EXPECT_EQ(declared_only(PolicyNeeds{}, offered).decisions, &log); // no need declares it
  PolicyNeeds needs;
  needs.timers = true;
  EXPECT_EQ(declared_only(needs, offered).decisions, &log);
}

TEST(PolicyNeeds, APolicyIsGrantedExactlyWhatItDeclares)
{
  PolicyNeeds needs;
  needs.timers  = true;
  needs.reports = true;
  Declares policy(needs);
  FakeControl control(policy, {4});
  EXPECT_EQ(policy.got.timers, static_cast<Timers*>(&control));
  EXPECT_EQ(policy.got.reports, static_cast<JobReports*>(&control));
  EXPECT_EQ(policy.got.claims, nullptr);
  EXPECT_EQ(policy.got.host_shares, nullptr);
  EXPECT_EQ(policy.got.live_view, nullptr);
}

TEST(PolicyNeeds, TheRequestTypesAndClustersDeclaredAreTheOnesTaken)
{
  PolicyNeeds needs;
  EXPECT_TRUE(needs.takes(RequestType::flexible));
  EXPECT_TRUE(needs.uses_cluster(3));
  needs.request_types = {RequestType::total};
  needs.clusters      = std::vector<ClusterIndex>{1};
  EXPECT_FALSE(needs.takes(RequestType::flexible));
  EXPECT_TRUE(needs.takes(RequestType::total));
  EXPECT_FALSE(needs.uses_cluster(0));
  EXPECT_TRUE(needs.uses_cluster(1));
}

TEST(PolicyNeeds, AWaitQueueNeedsTheClockOnlyWithBackfilling)
{
  QueuedPolicy::Settings fcfs;
  QueuedPolicy::Settings easy;
  easy.discipline = QueuedPolicy::Discipline::easy;
  EXPECT_FALSE(QueuedPolicy(fcfs, std::make_unique<FitRule>(fitting::Rule::first_fit, false)).needs().timers);
  EXPECT_TRUE(QueuedPolicy(easy, std::make_unique<FitRule>(fitting::Rule::first_fit, false)).needs().timers);
}

TEST(PolicyNeedsDeathTest, UsingAnUndeclaredInterfaceStopsAtTheGrant)
{
  EXPECT_DEATH(required<Timers>(nullptr, "Timers", "my policy"),
               "my policy uses Timers, which the policy's needs\\(\\) do not declare");
}

TEST(TypedMessages, AKindCarriesItsNameSizeAndJob)
{
  diana::Query query(3, 7, 2, true, 1000);
  const Message& message = query;
  EXPECT_EQ(message.kind(), "query");
  EXPECT_EQ(message.bytes(), 1000);
  EXPECT_EQ(message.job(), 7);
  ASSERT_NE(message.as<diana::Query>(), nullptr);
  EXPECT_EQ(message.as<diana::Query>()->asked_priority, 2);
  EXPECT_EQ(message.as<diana::Reply>(), nullptr);
  // A job handed over weighs its header and every executable; the first job names it.
  diana::JobMigration migration({4, 5}, {2e6, 3e6}, 1000);
  EXPECT_EQ(migration.kind(), "migrate");
  EXPECT_EQ(migration.bytes(), 1000 + 2e6 + 3e6);
  EXPECT_EQ(migration.job(), 4);
  EXPECT_EQ(static_cast<const Message&>(migration).as<diana::JobSubmission>(), nullptr);
}
