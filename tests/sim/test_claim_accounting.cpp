/* KOALA's processor gained and wasted time (PGT, PWT) are kept twice: per job in /jobs, summed over all of
 * the job's attempts, and as system totals in the /utilization/gained and /held series. Both must
 * describe the same processor-seconds, also when attempts end early (failed claims, component failures,
 * preemptions). */
#include "SimulationFixture.hpp"

#include <cmath>
#include <cstring>

using namespace coalsim;
using coalsim::testing::simulate_yaml;

namespace {
/** The integral of a sampled series of interval averages (each sample closes the interval since the last). */
double area(const std::vector<double>& series, const std::vector<double>& time)
{
  double sum = 0, last = 0;
  for (size_t i = 0; i < series.size(); ++i) {
    sum += series[i] * (time[i] - last);
    last = time[i];
  }
  return sum;
}
} // namespace

TEST(ClaimAccounting, JobsPgtAndPwtOverAllAttemptsAddUpToTheUtilizationSeries)
{
  // A small section 8 run: T = 0 (partial claims), two priorities (preemption), a background and failing
  // components, so that many attempts end before or after their start (seed 24: two preemptions).
  auto t     = simulate_yaml(R"(
platform: )" COALSIM_SOURCE_DIR R"(/platforms/das2-unreliable.xml
seed: 24
policy: {name: koala, placement: cf, scan_interval: 240, T: 0, N_h: 1, N_l: 1, n1: 1, n2: 2, n3: 1, n4: 1,
         promote_after: 0}
workload: {jobs: 100, arrival: poisson, offered_load: 0.5, shapes: [3x24, 4x18, 8x9, 4x9], runtime: 150,
           file: {size: 4GB, replicas: 2}, priorities: {high: 1, low: 1}}
faults: {component_failure: 0.15}
background: {model: band, utilization: 0.25, size: {dist: choice, values: [1, 8, 32]}, runtime: 600}
info_service: {poll_interval: 30, bandwidth_expiry: 30}
trace: {sample_interval: 60}
)");
  double pgt = 0, pwt = 0;
  int returned = 0, preempted = 0;
  for (const auto& j : t.jobs) {
    ASSERT_EQ(j.status, 0) << "job " << j.id << " did not complete";
    pgt += j.pgt;
    pwt += j.pwt;
    returned += j.placements - 1;
  }
  for (const auto& f : t.failures)
    preempted += std::strcmp(f.kind, "preempted") == 0;
  ASSERT_GT(returned, 10) << "the run must end many attempts early to test anything";
  EXPECT_GT(preempted, 0);
  EXPECT_NEAR(pgt, area(t.gained, t.sample_time), 1e-6 * pgt);
  EXPECT_NEAR(pwt, area(t.held, t.sample_time), 1e-6 * pwt);
}
