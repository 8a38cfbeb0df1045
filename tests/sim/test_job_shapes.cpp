/* Shaped jobs (docs/concepts.md, Shapes), hand-computed from the definitions on cluster q of 4 four-core hosts
 * (platforms/test/quad-nodes.xml): a `nodes` job of p processors with c cores per node takes c cores on each of
 * ceil(p / c) distinct hosts, a `whole_nodes` job ceil(p / 4) hosts whole; hosts are taken first fit by index unless a
 * test says best fit. The same workloads as pool jobs (any free cores) finish otherwise. */
#include "tests/integration/SimulateCommand.hpp"

#include "ProcessEngine.hpp"
#include "sim/engine/Clock.hpp"
#include "sim/engine/InformationService.hpp"
#include "sim/engine/InstantStep.hpp"
#include "sim/engine/LocalResourceManager.hpp"
#include "sim/platform/GridPlatform.hpp"
#include "sim/trace/UtilizationRecorder.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <map>
#include <random>
#include <set>
#include <simgrid/s4u.hpp>
#include <string>
#include <tuple>
#include <vector>
#include <xbt/log.h>

using namespace coalsim;

namespace {

/** The process's one SimGrid engine, with the test platform loaded once: a second engine, or the platform loaded
 *  twice, corrupts SimGrid's state (AddressSanitizer stops in EngineImpl::presolve). */
sg4::Engine& engine_with_platform()
{
  static bool quiet   = (xbt_log_control_set("root.thres:critical"), true);
  sg4::Engine& engine = process_engine();
  static bool loaded  = (engine.load_platform(COALSIM_SOURCE_DIR "/platforms/test/quad-nodes.xml"), true);
  (void)quiet;
  (void)loaded;
  return engine;
}

/** One manager on cluster q, tracking hosts, with `discipline` and shape `policy`. A test may run several one after
 *  the other on the one engine: SimGrid's clock goes on from one run to the next, so times are counted from the
 *  manager's creation. */
class ShapedManager {
public:
  ShapedManager(const std::string& discipline, const ShapePolicy& policy)
  {
    cluster_.name = std::string(1, 'q');
    for (const char* host : {"q-0", "q-1", "q-2", "q-3"})
      cluster_.compute_hosts.push_back(engine.host_by_name(host));
    cluster_.processors = 16;
    origin_             = sg4::Engine::get_clock();
    manager             = std::make_unique<LocalResourceManager>(cluster_, recorder_, step, true, discipline);
    manager->set_shape_policy(policy);
    manager->set_on_local_job_done([this](const LocalJobRecord& r) { ended[r.trace_id] = r; });
    manager->set_on_cores_released([this](const HeldCores& held) {
      std::map<int, int> by_host;
      for (CoreMap::Core core : held.cores)
        ++by_host[manager->core_map().host_of(core)];
      holdings.push_back({held.holding.job_id, held.holding.started_at, held.released_at, by_host});
    });
  }
  /** Submits local job `id` of `size` processors, `runtime` s (its estimate), at `time`; the jobs of one time in
   *  the order given. */
  void submit(double time, int64_t id, int size, double runtime, double estimate = NAN)
  {
    LocalJobRequest job{size, runtime, estimate, id};
    auto [slot, first] = arrivals_.try_emplace(time);
    slot->second.push_back(job);
    if (first) // one timer per time: SimGrid need not keep the order of timers set for one instant
      at(origin_ + time, [this, time] {
        for (const LocalJobRequest& j : arrivals_.at(time))
          manager->submit_background(j);
      });
  }
  std::map<int64_t, double> ends() const
  {
    std::map<int64_t, double> out;
    for (const auto& [id, r] : ended)
      out[id] = r.end_time - origin_;
    return out;
  }

private:
public:
  sg4::Engine& engine = engine_with_platform();
  InstantStep step;

private:
  Cluster cluster_;
  UtilizationRecorder recorder_{1, 60, [](const UtilizationSample&) {}};
  double origin_ = 0;
  std::map<double, std::vector<LocalJobRequest>> arrivals_;

public:
  /** At `time` after the manager's creation. */
  void at_time(double time, std::function<void()> action) { at(origin_ + time, std::move(action)); }
  std::unique_ptr<LocalResourceManager> manager;
  std::map<int64_t, LocalJobRecord> ended; // by trace id
  struct Holding {
    int64_t job;
    double start, end;
    std::map<int, int> by_host; // host -> cores
  };
  std::vector<Holding> holdings;
};

const ShapePolicy pool{};
ShapePolicy nodes(int c)
{
  return {ShapeKind::nodes, c};
}
const ShapePolicy whole{ShapeKind::whole_nodes, 1};

using Ends = std::map<int64_t, double>;

} // namespace

