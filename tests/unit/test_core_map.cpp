/* A cluster's core map (sim/engine/CoreMap.hpp): first fit in host-index order, cores given back and reused,
 * hosts out of use and back, and the runs of consecutive cores the trace writes. */
#include "sim/engine/CoreMap.hpp"

#include <gtest/gtest.h>
#include <span>
#include <string>

using namespace coalsim;
using Cores = std::vector<CoreMap::Core>;

TEST(CoreMap, NumbersTheCoresHostByHost)
{
  CoreMap map({2, 3, 1});
  EXPECT_EQ(map.hosts(), 3);
  EXPECT_EQ(map.cores(), 6);
  EXPECT_EQ(map.cores_of(1), 3);
  EXPECT_EQ(map.host_of(4), 1);
  EXPECT_EQ(map.index_on_host(4), 2);
  EXPECT_EQ(map.core(2, 0), 5);
  EXPECT_EQ(map.free(), 6);
}

TEST(CoreMap, TakesTheLowestFreeCoresInHostOrderAndReusesTheFirstGivenBack)
{
  CoreMap map({2, 2, 2});
  Cores a, b, c;
  map.take(3, a); // host 0 whole, host 1 core 0
  EXPECT_EQ(a, (Cores{0, 1, 2}));
  map.take(2, b); // host 1 core 1, host 2 core 0
  EXPECT_EQ(b, (Cores{3, 4}));
  map.give_back(1);
  map.give_back(3);
  EXPECT_EQ(map.free(), 3);
  map.take(2, c); // the lowest free: host 0 core 1, host 1 core 1 (not host 2's, free longer)
  EXPECT_EQ(c, (Cores{1, 3}));
  EXPECT_EQ(map.free_on(2), 1);
  map.give_back(0);
  map.give_back(4);
  Cores d;
  map.take(1, d);
  EXPECT_EQ(d, (Cores{0})) << "the lowest, not the last given back";
}

TEST(CoreMap, TakesCoresOfOneHost)
{
  CoreMap map({4, 4});
  Cores a, b;
  map.take(1, a);
  map.take_on(1, 3, b);
  EXPECT_EQ(b, (Cores{4, 5, 6}));
  EXPECT_EQ(map.free_on(0), 3);
  EXPECT_EQ(map.free_on(1), 1);
}

TEST(CoreMap, HostsOutOfUseLoseTheirFreeCoresAndGetThemBack)
{
  CoreMap map({2, 2});
  Cores held, next;
  map.take(1, held); // core 0 of host 0
  EXPECT_EQ(map.free_out_of_use(0), 1);
  EXPECT_EQ(map.out_of_use(), 1);
  EXPECT_EQ(map.free(), 2);
  map.put_out_of_use(held[0]); // its holder ends while the host is off
  EXPECT_EQ(map.out_of_use(), 2);
  map.take(1, next);
  EXPECT_EQ(next, (Cores{2})) << "host 0 is out of use";
  EXPECT_EQ(map.bring_back(0), 2);
  EXPECT_EQ(map.free(), 3);
  map.free_out_of_use(1);
  map.bring_back_all();
  EXPECT_EQ(map.out_of_use(), 0);
  EXPECT_EQ(map.free(), 3);
}

TEST(CoreMap, RunsAreConsecutiveCoresOfOneHost)
{
  CoreMap map({3, 2, 1});
  auto runs = map.runs({5, 0, 1, 2, 3, 4});
  ASSERT_EQ(runs.size(), 3u) << "host 0 cores 0-2, host 1 cores 0-1, host 2 core 0";
  EXPECT_EQ(runs[0].host, 0);
  EXPECT_EQ(runs[0].cores, 3);
  EXPECT_EQ(runs[1].host, 1);
  EXPECT_EQ(runs[1].first_core, 0);
  EXPECT_EQ(runs[1].cores, 2);
  EXPECT_EQ(runs[2].host, 2);
  runs = map.runs({0, 2, 3});
  ASSERT_EQ(runs.size(), 3u) << "a gap on host 0 splits it";
  EXPECT_EQ(runs[1].first_core, 2);
  EXPECT_EQ(runs[1].cores, 1);
}

