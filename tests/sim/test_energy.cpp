/* Energy on a platform with power properties (docs/concepts.md, Energy): platforms/test/power-hosts.xml, cluster p of
 * two 2-core hosts drawing 100 W idle, 160 W with one core busy, 200 W with both and 10 W off; cluster q without
 * power properties. */
#include "SimulationFixture.hpp"

#include "sim/config/InputError.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <numeric>

using namespace coalsim;
using coalsim::testing::simulate_yaml;

namespace {
const std::string power_platform = "platform: " COALSIM_SOURCE_DIR "/platforms/test/power-hosts.xml\n";
const std::string on_p           = power_platform + "clusters: [p]\noverheads: {submission: 0, completion: 0}\n";
} // namespace

TEST(Energy, OneJobOnThreeCoresOfTwoHosts)
{
  // One job of 3 processors for 100 s from 0: first fit gives it host p-0 whole (200 W) and a core of p-1 (160 W).
  RunStatistics statistics;
  auto t = simulate_yaml(on_p + "workload: {jobs: 1, arrival: batch, components: 1, component_size: 3, runtime: 100}\n"
                                "trace: {sample_interval: 50}\n",
                         &statistics);
  ASSERT_EQ(t.jobs.size(), 1u);
  ASSERT_DOUBLE_EQ(t.jobs[0].end_time, 100);
  ASSERT_TRUE(t.has_energy);
  ASSERT_EQ(t.cluster_energy.size(), 1u);
  const ClusterEnergyRow& e = t.cluster_energy[0];
  EXPECT_DOUBLE_EQ(e.joules, (200 + 160) * 100.0);
  // Its cores on p-0: 100/2 + (200 - 100)/2 W each; on p-1: 100/2 + (160 - 100)/1 W.
  EXPECT_DOUBLE_EQ(e.grid_joules, (2 * 100 + 110) * 100.0);
  EXPECT_DOUBLE_EQ(e.idle_joules, 50 * 100.0); // p-1's free core
  EXPECT_DOUBLE_EQ(e.local_joules + e.off_joules + e.boot_joules, 0);
  EXPECT_DOUBLE_EQ(e.mean_watts, 360);
  ASSERT_EQ(t.job_energy.size(), 1u);
  EXPECT_EQ(t.job_energy[0].job_id, 0);
  EXPECT_EQ(t.job_energy[0].component, 0);
  EXPECT_EQ(t.job_energy[0].placement, 1);
  EXPECT_EQ(t.job_energy[0].cluster, 0);
  EXPECT_DOUBLE_EQ(t.job_energy[0].joules, e.grid_joules);
  EXPECT_EQ(t.energy_time, (std::vector<double>{50, 100}));
  EXPECT_EQ(t.energy_watts, (std::vector<double>{360, 360}));
  ASSERT_TRUE(t.energy_joules.has_value());
  EXPECT_DOUBLE_EQ(*t.energy_joules, e.joules);
  ASSERT_TRUE(statistics.energy.has_value());
  EXPECT_DOUBLE_EQ(statistics.energy->joules, e.joules);
  EXPECT_DOUBLE_EQ(statistics.energy->mean_watts, 360);
  EXPECT_TRUE(std::isnan(statistics.energy->plugin_joules));
}

TEST(Energy, AFailedHostDrawsItsOffPower)
{
  // p-1 fails from 20 to 60 s while a 2-processor job runs on p-0 (0-100 s).
  auto t = simulate_yaml(on_p + "workload: {jobs: 1, arrival: batch, components: 1, component_size: 2, runtime: 100}\n"
                                "faults: {hosts: {p-1: [\"20+40\"]}}\n");
  ASSERT_EQ(t.cluster_energy.size(), 1u);
  const ClusterEnergyRow& e = t.cluster_energy[0];
  EXPECT_DOUBLE_EQ(e.off_joules, 10 * 40.0);
  EXPECT_DOUBLE_EQ(e.joules, 200 * 100.0 + 100 * 60.0 + 10 * 40.0);
  EXPECT_DOUBLE_EQ(e.grid_joules, 200 * 100.0);
  EXPECT_DOUBLE_EQ(e.idle_joules, 100 * 60.0);
}

TEST(Energy, ARunEndingBeforeItsFirstSampleHasTheEnergyDatasetsEmpty)
{
  // No job and no polling: the run ends at 0, before any power sample; the datasets exist all the same (the reader
  // needs /energy/time and /energy/watts beside /cluster_energy). Failed before they were created up front.
  auto t = simulate_yaml(on_p + "workload: {jobs: 0}\ninfo_service: {poll_interval: 0}\n");
  ASSERT_TRUE(t.has_energy);
  EXPECT_TRUE(t.energy_time.empty());
  EXPECT_TRUE(t.energy_watts.empty());
  ASSERT_EQ(t.cluster_energy.size(), 1u);
  EXPECT_EQ(t.cluster_energy[0].joules, 0);
  EXPECT_EQ(t.cluster_energy[0].mean_watts, 0);
}

TEST(Energy, APlatformWithoutPowerPropertiesReportsNone)
{
  RunStatistics statistics;
  auto t = simulate_yaml("platform: " COALSIM_SOURCE_DIR "/platforms/test/power-hosts.xml\nclusters: [q]\n"
                         "workload: {jobs: 1, arrival: batch, components: 1, component_size: 3, runtime: 100}\n",
                         &statistics);
  EXPECT_FALSE(t.has_energy);
  EXPECT_TRUE(t.energy_time.empty());
  EXPECT_FALSE(t.energy_joules.has_value());
  EXPECT_FALSE(statistics.energy.has_value());
}

TEST(Energy, SomeHostsWithPowerAndSomeWithoutIsAnInputError)
{
  try {
    simulate_yaml(power_platform + "workload: {jobs: 1, arrival: batch, components: 1, component_size: 1}\n");
    FAIL() << "a run on p and q was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("Invalid power property 'wattage_per_state'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("has none"), std::string::npos) << e.what();
  }
}

TEST(Energy, TheClustersSumIsThePluginsTotalWhereThePluginApplies)
{
  // Time-shared runtime model: every process is an Exec on its core, so SimGrid's plugin sees the hosts' load. No
  // local jobs (they are timers, which the plugin cannot see). Exact idle counts: no polling timer keeps the simulation
  // going past the last job's end, up to which coalsim counts (the plugin counts up to the simulation's end).
  RunStatistics statistics;
  auto t = simulate_yaml(on_p + "runtime_model: {kind: timeshared}\nsimgrid: {options: [\"plugin:host_energy\"]}\n"
                                "info_service: {poll_interval: 0}\n"
                                "workload: {jobs: 12, arrival: poisson, rate: 0.025, components: 1,\n"
                                "           component_size: {dist: uniform, min: 1, max: 4},\n"
                                "           runtime: {dist: uniform, min: 10, max: 200}}\n",
                         &statistics);
  ASSERT_TRUE(statistics.energy.has_value());
  ASSERT_FALSE(std::isnan(statistics.energy->plugin_joules));
  EXPECT_GT(statistics.energy->joules, 0);
  EXPECT_NEAR(statistics.energy->joules, statistics.energy->plugin_joules, 1e-9 * statistics.energy->joules);
  EXPECT_NEAR(statistics.energy->grid_joules + t.cluster_energy[0].idle_joules, statistics.energy->joules,
              1e-9 * statistics.energy->joules);
}