TEST(JobShapes, FcfsThreeCoresOnOneHostLeaveAFifthJobWaitingThatThePoolWouldStart)
{
  // Five jobs of 3 processors, 60 s, at 0. Pool: 15 of 16 cores, all start at 0. Nodes of 3 cores: one job per host
  // (each keeps 1 core free), the fifth waits for the first end: 60 -> 120.
  for (const ShapePolicy& policy : {pool, nodes(3)}) {
    ShapedManager m("fcfs", policy);
    for (int id = 0; id < 5; ++id)
      m.submit(0, id, 3, 60);
    m.engine.run();
    const double fifth = policy.pool() ? 60 : 120;
    EXPECT_EQ(m.ends(), (Ends{{0, 60}, {1, 60}, {2, 60}, {3, 60}, {4, fifth}}));
  }
}

TEST(JobShapes, FcfsEightJobsOfThreeCoresOnEachOfNHostsFinishLaterThanPooled)
{
  // 8 jobs at 0, FCFS, each c cores on each of N distinct hosts (nodes of c = 3 cores, p = 3N processors): sizes
  // N = 1, 2, 1, 3, 2, 1, 4, 1 and runtimes 60 s each. First fit by host index, from the definitions:
  //   t=0: J0 (1 host) q-0; J1 (2 hosts) q-1, q-2; J2 q-3; J3 (3 hosts) waits: every host has 1 core free.
  //   t=60: all end; J3 q-0..q-2, J4 (2 hosts) needs 2 hosts with 3 free: only q-3: waits.
  //   t=120: J4 q-0, q-1; J5 q-2; J6 (4 hosts) waits. t=180: J6 all; t=240: J7.
  // Completions 60, 60, 60, 120, 180, 180, 240, 300. In the pool (24 cores at most asked, 16 here) the same jobs
  // pack into any free cores: t=0 J0-J2 (12), J3 (9) waits; t=60: J3 + J4 (15); t=120: J5, J6 (15); t=180: J7.
  const std::vector<int> hosts = {1, 2, 1, 3, 2, 1, 4, 1};
  for (const ShapePolicy& policy : {pool, nodes(3)}) {
    ShapedManager m("fcfs", policy);
    for (size_t id = 0; id < hosts.size(); ++id)
      m.submit(0, static_cast<int64_t>(id), 3 * hosts[id], 60);
    m.engine.run();
    if (policy.pool())
      EXPECT_EQ(m.ends(), (Ends{{0, 60}, {1, 60}, {2, 60}, {3, 120}, {4, 120}, {5, 180}, {6, 180}, {7, 240}}));
    else
      EXPECT_EQ(m.ends(), (Ends{{0, 60}, {1, 60}, {2, 60}, {3, 120}, {4, 180}, {5, 180}, {6, 240}, {7, 300}}));
  }
}

TEST(JobShapes, WholeNodesTakeAHostEachEvenForOneProcessor)
{
  for (const ShapePolicy& policy : {pool, whole}) {
    ShapedManager m("fcfs", policy);
    for (int id = 0; id < 6; ++id)
      m.submit(0, id, 1, 60);
    m.at_time(1, [&] { EXPECT_EQ(m.manager->busy_background(), policy.pool() ? 6 : 16); });
    m.engine.run();
    const double late = policy.pool() ? 60 : 120;
    EXPECT_EQ(m.ends(), (Ends{{0, 60}, {1, 60}, {2, 60}, {3, 60}, {4, late}, {5, late}}));
    if (not policy.pool()) {
      for (const auto& h : m.holdings)
        EXPECT_EQ(h.by_host.size(), 1u) << "job " << h.job;
    }
  }
}

