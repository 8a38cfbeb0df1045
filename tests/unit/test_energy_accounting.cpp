/* The energy accounting by hand (EnergyAccounting.hpp, docs/concepts.md, Energy): one cluster of two 2-core hosts
 * drawing 100 W idle, Epsilon 120 W and 200 W with both cores busy (160 W with one), 10 W off, driven through a
 * core map and a clock the test sets. */
#include "sim/engine/power/EnergyAccounting.hpp"

#include <gtest/gtest.h>

using namespace coalsim;

namespace {

HostPower two_core_host()
{
  HostPower power;
  power.idle      = 100;
  power.epsilon   = 120;
  power.all_cores = 200;
  power.off       = 10;
  power.cores     = 2;
  return power;
}

struct Samples {
  std::vector<double> time, watts;
};

} // namespace

TEST(EnergyAccounting, PowerFollowsTheBusyCoresAsSimGridsPluginHasIt)
{
  const HostPower p = two_core_host();
  EXPECT_DOUBLE_EQ(p.watts(0), 100); // Idle
  EXPECT_DOUBLE_EQ(p.watts(1), 160); // Epsilon + 1/2 (AllCores - Epsilon)
  EXPECT_DOUBLE_EQ(p.watts(2), 200); // AllCores
}

TEST(EnergyAccounting, TwoHostsIdleOneCoreTwoCoresOffAndABoot)
{
  double t = 0;
  Samples samples;
  auto recorder = std::make_unique<PowerRecorder>(1, 20.0, [&](double time, const std::vector<double>& watts) {
    samples.time.push_back(time);
    samples.watts.push_back(watts[0]);
  });
  EnergyAccounting energy(
      {{two_core_host(), two_core_host()}}, [&] { return t; }, std::move(recorder));
  CoreMap map({2, 2});
  map.add_observer(&energy.observer(0));
  std::vector<std::pair<int64_t, double>> charges; // the grid holdings charged: (job, joules)
  energy.set_on_grid_charge(
      [&](const HeldCores& held, size_t, double joules) { charges.emplace_back(held.holding.job_id, joules); });
  const CoreHolding local{CoreOwner::local_job, 7, -1, -1, 10, 10};
  const CoreHolding grid{CoreOwner::grid_component, 3, 0, 1, 20, 20};

  // 0-10 s: both idle, 200 W.
  t = 10; // a local job takes host 0's core 0: 160 + 100 W
  std::vector<CoreMap::Core> local_cores, grid_cores;
  map.take(1, local_cores);
  t = 20; // a grid component takes host 0's core 1: 200 + 100 W
  map.take(1, grid_cores);
  ASSERT_EQ(map.host_of(grid_cores[0]), 0);
  t = 30; // host 1 is switched off: 200 + 10 W
  energy.switch_off(0, 1);
  t = 40; // host 1 boots: 1500 J over 10 s, 200 + 150 W
  energy.begin_boot(0, 1, 150);
  t = 50; // host 1 is on, both jobs give their cores back: 100 + 100 W
  energy.switch_on(0, 1);
  map.give_back(local_cores[0]);
  energy.charge(0, {local, local_cores, t, HoldingOutcome::completed}, map);
  map.give_back(grid_cores[0]);
  energy.charge(0, {grid, grid_cores, t, HoldingOutcome::completed}, map);
  EXPECT_DOUBLE_EQ(energy.watts(0), 200);
  t = 70; // later than the end: nothing after it counts
  energy.finish(60);

  const ClusterEnergy& e = energy.cluster(0);
  EXPECT_DOUBLE_EQ(e.joules, 2000 + 2600 + 3000 + 2100 + 3500 + 2000);
  // The local job's core: 10-20 s alone on its host, 100/2 + (160 - 100)/1 = 110 W; 20-50 s beside the grid
  // component, 100/2 + (200 - 100)/2 = 100 W each.
  EXPECT_DOUBLE_EQ(e.local_joules, 110 * 10 + 100 * 30);
  EXPECT_DOUBLE_EQ(e.grid_joules, 100 * 30);
  EXPECT_DOUBLE_EQ(e.off_joules, 10 * 10);
  EXPECT_DOUBLE_EQ(e.boot_joules, 150 * 10);
  EXPECT_EQ(e.boots, 1);
  // The free cores' idle share: 0-10 s all four (200 W), 10-20 s one on host 0 and host 1 (150 W), 20-30 s host 1
  // (100 W), 30-50 s none on (host 0 full, host 1 off or booting), 50-60 s all four.
  EXPECT_DOUBLE_EQ(e.idle_joules(), 2000 + 1500 + 1000 + 2000);
  EXPECT_DOUBLE_EQ(energy.joules(), e.joules);
  ASSERT_EQ(charges.size(), 1u);
  EXPECT_EQ(charges[0].first, 3);
  EXPECT_DOUBLE_EQ(charges[0].second, 3000);
  // Mean power per 20 s interval.
  EXPECT_EQ(samples.time, (std::vector<double>{20, 40, 60}));
  ASSERT_EQ(samples.watts.size(), 3u);
  EXPECT_DOUBLE_EQ(samples.watts[0], (2000 + 2600) / 20.0);
  EXPECT_DOUBLE_EQ(samples.watts[1], (3000 + 2100) / 20.0);
  EXPECT_DOUBLE_EQ(samples.watts[2], (3500 + 2000) / 20.0);
}

TEST(EnergyAccounting, CoresHeldAfterTheEndAreChargedNothing)
{
  double t = 0;
  EnergyAccounting energy(
      {{two_core_host()}}, [&] { return t; }, nullptr);
  CoreMap map({2});
  map.add_observer(&energy.observer(0));
  std::vector<CoreMap::Core> early, late;
  t = 10;
  map.take(1, early);
  energy.finish(20);
  t = 30;
  map.take(1, late);
  t = 40;
  const CoreHolding holding{CoreOwner::local_job, 1, -1, -1, 30, 30};
  map.give_back(late[0]);
  energy.charge(0, {holding, late, t, HoldingOutcome::completed}, map);
  map.give_back(early[0]);
  energy.charge(0, {holding, early, t, HoldingOutcome::completed}, map);
  EXPECT_DOUBLE_EQ(energy.cluster(0).joules, 100 * 10 + 160 * 10);
  // The early core alone on its host from 10 to 20 s (100/2 + 60 W); the late one, claimed after the end, nothing.
  EXPECT_DOUBLE_EQ(energy.cluster(0).local_joules, 110 * 10);
}