namespace {
/** Every call an observer hears, as "+host:cores" (held) or "-host:cores" (released). */
class RecordingObserver : public CoreObserver {
public:
  std::vector<std::string> heard;
  void cores_held(int host, std::span<const int32_t> cores) override { heard.push_back(said('+', host, cores)); }
  void cores_released(int host, std::span<const int32_t> cores) override { heard.push_back(said('-', host, cores)); }

private:
  // The sign is appended, not prepended ("+" + string): GCC 12 warns falsely (-Wrestrict) on the latter.
  static std::string said(char sign, int host, std::span<const int32_t> cores)
  {
    std::string s(1, sign);
    s += std::to_string(host);
    s += ':';
    for (int32_t core : cores)
      s += std::to_string(core) + ",";
    return s;
  }
};
} // namespace

TEST(CoreMap, ObserversHearEachRunOfCoresOfOneHostOnce)
{
  CoreMap map({2, 2, 2});
  RecordingObserver observer;
  map.add_observer(&observer);
  Cores a, b;
  map.take(3, a);       // host 0 whole, host 1 core 0
  map.take_on(2, 2, b); // host 2 whole
  map.give_back(Cores{0, 1, 2});
  map.give_back(4);
  map.put_out_of_use(5);
  map.free_out_of_use(1); // no core held or given back: nothing heard
  EXPECT_EQ(observer.heard,
            (std::vector<std::string>{"+0:0,1,", "+1:2,", "+2:4,5,", "-0:0,1,", "-1:2,", "-2:4,", "-2:5,"}));
}

namespace {
/** Hears the runs of a take or give-back as one call each, "+[...]" or "-[...]", and what the map held meanwhile. */
class RunsObserver : public RecordingObserver {
public:
  explicit RunsObserver(const CoreMap& map) : map_(&map) {}
  std::vector<int> free_seen;
  void runs_held(std::span<const HostCoreRun> runs) override { hear("+[", runs, &RunsObserver::cores_held); }
  void runs_released(std::span<const HostCoreRun> runs) override { hear("-[", runs, &RunsObserver::cores_released); }

private:
  void hear(const char* batch, std::span<const HostCoreRun> runs,
            void (RunsObserver::*each)(int, std::span<const int32_t>))
  {
    heard.push_back(batch);
    free_seen.push_back(map_->free());
    for (const HostCoreRun& run : runs)
      (this->*each)(run.host, run.cores);
    heard.push_back("]");
  }
  const CoreMap* map_;
};
} // namespace

// A take over several hosts, or a give-back, is told as one batch of runs (host by host, in order) once every core has
// its new state; the runs are what the host-by-host calls said (the energy accounting reads the clock once per batch).
TEST(CoreMap, ATakeOrGiveBackOfSeveralHostsIsToldAsOneBatchOfRuns)
{
  CoreMap map({2, 2, 2});
  RunsObserver observer(map);
  map.add_observer(&observer);
  Cores a, b;
  map.take(1, b);       // host 0 core 0
  map.take(4, a);       // host 0 core 1, host 1 whole, host 2 core 4
  map.take_on(2, 1, b); // one host: told as before
  map.give_back(a);
  EXPECT_EQ(observer.heard, (std::vector<std::string>{"+[", "+0:0,", "]", "+[", "+0:1,", "+1:2,3,", "+2:4,", "]",
                                                      "+2:5,", "-[", "-0:1,", "-1:2,3,", "-2:4,", "]"}));
  EXPECT_EQ(observer.free_seen, (std::vector<int>{5, 1, 4}));
  map.give_back(Cores{});
  map.take(0, b);
  EXPECT_EQ(observer.heard.size(), 14u); // nothing taken or given back: nothing told
}