TEST(JobShapes, BestFitTakesTheFullestHostThatFitsAndLeavesTooFewHostsForAFourNodeJob)
{
  // FCFS, nodes of 2 cores. At 0: A and B (2 processors, 10 s) and C (2, 100 s). First fit: A q-0, B q-0 (2 free),
  // C q-1. Best fit the same (A: four hosts of 4 free, the lowest; B: q-0 has the fewest free, 2; C: q-1..q-3 tie).
  // At 10 A and B end: free 4, 2, 4, 4. At 20 D (2, 100 s): first fit q-0 (free 2, 2, 4, 4), best fit q-1, the
  // fullest that fits (free 4, 0, 4, 4). At 21 E (8 processors: 4 nodes, 50 s): first fit finds 4 hosts with 2
  // free and starts it at once (ends 71); best fit has 3 and waits for C's end at 100 (ends 150), q-0 idle till then.
  for (const HostSelection selection : {HostSelection::first_fit, HostSelection::best_fit}) {
    const bool best = selection == HostSelection::best_fit;
    ShapedManager m("fcfs", {ShapeKind::nodes, 2, selection});
    m.submit(0, 'A', 2, 10);
    m.submit(0, 'B', 2, 10);
    m.submit(0, 'C', 2, 100);
    m.submit(20, 'D', 2, 100);
    m.submit(21, 'E', 8, 50);
    m.engine.run();
    EXPECT_EQ(m.ends(), (Ends{{'A', 10}, {'B', 10}, {'C', 100}, {'D', 120}, {'E', best ? 150 : 71}})) << best;
    std::map<int64_t, int64_t> trace_id; // the manager's job number -> the test's id
    for (const auto& [id, record] : m.ended)
      trace_id[record.id] = id;
    std::map<int64_t, std::map<int, int>> on; // by the test's id: host -> cores
    for (const auto& h : m.holdings)
      on[trace_id.at(h.job)] = h.by_host;
    EXPECT_EQ(on['A'], (std::map<int, int>{{0, 2}}));
    EXPECT_EQ(on['B'], (std::map<int, int>{{0, 2}}));
    EXPECT_EQ(on['C'], (std::map<int, int>{{1, 2}}));
    EXPECT_EQ(on['D'], (std::map<int, int>{{best ? 1 : 0, 2}}));
    EXPECT_EQ(on['E'], (std::map<int, int>{{0, 2}, {1, 2}, {2, 2}, {3, 2}}));
  }
}

TEST(JobShapes, BestFitGivesEasyAndConservativeTheSameScheduleAsFcfs)
{
  // The disciplines and the manager ask one predicate: EASY and conservative give the case above the same
  // schedule as FCFS (E is the head and nothing is behind it), with D on q-1.
  for (const char* discipline : {"easy", "easy_sjbf", "conservative"}) {
    ShapedManager m(discipline, {ShapeKind::nodes, 2, HostSelection::best_fit});
    m.submit(0, 'A', 2, 10);
    m.submit(0, 'B', 2, 10);
    m.submit(0, 'C', 2, 100);
    m.submit(20, 'D', 2, 100);
    m.submit(21, 'E', 8, 50);
    m.engine.run();
    EXPECT_EQ(m.ends(), (Ends{{'A', 10}, {'B', 10}, {'C', 100}, {'D', 120}, {'E', 150}})) << discipline;
  }
}

namespace {
/** A, B, C, D (3 processors: one host of 3 cores each) fill every host but one core; E (12: all four hosts) is
 *  the head; F (3, 200 s) and G (3, 40 s) behind it. */
void submit_backfilling_case(ShapedManager& m)
{
  m.submit(0, 'A', 3, 100);
  m.submit(0, 'B', 3, 50);
  m.submit(0, 'C', 3, 100);
  m.submit(0, 'D', 3, 100);
  m.submit(0, 'E', 12, 10);
  m.submit(0, 'F', 3, 200);
  m.submit(0, 'G', 3, 40);
}
} // namespace

TEST(JobShapes, EasyAndConservativeCountTheShadowTimeAndExtraProcessorsHostByHost)
{
  // Pool: E's shadow time is 100 (4 idle + 12 from A, C, D), 4 extra processors: F (3) starts at 0 on them and ends
  // at 200; G starts at 50 (B's 3 cores, ends by the shadow time); E at 100. Conservative plans the same. SJBF
  // tries G first: G at 0 (ends by the shadow time), F at 40 on the extra processors, ends at 240.
  // Nodes of 3 cores: at 0 no host has 3 free cores, so F cannot start. At 50 B's host is free; E's shadow is 100,
  // when every host has 4 free and E takes 3 of each: 1 extra core per host, so F (3 cores on one host, past the
  // shadow time) may not start; G (ends at 90) may. E runs 100-110, then F 110-310. Conservative plans E at 100, F
  // at 110 (E's window on every host leaves no 200 s window before), G at 50.
  for (const std::string discipline : {"easy", "easy_sjbf", "conservative"})
    for (const ShapePolicy& policy : {pool, nodes(3)}) {
      ShapedManager m(discipline, policy);
      submit_backfilling_case(m);
      m.engine.run();
      const bool sjbf_pool = policy.pool() && discipline == "easy_sjbf";
      const double f       = sjbf_pool ? 240 : policy.pool() ? 200 : 310;
      const double g       = sjbf_pool ? 40 : 90;
      EXPECT_EQ(m.ends(), (Ends{{'A', 100}, {'B', 50}, {'C', 100}, {'D', 100}, {'E', 110}, {'F', f}, {'G', g}}))
          << discipline << (policy.pool() ? " pool" : " nodes of 3");
      if (not policy.pool()) {
        for (const auto& h : m.holdings) {
          if (h.job == m.ended.at('E').id) {
            EXPECT_EQ(h.by_host, (std::map<int, int>{{0, 3}, {1, 3}, {2, 3}, {3, 3}}));
          }
        }
      }
    }
}

