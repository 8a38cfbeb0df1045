/* coalsim's timers (TimerQueue): by date, then in the order they were set, whatever SimGrid's heap would do with
 * ties; a cancelled timer neither fires nor keeps the run going; the timers an entry sets for its own date fire
 * after the others of that date; a timer SimGrid drops on its own (abandon_run) takes the queue's entries with it;
 * observations (observe_at) wait for the next other timer while the deferral check holds, and fire there in their
 * place with now() their own date. */
#include "sim/engine/Clock.hpp"
#include "sim/engine/TimerQueue.hpp"

#include "ProcessEngine.hpp"

#include <functional>
#include <gtest/gtest.h>
#include <memory>
#include <ostream>
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

/** The deferral check of a test, taken back at its end (the queue is the process's). */
struct Deferral {
  explicit Deferral(std::function<bool()> check) { TimerQueue::instance().set_deferral(std::move(check)); }
  ~Deferral() { TimerQueue::instance().set_deferral({}); }
};

/** What fired, with now() and SimGrid's clock when it did. */
struct Fired {
  std::string what;
  double now;
  double simgrid;
  bool operator==(const Fired&) const = default;
};

void PrintTo(const Fired& f, std::ostream* os)
{
  *os << f.what << " now " << f.now << " SimGrid " << f.simgrid;
}

TEST(TimerQueue, ObservationsWaitForTheNextTimerInTheirPlaceWhileTheDeferralHolds)
{
  auto& e           = engine();
  const double base = sg4::Engine::get_clock();
  Deferral deferral([] { return true; });
  std::vector<Fired> fired;
  auto note = [&fired](const std::string& what) { fired.push_back({what, now(), sg4::Engine::get_clock()}); };
  // A poll every 3 s that sets the next (3, 6, 9), an other timer at 10, and an observation of 10 set after it.
  std::function<void()> poll = [&] {
    note("poll");
    if (now() < base + 9)
      observe_at(now() + 3, poll);
  };
  observe_at(base + 3, poll);
  at(base + 10, [&note] { note("timer"); });
  observe_at(base + 10, [&note] { note("observation of 10"); });
  EXPECT_DOUBLE_EQ(TimerQueue::instance().armed_date(), base + 10) << "SimGrid's timer at the other timer's date";
  EXPECT_EQ(TimerQueue::instance().pending(), 3U);
  e.run();
  const double at10 = base + 10;
  EXPECT_EQ(fired, (std::vector<Fired>{{"poll", base + 3, at10},
                                       {"poll", base + 6, at10},
                                       {"poll", base + 9, at10},
                                       {"timer", at10, at10},
                                       {"observation of 10", at10, at10}}));
}

TEST(TimerQueue, ObservationsStopSimGridWhenTheDeferralFailsOrNothingElseIsLeft)
{
  auto& e           = engine();
  const double base = sg4::Engine::get_clock();
  bool defer        = true;
  Deferral deferral([&defer] { return defer; });
  std::vector<Fired> fired;
  auto note = [&fired](const std::string& what) { fired.push_back({what, now(), sg4::Engine::get_clock()}); };
  observe_at(base + 2, [&note] { note("observation"); });
  at(base + 8, [&note, &defer] {
    note("timer");
    defer = true; // and a last observation, with no timer after it: SimGrid stops at its date
  });
  observe_at(base + 12, [&note] { note("last observation"); });
  EXPECT_DOUBLE_EQ(TimerQueue::instance().armed_date(), base + 8);
  defer = false; // an event that was no timer of the queue's changed what the check reads: rearm() follows it
  TimerQueue::instance().rearm();
  EXPECT_DOUBLE_EQ(TimerQueue::instance().armed_date(), base + 2);
  e.run();
  EXPECT_EQ(fired, (std::vector<Fired>{{"observation", base + 2, base + 2},
                                       {"timer", base + 8, base + 8},
                                       {"last observation", base + 12, base + 12}}));
}

TEST(TimerQueue, WithoutADeferralCheckObservationsAreTimersLikeAnyOther)
{
  auto& e           = engine();
  const double base = sg4::Engine::get_clock();
  std::vector<Fired> fired;
  auto note = [&fired](const std::string& what) { fired.push_back({what, now(), sg4::Engine::get_clock()}); };
  at(base + 5, [&note] { note("timer"); });
  auto dropped = observe_at(base + 4, [&note] { note("cancelled observation"); });
  observe_at(base + 5, [&note] { note("observation"); });
  observe_at(base + 1, [&note] { note("first observation"); });
  cancel(dropped);
  EXPECT_DOUBLE_EQ(TimerQueue::instance().armed_date(), base + 1);
  e.run();
  EXPECT_EQ(fired, (std::vector<Fired>{{"first observation", base + 1, base + 1},
                                       {"timer", base + 5, base + 5},
                                       {"observation", base + 5, base + 5}}));
}

} // namespace
} // namespace coalsim
