/* Backfilling in the grid wait-queue in whole simulations on the tiny platform (clusters a and b of 4
 * processors): the grid scheduler plans on the local jobs' requested times as cluster a's manager reports them,
 * and on the grid jobs' requested times. Every expected time is worked out by hand. */
#include "SimulationFixture.hpp"

#include <map>
#include <sstream>

using namespace coalsim;
using coalsim::testing::simulate_yaml;

namespace {

/** An SWF line: job, submit, run time, processors, requested time, partition (the other fields -1, status 1). */
std::string swf(int job, double submit, double run, int processors, double requested, int partition = -1)
{
  std::ostringstream line;
  line << job << ' ' << submit << " -1 " << run << ' ' << processors << " -1 -1 " << processors << ' ' << requested
       << " -1 1 -1 -1 -1 -1 " << partition << " -1 -1\n";
  return line.str();
}

std::string write_log(const std::string& name, const std::string& body)
{
  std::string path = coalsim::testing::test_temp_file(name);
  std::ofstream(path) << "; Version: 2.2\n; MaxProcs: 8\n" << body;
  return path;
}

/** wf with `queue`, polls every `poll_interval` s (0: exact), the grid jobs of the SWF log `grid` ordered on cluster
 *  a, and a's local jobs replayed from the SWF log `local`. */
std::string experiment(const std::string& queue, int poll_interval, const std::string& local, const std::string& grid)
{
  const std::string policy   = "policy: {name: wf, queue: " + queue + "}\n";
  const std::string info     = "info_service: {poll_interval: " + std::to_string(poll_interval) + "}\n";
  const std::string workload = "workload:\n  trace: {file: " + grid + ", partition_clusters: {1: a}}\n";
  const std::string locals   = "    a: {model: replay, scheduler: fcfs, trace: {file: " + local + "}}\n";
  return policy + info + workload + "background:\n  clusters:\n" + locals;
}

/** Cluster a: a local job holds 2 of its 4 processors over [0, 100), requested 100. Grid jobs ordered on a:
 *  G0 (4 processors, 50 s) at 1, G1 (2, runs 80 s, requested 120) at 2, G2 (2, runs 60 s, requested 97) at 3. */
std::string scenario(const std::string& queue)
{
  auto local = write_log("local.swf", swf(1, 0, 100, 2, 100));
  auto grid  = write_log("grid.swf", swf(1, 1, 50, 4, 50, 1) + swf(2, 2, 80, 2, 120, 1) + swf(3, 3, 60, 2, 97, 1));
  return experiment(queue, 0, local, grid);
}

/** Start times of the grid jobs by id. */
std::map<JobId, double> starts(const Trace& t)
{
  std::map<JobId, double> out;
  for (const auto& j : t.jobs)
    out[j.id] = j.start_time;
  return out;
}

} // namespace

TEST(GridBackfillingRuns, EasyPlansOnTheLocalJobsRequestedTimes)
{
  // G0 is the head: a's local job is expected to end at 100, so G0 is reserved at 100. G1 would end at
  // 2 + 120 > 100 on the 2 processors G0 needs: it waits. G2 ends by 3 + 97 = 100: it starts at 3 (and ends at
  // 63). G0 starts at 100 and ends at 150, then G1. Were the local job's end unknown, G0 could never be planned
  // and G1 would start at 2.
  auto t = simulate_yaml(scenario("easy"));
  EXPECT_EQ(starts(t), (std::map<JobId, double>{{0, 100}, {1, 150}, {2, 3}}));
}

TEST(GridBackfillingRuns, ConservativeGivesTheSameScheduleHere)
{
  // G1's reservation is at 150 (after G0's), G2 delays neither.
  auto t = simulate_yaml(scenario("conservative"));
  EXPECT_EQ(starts(t), (std::map<JobId, double>{{0, 100}, {1, 150}, {2, 3}}));
}

TEST(GridBackfillingRuns, FcfsForComparison)
{
  // Nothing passes G0; at 150 G1 and G2 start together.
  EXPECT_EQ(starts(simulate_yaml(scenario("fcfs"))), (std::map<JobId, double>{{0, 100}, {1, 150}, {2, 150}}));
}

TEST(GridBackfillingRuns, FpfsForComparison)
{
  // G1 takes the 2 idle processors at 2 (so G0 waits for it), G2 follows at 82 when G1 ends, and G0 starts
  // when G2 ends, at 142.
  EXPECT_EQ(starts(simulate_yaml(scenario("fpfs"))), (std::map<JobId, double>{{0, 142}, {1, 2}, {2, 82}}));
}

TEST(GridBackfillingRuns, PolledBackfillingPlansOnTheLocalJobsAsAtTheLastPoll)
{
  // Polls every 30 s: the grid scheduler sees cluster a's idle processors and its running local jobs as at the last
  // poll (sim/engine/RunningAtMark.hpp). Local jobs on a: L1 holds 1 processor over [0, 100), requested 100; L2 holds
  // 2 over [0, 32), requested 200: it ends early, after the poll at 30. At 35 the head G0 (4 processors) sees 1 idle
  // processor and the jobs of the poll at 30: L1 frees 1 at 100, L2 2 at 200, so G0 is promised 200, with no
  // processor to spare then. G1 (1 processor, runs 100 s, requested 250) arrives at 36 and would end after 200: it
  // waits. (On the list as it is at 36, without L2, G0 could be promised no time, and G1 would start at 36.) The poll
  // at 60 lists L1 alone: G0 is promised 100, G1 still waits; the poll at 120 finds a idle: G0 starts, runs 50 s,
  // and G1 starts at the poll at 180.
  auto local = write_log("local.swf", swf(1, 0, 100, 1, 100) + swf(2, 0, 32, 2, 200));
  auto grid  = write_log("grid.swf", swf(1, 35, 50, 4, 50, 1) + swf(2, 36, 100, 1, 250, 1));
  EXPECT_EQ(starts(simulate_yaml(experiment("easy", 30, local, grid))), (std::map<JobId, double>{{0, 120}, {1, 180}}));
}

TEST(GridBackfillingRuns, AJobPastItsRequestedTimeKeepsItsProcessorsInThePlanUntilItEnds)
{
  // Exact information. Cluster a: the local job L1 holds 2 of its 4 processors over [0, 100) but requested 50. The
  // head G0 (4 processors) arrives at 1 and is promised 50; G1 (2, 30 s) backfills at 2. G2 (1 processor, 10 s)
  // arrives at 60, when L1 is past its requested time yet still running: the plan promises G0 the moment after 60,
  // not 60 itself (a claim of L1's processors would fail, and every pass of the instant would try it again), so G2
  // waits behind it, G0 starts when L1 ends at 100, and G2 when G0 ends at 150.
  auto local = write_log("local.swf", swf(1, 0, 100, 2, 50));
  auto grid  = write_log("grid.swf", swf(1, 1, 50, 4, 50, 1) + swf(2, 2, 30, 2, 30, 1) + swf(3, 60, 10, 1, 10, 1));
  EXPECT_EQ(starts(simulate_yaml(experiment("easy", 0, local, grid))),
            (std::map<JobId, double>{{0, 100}, {1, 2}, {2, 150}}));
}