TEST(JobShapes, AFailedHostKillsExactlyTheJobsHoldingItsCores)
{
  // Nodes of 2 cores: X (4 processors) takes 2 cores of q-0 and q-1, Y (4) the other 2 of each, Z (2) 2 cores of
  // q-2. q-1 fails at 10: X and Y die, Z runs on. In the pool X would have q-0, Y q-1, Z q-2: only Y dies.
  for (const ShapePolicy& policy : {pool, nodes(2)}) {
    ShapedManager m("fcfs", policy);
    m.submit(0, 'X', 4, 100);
    m.submit(0, 'Y', 4, 100);
    m.submit(0, 'Z', 2, 100);
    sg4::Host* host = m.engine.host_by_name("q-1");
    m.at_time(10, [&] {
      host->turn_off();
      m.manager->host_down(host);
      EXPECT_EQ(m.manager->core_map().free_on(1), 0) << "the failed host's cores are out of use";
    });
    m.engine.run();
    host->turn_on(); // for the next manager of this test
    const double x = policy.pool() ? 100 : 10;
    EXPECT_EQ(m.ends(), (Ends{{'X', x}, {'Y', 10}, {'Z', 100}})) << (policy.pool() ? "pool" : "nodes of 2");
  }
}

TEST(JobShapes, GridClaimsTakeTheShapeAndTellTheGridOnlyWhatFits)
{
  ShapedManager m("fcfs", nodes(3));
  m.at_time(0, [&] {
    std::vector<sg4::Host*> hosts;
    std::vector<CoreMap::Core> cores;
    ASSERT_TRUE(m.manager->claim(5, &hosts, &cores)); // 2 hosts of 3 cores: 6 held, 5 processes
    EXPECT_EQ(cores.size(), 6u);
    EXPECT_EQ(hosts.size(), 5u);
    EXPECT_EQ(m.manager->busy_grid(), 6);
    EXPECT_EQ(m.manager->idle(), 10);
    EXPECT_EQ(m.manager->idle_for_grid(), 6) << "two hosts with 3 free cores";
    EXPECT_TRUE(m.manager->can_claim({3, 3}));
    EXPECT_FALSE(m.manager->can_claim({3, 3, 3})) << "10 cores are idle, but only 2 hosts have 3 free";
    EXPECT_FALSE(m.manager->claim(9, &hosts, &cores));
    m.manager->release(5, cores, {CoreOwner::grid_component, 0}, HoldingOutcome::completed);
    EXPECT_EQ(m.manager->busy_grid(), 0);
    EXPECT_EQ(m.manager->idle_for_grid(), 12);
    EXPECT_EQ(m.manager->largest_job(), 12) << "3 cores on each of 4 hosts";
  });
  m.engine.run();
}

TEST(JobShapes, ANodesClusterTellsTheGridItsFreeNodeCoresAndHowWideOneComponentMayBe)
{
  // Nodes of 1 core: 16 free node-cores on 4 hosts, though one component has at most 4 nodes (distinct hosts). Two
  // components of 3 take 6 of them (3 on hosts 0-2, 3 on hosts 0-2 again: first fit), and leave 10, on 4 hosts.
  {
    ShapedManager m("fcfs", nodes(1));
    m.at_time(0, [&] {
      EXPECT_EQ(m.manager->idle_for_grid(), 16) << "additive: what components sharing hosts take together";
      EXPECT_EQ(m.manager->width_for_grid(), 4);
      EXPECT_EQ(m.manager->grid_capacity(), 16);
      EXPECT_EQ(m.manager->largest_job(), 4) << "one job: one node on each host";
      EXPECT_EQ(m.manager->most_nodes(), 4);
      std::vector<sg4::Host*> hosts;
      std::vector<CoreMap::Core> cores;
      ASSERT_TRUE(m.manager->claim(3, &hosts, &cores));
      ASSERT_TRUE(m.manager->claim(3, &hosts, &cores));
      EXPECT_EQ(m.manager->idle_for_grid(), 10);
      EXPECT_EQ(m.manager->width_for_grid(), 4);
      EXPECT_EQ(m.manager->available_width(), 4);
      m.manager->release(6, cores, {CoreOwner::grid_component, 0}, HoldingOutcome::completed);
    });
    m.engine.run();
  }
  // Nodes of 3 cores on hosts of 4: one node a host, 12 free node-cores; two hosts with 1 core free have room for
  // none, so 6 on the other two, 2 wide.
  {
    ShapedManager three("fcfs", nodes(3));
    three.at_time(0, [&] {
      EXPECT_EQ(three.manager->grid_capacity(), 12) << "4 hosts x one node of 3";
      std::vector<sg4::Host*> hosts;
      std::vector<CoreMap::Core> cores;
      ASSERT_TRUE(three.manager->claim(5, &hosts, &cores));
      EXPECT_EQ(three.manager->idle_for_grid(), 6);
      EXPECT_EQ(three.manager->width_for_grid(), 2);
      three.manager->release(5, cores, {CoreOwner::grid_component, 0}, HoldingOutcome::completed);
    });
    three.engine.run();
  }
  // Whole nodes: the count is exact as it was, and the width is the hosts whatever is held.
  ShapedManager w("fcfs", whole);
  w.at_time(0, [&] {
    std::vector<sg4::Host*> hosts;
    std::vector<CoreMap::Core> cores;
    ASSERT_TRUE(w.manager->claim(1, &hosts, &cores));
    EXPECT_EQ(w.manager->idle_for_grid(), 12);
    EXPECT_EQ(w.manager->width_for_grid(), 4);
    EXPECT_EQ(w.manager->grid_capacity(), 16);
    w.manager->release(1, cores, {CoreOwner::grid_component, 0}, HoldingOutcome::completed);
  });
  w.engine.run();
}

