/* Messages between scheduler hosts as SimGrid communications, and DIANA's query rounds over them, on a platform
 * with a 10 MB/s, 50 ms wide-area link (platforms/test/two-sites-wan.xml): a query-reply round trip delays a
 * decision by twice the latency plus each message's size over the bandwidth; a silent peer is taken for dead at the
 * reply timeout, one that is off at once; and the route's loss and jitter reach the cost model. */
#include "policies/diana/DianaMessages.hpp"
#include "policies/diana/NetworkCost.hpp"
#include "policies/diana/ReplyRound.hpp"
#include "sim/config/InputError.hpp"
#include "sim/engine/ActivityTracker.hpp"
#include "sim/engine/Clock.hpp"
#include "sim/engine/MessageService.hpp"
#include "sim/platform/RouteProperties.hpp"

#include <gtest/gtest.h>
#include <simgrid/s4u.hpp>
#include <xbt/log.h>

#include <fstream>

using namespace coalsim;
namespace sg4 = simgrid::s4u;

namespace {

std::string wan_platform()
{
  return COALSIM_SOURCE_DIR "/platforms/test/two-sites-wan.xml";
}

sg4::Engine make_engine()
{
  xbt_log_control_set("root.thres:critical");
  static int argc     = 1;
  static char name[]  = "test";
  static char* argv[] = {name, nullptr};
  return sg4::Engine(&argc, argv);
}

/** An engine on `platform`, with transfer times exactly latency + size / bandwidth. */
struct LoadedEngine {
  explicit LoadedEngine(const std::string& platform) : engine(make_engine())
  {
    engine.set_config("network/model:CM02");
    engine.set_config("network/crosstraffic:0");
    engine.load_platform(platform);
  }
  sg4::Engine engine;
};

/** The scheduler hosts of sites a and b (their file servers), then two more hosts of b as extra peers. */
struct WanGrid {
  WanGrid()
      : loaded(wan_platform())
      , messages({sg4::Host::by_name("a-2"), sg4::Host::by_name("b-2"), sg4::Host::by_name("b-0"),
                  sg4::Host::by_name("b-1")},
                 tracker)
  {
    messages.set_recorder([this](const MessageService::Record& r) { records.push_back(r); });
  }
  LoadedEngine loaded;
  sg4::Engine& engine = loaded.engine;
  ActivityTracker tracker;
  MessageService messages;
  std::vector<MessageService::Record> records;
};

/** A query of one round about `job`, of `bytes`. */
std::shared_ptr<const Message> query(JobId job, double bytes)
{
  return std::make_shared<diana::Query>(1, job, 0, false, bytes);
}

/** A reply about `job` with `jobs_ahead`, of `bytes`. */
std::shared_ptr<const Message> reply(JobId job, int jobs_ahead, double bytes)
{
  return std::make_shared<diana::Reply>(1, job, diana::SiteLoad{}, jobs_ahead, true, bytes);
}

} // namespace

TEST(DianaMessages, QueryReplyRoundTripDelaysTheDecisionByLatencyAndSizes)
{
  // Query 1 kB: 0.05 + 1e3 / 1e7 = 0.0501 s; reply 2 kB: 0.05 + 2e3 / 1e7 = 0.0502 s; decision at 0.1003 s.
  WanGrid grid;
  double decided = -1;
  diana::ReplyRound<double> round({1}, 5.0);
  at(0, [&] {
    grid.messages.send(0, 1, query(7, 1e3), [&](bool delivered, std::shared_ptr<const Message>) {
      ASSERT_TRUE(delivered);
      grid.messages.send(1, 0, reply(7, 42, 2e3), [&](bool back, std::shared_ptr<const Message> answer) {
        ASSERT_TRUE(back);
        round.answer(1, answer->as<diana::Reply>()->jobs_ahead);
        if (round.complete())
          decided = now();
      });
    });
  });
  grid.engine.run();
  EXPECT_NEAR(decided, 0.1003, 1e-9);
  EXPECT_EQ(round.replies().at(1), 42.0);
  ASSERT_EQ(grid.records.size(), 2u);
  EXPECT_EQ(grid.records[0].kind, "query");
  EXPECT_EQ(grid.records[0].sent, 0.0);
  EXPECT_NEAR(grid.records[0].received, 0.0501, 1e-9);
  EXPECT_EQ(grid.records[1].from, 1);
  EXPECT_EQ(grid.records[1].to, 0);
  EXPECT_NEAR(grid.records[1].sent, 0.0501, 1e-9);
  EXPECT_NEAR(grid.records[1].received, 0.1003, 1e-9);
  EXPECT_EQ(grid.messages.messages_of(7), 2);
  EXPECT_EQ(grid.messages.bytes_of(7), 3e3);
  EXPECT_EQ(grid.messages.in_flight(), 0u);
}

