/* Switching idle hosts off, run against always on (docs/concepts.md, Power management): two runs of `simulate` on
 * platforms/test/power-hosts.xml (cluster p of two 2-core hosts, 100 W idle, 200 W busy, 10 W off), compared. */
#include "SimulateCommand.hpp"
#include "tests/support/SameRows.hpp"
#include "tests/support/TraceReader.hpp"

#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace coalsim;
using coalsim::testing::expect_same_rows;
using coalsim::testing::run;
using coalsim::testing::test_folder;

namespace {

const std::string on_p = "platform: " COALSIM_SOURCE_DIR "/platforms/test/power-hosts.xml\nclusters: [p]\n"
                         "overheads: {submission: 0, completion: 0}\n";

/** Runs `yaml` with `simulate` into `name`.h5 of the test's folder and reads the trace back. */
Trace simulate(const std::filesystem::path& folder, const std::string& name, const std::string& yaml)
{
  const auto config = folder / (name + ".yaml");
  std::ofstream(config) << yaml;
  const auto trace   = folder / (name + ".h5");
  const auto outcome = run("-q -c " + config.string() + " -o " + trace.string(), 120);
  EXPECT_EQ(outcome.status, 0) << outcome.output;
  return read_trace(trace.string());
}

double mean_wait(const Trace& t)
{
  double sum = 0;
  for (const auto& job : t.jobs)
    sum += job.wait_time;
  return sum / static_cast<double>(t.jobs.size());
}

} // namespace

TEST(PowerManagementRuns, IdleOffWithAnInfiniteTimeoutIsAlwaysOn)
{
  const auto folder      = test_folder("power-");
  const std::string base = on_p + "seed: 5\ntrace: {local_jobs: true, sample_interval: 30}\n"
                                  "workload: {jobs: 30, rate: 0.02, components: 1,\n"
                                  "           component_size: {dist: uniform, min: 1, max: 3},\n"
                                  "           runtime: {dist: uniform, min: 10, max: 300}}\n"
                                  "background: {model: none, clusters: {p: {model: synthetic, interarrival: 60, "
                                  "size: 1, runtime: 100}}}\n"
                                  "faults: {hosts: {p-1: [\"400+200\"]}}\n";
  auto always            = simulate(folder, "always", base);
  auto never             = simulate(folder, "never", base + "power: {manager: idle_off, idle_timeout: .inf}\n");
  ASSERT_GT(always.jobs.size(), 0u);
  ASSERT_GT(always.local_jobs.size(), 0u);
  ASSERT_GT(always.failures.size(), 0u);
  expect_same_rows(always.jobs, never.jobs, "/jobs");
  expect_same_rows(always.placements, never.placements, "/placements");
  expect_same_rows(always.components, never.components, "/components");
  expect_same_rows(always.allocations, never.allocations, "/allocations");
  expect_same_rows(always.local_jobs, never.local_jobs, "/local_jobs");
  expect_same_rows(always.failures, never.failures, "/failures");
  expect_same_rows(always.cluster_energy, never.cluster_energy, "/cluster_energy");
  expect_same_rows(always.job_energy, never.job_energy, "/job_energy");
  EXPECT_EQ(always.sample_time, never.sample_time);
  EXPECT_EQ(always.grid_busy, never.grid_busy);
  EXPECT_EQ(always.background_busy, never.background_busy);
  EXPECT_EQ(always.queue_length, never.queue_length);
  EXPECT_EQ(always.energy_time, never.energy_time);
  EXPECT_EQ(always.energy_watts, never.energy_watts);
}

TEST(PowerManagementRuns, NoJobStartsOnAHostSwitchedOffAndSwitchingSavesEnergy)
{
  // A busy run with short timeouts: many switches. IdleOff asserts that no core of a host switched off or booting is
  // ever taken (the run would abort, exit code 134); every job still completes.
  const auto folder      = test_folder("power-");
  const std::string base = on_p + "seed: 3\ntrace: {local_jobs: true}\n"
                                  "workload: {jobs: 60, rate: 0.01, components: 1,\n"
                                  "           component_size: {dist: uniform, min: 1, max: 4},\n"
                                  "           runtime: {dist: uniform, min: 10, max: 200}}\n"
                                  "background: {model: none, clusters: {p: {model: synthetic, interarrival: 150, "
                                  "size: {dist: uniform, min: 1, max: 2}, runtime: 60}}}\n";
  auto always            = simulate(folder, "always", base);
  auto saving            = simulate(folder, "saving",
                                    base + "power: {manager: idle_off, idle_timeout: 30, boot_time: 20, boot_energy: 500}\n");
  ASSERT_EQ(saving.jobs.size(), 60u);
  for (const auto& job : saving.jobs)
    EXPECT_EQ(job.status, 0) << "job " << job.id;
  ASSERT_EQ(saving.cluster_energy.size(), 1u);
  ASSERT_EQ(always.cluster_energy.size(), 1u);
  EXPECT_GT(saving.cluster_energy[0].boots, 5);
  EXPECT_GT(saving.cluster_energy[0].off_joules, 0);
  EXPECT_LT(saving.cluster_energy[0].mean_watts, always.cluster_energy[0].mean_watts);
  EXPECT_GE(mean_wait(saving), mean_wait(always));
}