namespace {
/** The information service of cluster q alone, with nodes of `c` cores, exact (`poll_interval` 0) or polled. */
struct NodesInformation {
  NodesInformation(int c, double poll_interval)
  {
    manager = std::make_unique<LocalResourceManager>(platform().cluster(0), recorder, step, true);
    manager->set_shape_policy(nodes(c));
    managers.push_back(std::move(manager));
    info = std::make_unique<InformationService>(platform(), managers, poll_interval);
  }
  static const GridPlatform& platform()
  {
    static const GridPlatform grid(engine_with_platform(), COALSIM_SOURCE_DIR "/platforms/test/quad-nodes.xml", {},
                                   KeyLocation("clusters", "quad-nodes.xml", 0));
    return grid;
  }
  LocalResourceManager& q() { return *managers[0]; }
  bool claim(int processors)
  {
    std::vector<sg4::Host*> hosts;
    return q().claim(processors, &hosts, &cores);
  }
  InstantStep step;
  UtilizationRecorder recorder{1, 60, [](const UtilizationSample&) {}};
  std::unique_ptr<LocalResourceManager> manager;
  std::vector<std::unique_ptr<LocalResourceManager>> managers;
  std::unique_ptr<InformationService> info;
  std::vector<CoreMap::Core> cores;
};
} // namespace

TEST(JobShapes, TheViewOfANodesClusterCountsFreeNodeCoresAndLimitsAComponentToTheHostsWithRoomNow)
{
  engine_with_platform();
  bool ran = false;
  at(sg4::Engine::get_clock(), [&ran] {
    ran = true;
    // Exact: nodes of 2 cores; one component of 3 (2 nodes) fills hosts 0 and 1 halfway, a second one fills them.
    {
      NodesInformation exact(2, 0);
      GridView idle = exact.info->view();
      EXPECT_EQ(idle.cluster(0).idle, 16);
      EXPECT_EQ(idle.held(0, 8), 8) << "4 nodes on 4 hosts with room";
      EXPECT_EQ(idle.held(0, 9), ComponentCores::unholdable) << "5 nodes on 4 hosts";
      ASSERT_TRUE(exact.claim(3));
      ASSERT_TRUE(exact.claim(3));
      GridView half = exact.info->view();
      EXPECT_EQ(half.cluster(0).idle, 8) << "hosts 2 and 3, two nodes each";
      EXPECT_EQ(half.held(0, 4), 4) << "2 nodes: hosts 2 and 3";
      EXPECT_EQ(half.held(0, 5), ComponentCores::unholdable) << "3 nodes, but only 2 hosts with room now";
      EXPECT_EQ(half.capacity_held(0, 5), 6) << "the cluster's hosts: for capacities, plans and what a component holds";
      EXPECT_EQ(half.component_cores().most_nodes(0), 2);
      EXPECT_EQ(half.capacity_cores().most_nodes(0), 4);
      EXPECT_EQ(idle.held(0, 8), 8) << "a view keeps the widths it was built with";
      exact.q().release(6, exact.cores, {CoreOwner::grid_component, 0}, HoldingOutcome::completed);
      EXPECT_EQ(exact.info->view().held(0, 8), 8) << "exact: the width is read at each view";
    }

    // Polled: placements are taken from the count until the next report, and the width as reported is lowered as far
    // as the count left proves (4 - 6 nodes taken, but 10 node-cores left on hosts of 4 lie on at least 3 hosts): the
    // next component of 4 nodes, which might find its hosts taken, is not placed on a guess. A failed claim's
    // learn_idle reads both again.
    NodesInformation polled(1, 1000);
    polled.info->placed(0, 3);
    polled.info->placed(0, 3);
    GridView placed = polled.info->view();
    EXPECT_EQ(placed.cluster(0).idle, 10);
    EXPECT_EQ(placed.held(0, 3), 3);
    EXPECT_EQ(placed.held(0, 4), ComponentCores::unholdable);
    EXPECT_EQ(placed.capacity_held(0, 4), 4);
    polled.q().start_dummy(10); // the local load took hosts 0 and 1 whole and 2 cores of host 2 (first fit), unseen
    EXPECT_EQ(polled.q().width_for_grid(), 2);
    EXPECT_EQ(polled.info->view().held(0, 3), 3) << "as reported (lowered)";
    polled.info->claim_failed(0, 3);
    polled.info->claim_failed(0, 3);
    EXPECT_TRUE(polled.info->learn_idle(0));
    GridView learned = polled.info->view();
    EXPECT_EQ(learned.cluster(0).idle, 6) << "16 - 10 dummy cores";
    EXPECT_EQ(learned.held(0, 2), 2);
    EXPECT_EQ(learned.held(0, 3), ComponentCores::unholdable) << "learned: two hosts with room";
    polled.q().kill_dummy(10);
  });
  engine_with_platform().run();
  EXPECT_TRUE(ran);
}