TEST(DianaMessages, LargerMessagesShareTheWideAreaLinkWithEachOther)
{
  // Two 1 MB messages from a to b at once share the 10 MB/s link: 0.05 + 2e6 / 1e7 = 0.25 s each (0.15 alone).
  WanGrid grid;
  std::vector<double> arrivals;
  at(0, [&] {
    for (int i = 0; i < 2; ++i)
      grid.messages.send(0, 1,
                         std::make_shared<diana::JobSubmission>(std::vector<JobId>{i}, std::vector<double>{1e6}, 0.0),
                         [&](bool, std::shared_ptr<const Message>) { arrivals.push_back(now()); });
  });
  grid.engine.run();
  ASSERT_EQ(arrivals.size(), 2u);
  EXPECT_NEAR(arrivals[0], 0.25, 1e-9);
  EXPECT_NEAR(arrivals[1], 0.25, 1e-9);
}

TEST(DianaMessages, SilentPeerIsDeadAtTheReplyTimeoutAndAPeerThatIsOffAtOnce)
{
  // Peers: 1 answers (reply back at 0.1003 s), 2 hears the query and never answers, 3 is off. The query to 3 fails
  // at 0, but the round waits for 2 until the timeout at 5 s.
  WanGrid grid;
  sg4::Host::by_name("b-1")->turn_off();
  diana::ReplyRound<double> round({1, 2, 3}, 5.0);
  double decided = -1, peer3_failed = -1;
  auto decide_if_complete = [&] {
    if (!round.over() && round.complete()) {
      round.close();
      decided = now();
    }
  };
  at(0, [&] {
    for (int peer : {1, 2, 3})
      grid.messages.send(0, peer, query(1, 1e3), [&, peer](bool delivered, std::shared_ptr<const Message>) {
        if (!delivered) {
          round.mark_dead(peer);
          peer3_failed = now();
          decide_if_complete();
          return;
        }
        if (peer == 1)
          grid.messages.send(1, 0, reply(1, 3, 1e3), [&](bool, std::shared_ptr<const Message> answer) {
            round.answer(1, answer->as<diana::Reply>()->jobs_ahead);
            decide_if_complete();
          });
      });
    at(round.deadline(), [&] {
      if (!round.over()) {
        round.expire();
        decided = now();
      }
    });
  });
  grid.engine.run();
  EXPECT_EQ(peer3_failed, 0.0);
  EXPECT_EQ(decided, 5.0);
  EXPECT_EQ(round.replies().size(), 1u);
  EXPECT_EQ(round.dead(), (std::vector<int>{2, 3}));
  // A reply arriving after the timeout is stale and ignored.
  round.answer(2, 9.0);
  EXPECT_FALSE(round.replies().contains(2));
  ASSERT_EQ(grid.records.size(), 4u);
  int failed = 0;
  for (const auto& r : grid.records)
    failed += r.delivered() ? 0 : 1;
  EXPECT_EQ(failed, 1);
}

TEST(DianaMessages, AllRepliesInEndTheRoundBeforeTheTimeout)
{
  diana::ReplyRound<int> round({4, 2}, 10);
  EXPECT_FALSE(round.complete());
  round.answer(2, 1);
  round.mark_dead(4);
  EXPECT_TRUE(round.complete());
  round.answer(4, 5); // a dead peer's late reply is not taken
  EXPECT_EQ(round.replies().size(), 1u);
  EXPECT_EQ(round.dead(), (std::vector<int>{4}));
}

TEST(DianaMessages, RouteQualityFeedsTheNetworkCost)
{
  LoadedEngine loaded(wan_platform());
  auto* a      = sg4::Host::by_name("a-2");
  auto* b      = sg4::Host::by_name("b-2");
  auto quality = route_quality(a, b, wan_platform());
  EXPECT_NEAR(quality.latency, 0.05, 1e-12);
  EXPECT_EQ(quality.bandwidth, 1e7);
  EXPECT_NEAR(quality.loss, 1e-4, 1e-15);
  EXPECT_NEAR(quality.jitter, 0.002, 1e-15);
  auto inside = route_quality(a, sg4::Host::by_name("a-0"), wan_platform());
  EXPECT_EQ(inside.latency, 0.0);
  EXPECT_EQ(inside.loss, 0.0);
  EXPECT_EQ(inside.bandwidth, 1e8);
  // RTT 0.1 s, loss 1e-4: the Mathis bound 1.46e6 B/s is below the link's 1e7; losses 0.1 + 1e-4 + 0.1 * 0.002.
  diana::CostWeights w;
  diana::PathQuality path{2 * quality.latency, quality.loss, quality.jitter, quality.bandwidth};
  EXPECT_NEAR(diana::network_cost(path, w), (0.1 + 1e-4 + 0.0002) / 1.46e6, 1e-18);
}

TEST(DianaMessages, BadLossPropertyIsAnInputErrorNamingTheLink)
{
  std::string text;
  {
    std::ifstream in(wan_platform());
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  text.replace(text.find("value=\"0.0001\""), 14, "value=\"1.5\"");
  std::string path = ::testing::TempDir() + "lossy-wan.xml";
  std::ofstream(path) << text;
  LoadedEngine loaded(path);
  try {
    route_quality(sg4::Host::by_name("a-2"), sg4::Host::by_name("b-2"), path);
    FAIL() << "a loss of 1.5 was accepted";
  } catch (const InputError& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("Invalid link 'wan' in " + path +
                        ":17: property 'loss' must be a fraction in [0, 1) (got "
                        "'1.5')"),
              std::string::npos)
        << what;
  }
}
