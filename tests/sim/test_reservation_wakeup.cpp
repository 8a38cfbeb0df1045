/* A conservative reservation can fall at an instant when nothing happens: one compression pass moves the jobs in
 * queue order, so a job that could not move (a later job held the room it needed) keeps a reservation at the
 * estimated end of a job that has already ended, and the later job moves away. The manager must wake up then; it
 * acted only on arrivals, ends and changes of capacity, so the job never started (or started late at the next
 * event). Cluster a: 4 processors. */
#include "SimulationFixture.hpp"
#include "SwfLogs.hpp"

#include <map>

using coalsim::testing::replay_on_a;
using coalsim::testing::simulate_yaml;
using coalsim::testing::starts;
using coalsim::testing::swf;
using coalsim::testing::write_log;

namespace {
/** 1: 2 processors, estimate 100, ends at 10. 2: 2 processors, 50 s as estimated. 3: all 4 for 100 s, reserved at
 *  100 (job 1's estimated end). 4: 2 processors for 50 s, reserved at 50 (job 2's end). 5: all 4 for 100 s, reserved
 *  after job 3, at 200. */
std::string log_with_a_stale_reservation()
{
  return write_log("stale_reservation.swf", swf(1, 0, 10, 2, 100) + swf(2, 0, 50, 2, 50) + swf(3, 1, 100, 4, 100) +
                                                swf(4, 2, 50, 2, 50) + swf(5, 3, 100, 4, 100));
}
/** The replay on cluster a, with utilization samples so rare that none falls within the run: a sample is an event
 *  too, and one at the reservation's instant would hide the fault. */
std::string replay(const std::string& scheduler)
{
  std::string experiment  = replay_on_a(log_with_a_stale_reservation(), scheduler);
  const std::string trace = "trace: {local_jobs: true}";
  experiment.replace(experiment.find(trace), trace.size(), "trace: {local_jobs: true, sample_interval: 1000000}");
  return experiment;
}
} // namespace

TEST(ReservationWakeup, AConservativeReservationStartsWhenNothingElseHappens)
{
  // Job 1 ends at 10, 90 s early: the compression finds no earlier room for job 3 (job 4 holds 2 of the 4
  // processors over 50-100) and moves job 4 to 10. Job 3 keeps its reservation at 100, where nothing ends or
  // arrives (job 2 ends at 50, job 4 at 60): it starts then, and job 5 when job 3 ends, at 200.
  auto t = simulate_yaml(replay("conservative"));
  EXPECT_EQ(starts(t), (std::map<int64_t, double>{{1, 0}, {2, 0}, {3, 100}, {4, 10}, {5, 200}}));
}

TEST(ReservationWakeup, EasyStartsOnlyWhenProcessorsComeFree)
{
  // EASY starts a job only when processors become idle, an event: the head (job 3) starts when job 2 ends at 50,
  // job 4 when job 3 ends at 150 (job 4 would delay job 3's shadow time, 50, at 10), job 5 when job 4 ends.
  auto t = simulate_yaml(replay("easy"));
  EXPECT_EQ(starts(t), (std::map<int64_t, double>{{1, 0}, {2, 0}, {3, 50}, {4, 150}, {5, 200}}));
}