namespace {
/** Runs simulate with `arguments` (no background, whole nodes, no trace) and expects `summary` in its output. */
void expect_run_ends_with(const std::string& arguments, const std::string& summary)
{
  const auto run = coalsim::testing::run(arguments + " --set background.model=none --set job_shape.kind=whole_nodes "
                                                     "--no-trace",
                                         120);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find(summary), std::string::npos) << run.output;
}
} // namespace

TEST(JobShapes, FourComponentsOfThreeOnDualNodesTakenWholeAreCountedAsTheNodesTheyHold)
{
  // Components of 3 processors on DAS-2's dual nodes taken whole: each holds 2 hosts, 4 cores. Counted by
  // processors, best fit packed 4 of a job's components on a cluster whose idle count said 12, though its 6 free
  // hosts hold only 3 of them: the claim failed, the count it taught (polled view) was the same 12, and a pass at
  // once placed the job there again, until the livelock guard aborted the run (t = 772, 60 jobs; 836a02f made such a
  // job wait for the next change instead). Counted by the cores they hold (4 each), three fit the 12 and the claim
  // succeeds: every job ends.
  expect_run_ends_with("--policy bf --jobs 60 --set workload.component_size=3 --set workload.components=4",
                       "60 submitted, 60 completed");
}

TEST(JobShapes, PoliciesCountTheNodesAComponentHoldsSoNoClaimWaitsForRoomThatCannotCome)
{
  // Seven components of 9 processors on DAS-2's dual nodes taken whole hold 5 nodes (10 cores) each. Counted by
  // processors, best fit put all seven (63) on fs1's 64 cores; the claim, which needs 35 of its 32 nodes, failed,
  // taught nothing, and without a background nothing changed: the run went on to the simulated-time horizon (exit
  // 2). Counted by the cores they hold, six go to fs1 and the seventh to fs2, and every job ends.
  const std::string seven_of_nine = "--policy bf --set workload.components=7 --set workload.component_size=9";
  expect_run_ends_with(seven_of_nine + " --jobs 20 --set 'clusters=[fs1, fs2]'", "20 submitted, 20 completed");
  // On fs1 alone the job can never run: the engine turns it away at its arrival, as larger than the grid, instead
  // of leaving it to wait for ever (the run went on to the horizon).
  expect_run_ends_with(seven_of_nine + " --jobs 3 --set 'clusters=[fs1]'",
                       "3 submitted, 0 completed, 0 failed, 3 rejected");
}

TEST(JobShapes, AComponentWithMoreNodesThanAClustersHostsIsPlacedOnNoneOfItsSites)
{
  // Nodes of 1 core on DAS-2's dual nodes: a job of 40 processors needs 40 distinct hosts. fs1 has 32 (64 cores),
  // fs0 72. DIANA's site fs1 took the jobs submitted there as its own (its 64 cores seemed enough), and they waited
  // there for ever: 0 of 5 completed, 4 dropped as stalled after 1e6 s. A component now holds more than any count on
  // a cluster with too few hosts (ComponentCores::unholdable): the jobs go to fs0. The fifth job, of 144
  // processors, fits no cluster's hosts and is turned away at arrival.
  const auto run = coalsim::testing::run("--policy diana --set 'workload.request_types={total: 1}' --jobs 5 --set "
                                         "workload.component_size=40 --set background.model=none --set "
                                         "job_shape.kind=nodes --set job_shape.cores_per_node=1 --set "
                                         "'clusters=[fs0, fs1]' --set policy.submit_site=fs1 --no-trace",
                                         120);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("5 submitted, 4 completed, 0 failed, 1 rejected"), std::string::npos) << run.output;
}

