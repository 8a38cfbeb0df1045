/* coalsim's timers (TimerQueue): by date, then in the order they were set, whatever SimGrid's heap would do with
 * ties; a cancelled timer neither fires nor keeps the run going; the timers an entry sets for its own date fire
 * after the others of that date; a timer SimGrid drops on its own (abandon_run) takes the queue's entries with it. */
#include "sim/engine/Clock.hpp"
#include "sim/engine/TimerQueue.hpp"

#include "ProcessEngine.hpp"

#include <gtest/gtest.h>
#include <memory>
#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <string>
#include <vector>

namespace coalsim {
namespace {

namespace sg4 = simgrid::s4u;

sg4::Engine& engine()
{
  static bool loaded = false;
  if (not loaded) {
    process_engine().load_platform(COALSIM_SOURCE_DIR "/platforms/test/two-clusters.xml");
    loaded = true;
  }
  return process_engine();
}

TEST(TimerQueue, TimersOfOneDateFireInTheOrderTheyWereSet)
{
  auto& e           = engine();
  const double base = sg4::Engine::get_clock();
  std::vector<std::string> fired;
  // Many of one date, set among timers of others: SimGrid's own heap would fire them in an order of its shape.
  for (int k = 0; k < 40; ++k) {
    at(base + 10, [&fired, k] { fired.push_back("10/" + std::to_string(k)); });
    if (k % 7 == 0)
      at(base + 5, [&fired, k] { fired.push_back("5/" + std::to_string(k)); });
  }
  // One of the date 10 sets another for its own date: it fires after every timer set before it for that date.
  at(base + 10, [&fired, base] {
    fired.push_back("10/setter");
    at(base + 10, [&fired] { fired.push_back("10/set while firing"); });
  });
  at(base + 10, [&fired] { fired.push_back("10/last set"); });
  e.run();

  std::vector<std::string> expected;
  for (int k = 0; k < 40; k += 7)
    expected.push_back("5/" + std::to_string(k));
  for (int k = 0; k < 40; ++k)
    expected.push_back("10/" + std::to_string(k));
  expected.insert(expected.end(), {"10/setter", "10/last set", "10/set while firing"});
  EXPECT_EQ(fired, expected);
  EXPECT_DOUBLE_EQ(sg4::Engine::get_clock(), base + 10);
  EXPECT_EQ(TimerQueue::instance().pending(), 0U);
}

TEST(TimerQueue, ACancelledTimerNeitherFiresNorKeepsTheRunGoing)
{
  auto& e           = engine();
  const double base = sg4::Engine::get_clock();
  std::vector<int> fired;
  auto late  = at(base + 50, [&fired] { fired.push_back(50); });
  auto early = at(base + 3, [&fired] { fired.push_back(3); });
  TimerQueue::Handle self;
  self = at(base + 4, [&fired, &self] {
    fired.push_back(4);
    cancel(self); // firing already: nothing
  });
  at(base + 4, [late] { cancel(late); }); // the first date after this one goes: the run ends at 4
  EXPECT_EQ(TimerQueue::instance().pending(), 4U);
  cancel(early);
  cancel(early); // cancelled already: nothing
  cancel({});    // no timer: nothing
  EXPECT_EQ(TimerQueue::instance().pending(), 3U);
  e.run();
  EXPECT_EQ(fired, (std::vector<int>{4}));
  EXPECT_DOUBLE_EQ(sg4::Engine::get_clock(), base + 4);
}

TEST(TimerQueue, TimersCancelledLongBeforeTheirDateAreNotKeptUntilThen)
{
  auto& e           = engine();
  const double base = sg4::Engine::get_clock();
  std::vector<int> fired;
  // A wake-up cancelled and set again at each change, far ahead (a local manager's due time): 100,000 of them.
  TimerQueue::Handle wake;
  for (int k = 0; k < 100000; ++k) {
    cancel(wake);
    wake = at(base + 1e6 - k, [&fired, k] { fired.push_back(k); });
  }
  at(base + 1e6 - 99999, [&fired] { fired.push_back(-1); }); // set after the last wake-up, for its date
  EXPECT_EQ(TimerQueue::instance().pending(), 2U);
  EXPECT_LE(TimerQueue::instance().held(), 2U * 2 + 1024) << "the cancelled entries are dropped as they pile up";
  e.run();
  EXPECT_EQ(fired, (std::vector<int>{99999, -1}));
}

TEST(TimerQueue, AnEarlierTimerSetFromOutsideMovesSimGridsTimerForward)
{
  auto& e           = engine();
  const double base = sg4::Engine::get_clock();
  std::vector<double> fired;
  at(base + 20, [&fired] { fired.push_back(now()); });
  at(base + 7, [&fired] { fired.push_back(now()); });
  at(base - 1, [&fired] { fired.push_back(now()); }); // in the past: now
  EXPECT_EQ(simgrid::kernel::timer::kernel_timers().size(), 1U) << "one SimGrid timer for the queue";
  e.run();
  EXPECT_EQ(fired, (std::vector<double>{base, base + 7, base + 20}));
}

TEST(TimerQueue, ATimerSimGridDropsTakesTheEntriesWithIt)
{
  engine();
  const double base = sg4::Engine::get_clock();
  auto owned        = std::make_shared<int>(1);
  at(base + 1, [owned] {});
  at(base + 2, [owned] {});
  EXPECT_EQ(owned.use_count(), 3);
  // As abandon_run does after an error in a run (setup/RunLimits.cpp), and SimGrid's teardown.
  auto& timers = simgrid::kernel::timer::kernel_timers();
  while (not timers.empty())
    timers.top().second->remove();
  EXPECT_EQ(TimerQueue::instance().pending(), 0U);
  EXPECT_EQ(owned.use_count(), 1) << "the entries' work is destroyed";
  bool fired = false;
  at(base + 1, [&fired] { fired = true; }); // the queue works on
  process_engine().run();
  EXPECT_TRUE(fired);
}

} // namespace
} // namespace coalsim
