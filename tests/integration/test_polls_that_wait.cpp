/* The information service's polls wait for the next other timer while nothing else can happen (TimerQueue::
 * add_observation, Simulation::allow_polls_to_wait): SimGrid then stops at fewer dates, and the polls fire late in
 * SimGrid's time, with now() their own date. Nothing in the trace may move: the same run with the polls stopping
 * SimGrid at their dates (a platform whose profile makes SimGrid play events of its own) writes the same tables. */
#include "SimulateCommand.hpp"
#include "setup/ExperimentConfig.hpp"
#include "setup/Simulation.hpp"
#include "sim/engine/TimerQueue.hpp"
#include "tests/support/SameRows.hpp"
#include "tests/support/TraceReader.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <string>
#include <vector>

namespace fs = std::filesystem;

TEST(PollsThatWait, MoveNoRowOfTheTrace)
{
  fs::path dir = coalsim::testing::test_folder("polls-wait-");
  // DAS-2 with a speed profile on one host that leaves its speed as it is: SimGrid plays it, so the polls may not
  // wait there.
  std::ifstream in(COALSIM_SOURCE_DIR "/platforms/das2.xml");
  std::string text((std::istreambuf_iterator<char>(in)), {});
  const std::string end = "</platform>";
  ASSERT_NE(text.rfind(end), std::string::npos);
  text.insert(text.rfind(end), "  <trace id=\"same-speed\" periodicity=\"-1\">\n0 1.0\n</trace>\n"
                               "  <trace_connect kind=\"SPEED\" trace=\"same-speed\" element=\"fs1-0\"/>\n");
  const fs::path profiled = dir / "das2-profiled.xml";
  coalsim::testing::write(profiled, text);

  // Local jobs traced too: a poll that read the managers at another place among the events would show in the grid
  // jobs' placements, and one that moved a local job's start in the local jobs.
  const std::vector<std::string> sets = {"workload.jobs=400", "trace.local_jobs=true"};
  std::string command                 = "-q -p " + profiled.string() + " -o " + (dir / "stopping.h5").string();
  std::vector<coalsim::Override> overrides;
  for (const auto& set : sets) {
    command += " --set " + set;
    overrides.emplace_back(set);
  }
  auto stopping = coalsim::testing::run(command);
  ASSERT_EQ(stopping.status, 0) << stopping.output;

  coalsim::RunOptions options; // in process, on DAS-2 as shipped: the polls wait whenever they may
  options.output = (dir / "waiting.h5").string();
  coalsim::Simulation(coalsim::load_experiment("", overrides), options).run();
  EXPECT_GT(coalsim::TimerQueue::instance().observations_fired_late(), 100U) << "most polls find no grid job waiting";

  coalsim::Trace a = coalsim::read_trace((dir / "stopping.h5").string());
  coalsim::Trace b = coalsim::read_trace(options.output);
  ASSERT_EQ(a.jobs.size(), 400U);
  ASSERT_FALSE(a.local_jobs.empty());
  coalsim::testing::expect_same_tables(a, b);
}