TEST(JobShapes, ComponentsOfOneJobShareTheHostsOfANodesCluster)
{
  // Nodes of 1 core on 4 hosts of 4 cores: two components of 3 are 6 nodes, 3 on distinct hosts each. The grid was
  // told 4 idle (1 x the hosts with room: what ONE component could take), the engine's capacity was the same 4, and
  // every job was rejected as larger than the grid. The count is now the free node-cores (16), the capacity too.
  const std::string quad = "--platform " COALSIM_SOURCE_DIR "/platforms/test/quad-nodes.xml --set "
                           "background.model=none --set workload.components=2 --set workload.component_size=3 --set "
                           "job_shape.kind=nodes --no-trace";
  auto run               = coalsim::testing::run(quad + " --policy ff --jobs 10 --set job_shape.cores_per_node=1", 120);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("10 submitted, 10 completed, 0 failed, 0 rejected"), std::string::npos) << run.output;
  // KOALA claims what the hosts that are on hold; with idle_off every host is off between jobs, and the hosts a
  // placement switches on (2, where two components of 2 nodes of 2 cores each fit) were told as 2 x 2 = 4 idle: never
  // room for both components, 0 of 20 completed after about 849 claiming tries each. They hold 8 free node-cores.
  run = coalsim::testing::run(quad + " --policy koala --jobs 20 --set job_shape.cores_per_node=2 --set "
                                     "power.manager=idle_off --set power.idle_timeout=0 --set power.boot_time=60",
                              120);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("20 submitted, 20 completed, 0 failed, 0 rejected"), std::string::npos) << run.output;
}

TEST(JobShapes, AJobWhoseComponentsTheManagerCannotClaimOnTheIdleNodesClusterIsTurnedAwayAtArrival)
{
  // Nodes of 1 core on 4 hosts of 4 cores: five components of 3 are 15 of the 16 node-cores, but the manager claims
  // them one after the other by first fit, three on hosts 0-2 each time: the fifth finds one host with room. Counted
  // by node-cores, the job was admitted and never claimed (the run ended by the stall check or the horizon, exit 2);
  // the engine now asks the manager's own test on the idle cluster, and the job is larger than the grid at arrival.
  // Four such components fit (the fourth on hosts 0-2's last cores), as do two.
  const std::string quad = "--platform " COALSIM_SOURCE_DIR "/platforms/test/quad-nodes.xml --set "
                           "background.model=none --set workload.component_size=3 --set job_shape.kind=nodes --set "
                           "job_shape.cores_per_node=1 --no-trace --log=coalsim_engine_grid_scheduler.thres:verbose";
  for (const std::string policy : {"ff", "koala"}) {
    auto run = coalsim::testing::run(quad + " --policy " + policy + " --jobs 3 --set workload.components=5", 120);
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_NE(run.output.find("3 submitted, 0 completed, 0 failed, 3 rejected"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("job 0 leaves: larger than the grid"), std::string::npos) << run.output;
    for (const char* components : {"4", "2"}) {
      run = coalsim::testing::run(quad + " --policy " + policy + " --jobs 5 --set workload.components=" + components,
                                  120);
      ASSERT_EQ(run.status, 0) << run.output;
      EXPECT_NE(run.output.find("5 submitted, 5 completed, 0 failed, 0 rejected"), std::string::npos)
          << policy << " " << components << ": " << run.output;
    }
  }
}

TEST(JobShapes, RandomShapedWorkloadsNeverOverfillAHostNorShrinkAJob)
{
  // Any discipline, any shape, either host selection, estimates below and above the runtimes (jobs past their
  // estimates): every job ends, no host holds more than its 4 cores at once, every job holds its shape (c cores on each
  // of n distinct hosts).
  std::mt19937_64 rng(37);
  for (int round = 0; round < 48; ++round) { // first fit, then best fit
    const std::string discipline = std::vector<std::string>{"fcfs", "easy", "easy_sjbf", "conservative"}[round % 4];
    const int kind               = std::uniform_int_distribution<int>(0, 4)(rng); // 0-3: nodes of 1-4 cores, 4: whole
    ShapePolicy policy           = kind < 4 ? nodes(kind + 1) : whole;
    policy.selection             = round < 24 ? HostSelection::first_fit : HostSelection::best_fit;
    const int largest            = 4 * (kind < 4 ? kind + 1 : 4);
    ShapedManager m(discipline, policy);
    std::map<int64_t, int> sizes;
    const int jobs = 40;
    double t       = 0;
    for (int id = 0; id < jobs; ++id) {
      t += std::uniform_int_distribution<int>(0, 20)(rng);
      const int size       = std::uniform_int_distribution<int>(1, largest)(rng);
      const double runtime = std::uniform_int_distribution<int>(1, 100)(rng);
      const double factor  = std::uniform_real_distribution<double>(0.5, 3)(rng);
      sizes[id]            = size;
      m.submit(t, id, size, runtime, std::round(runtime * factor));
    }
    m.engine.run();
    SCOPED_TRACE(discipline + " kind " + std::to_string(kind) + (round < 24 ? " first fit" : " best fit"));
    ASSERT_EQ(m.ended.size(), static_cast<size_t>(jobs)) << "every job ends";
    // Each job's shape.
    for (const auto& h : m.holdings) {
      auto job = std::find_if(m.ended.begin(), m.ended.end(), [&](const auto& e) { return e.second.id == h.job; });
      ASSERT_NE(job, m.ended.end());
      const JobShape shape = shape_of(policy, sizes.at(job->first), 4);
      EXPECT_EQ(static_cast<int>(h.by_host.size()), shape.count) << "job " << job->first;
      for (const auto& [host, cores] : h.by_host)
        EXPECT_EQ(cores, shape.cores_per_host) << "job " << job->first << " on host " << host;
    }
    // No host over its cores: sweep each host's holdings in time.
    std::map<int, std::vector<std::pair<double, int>>> changes;
    for (const auto& h : m.holdings)
      for (const auto& [host, cores] : h.by_host) {
        changes[host].emplace_back(h.start, cores);
        changes[host].emplace_back(h.end, -cores);
      }
    for (auto& [host, events] : changes) {
      std::sort(events.begin(), events.end()); // at equal times the releases (negative) first
      int held = 0;
      for (const auto& [time, delta] : events) {
        held += delta;
        EXPECT_LE(held, 4) << "host " << host << " at " << time;
      }
    }
  }
}

TEST(JobShapes, ShapesThatCanNeverFitAreRefusedNamingFileLineAndKey)
{
  namespace fs = std::filesystem;
  fs::path dir = coalsim::testing::test_folder("job-shapes-");
  auto refused = [&](const std::string& name, const std::string& yaml, const std::string& message) {
    const std::string file = coalsim::testing::write(dir / name, yaml);
    auto result            = coalsim::testing::run("--config " + file + " -q -o " + (dir / "out.h5").string());
    EXPECT_EQ(result.status, 2) << result.output;
    EXPECT_EQ(result.output.rfind("simulate: " + message, 0), 0u) << result.output;
    EXPECT_FALSE(fs::exists(dir / "out.h5"));
  };
  const std::string head = "platform: platforms/das2-fs0-fs3.xml\nworkload: {jobs: 1}\n";
  refused("cores.yaml", head + "job_shape:\n  kind: nodes\n  cores_per_node: 3\n",
          "Invalid key 'job_shape.cores_per_node' in " + (dir / "cores.yaml").string() +
              ":5: 3 cores per node on cluster fs0, whose hosts have 2: no job could ever start there");
  refused("cluster.yaml", head + "job_shape:\n  clusters:\n    fs3: {kind: nodes, cores_per_node: 4}\n",
          "Invalid key 'job_shape.clusters.fs3.cores_per_node' in " + (dir / "cluster.yaml").string() +
              ":5: 4 cores per node on cluster fs3, whose hosts have 2: no job could ever start there");
  refused("pool.yaml", head + "job_shape: {kind: pool, cores_per_node: 2}\n",
          "Invalid key 'job_shape.cores_per_node' in " + (dir / "pool.yaml").string() +
              ":3: only read with 'kind: nodes'");
  refused("selection.yaml", head + "job_shape: {kind: pool, host_selection: best_fit}\n",
          "Invalid key 'job_shape.host_selection' in " + (dir / "selection.yaml").string() +
              ":3: only read with 'kind: nodes' or 'kind: whole_nodes'");
  refused("fit.yaml", head + "job_shape: {kind: nodes, host_selection: worst_fit}\n",
          "Invalid key 'job_shape.host_selection' in " + (dir / "fit.yaml").string() + ":3: valid values are");
  refused("kind.yaml", head + "job_shape: {kind: nodes_of_two}\n",
          "Invalid key 'job_shape.kind' in " + (dir / "kind.yaml").string() + ":3: valid values are");
  refused("absent.yaml", head + "job_shape: {clusters: {fs9: {kind: whole_nodes}}}\n",
          "Invalid key 'job_shape.clusters.fs9' in " + (dir / "absent.yaml").string() +
              ":3: cluster 'fs9' is not in this run");
}
