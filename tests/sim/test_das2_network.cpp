/* The DAS-2 platforms' wide area as SimGrid carries it: facts the KOALA experiments depend on. */
#include "sim/engine/ActivityTracker.hpp"
#include "sim/engine/FileStager.hpp"
#include "sim/platform/GridPlatform.hpp"

#include <gtest/gtest.h>
#include <simgrid/s4u.hpp>

namespace coalsim {
namespace {

// Copies of 125 MB (about one second on a 1 Gbit/s access link) started together; their durations.
std::vector<double> copy_times(const std::vector<std::pair<std::string, std::string>>& copies)
{
  int argc     = 1;
  char name[]  = "test";
  char* argv[] = {name, nullptr};
  sg4::Engine engine(&argc, argv);
  engine.set_config("network/model:CM02"); // as `simulate` configures SimGrid (setup/Simulation.cpp)
  engine.set_config("network/crosstraffic:0");
  engine.load_platform(COALSIM_SOURCE_DIR "/platforms/das2-koala.xml");
  GridPlatform platform(engine, COALSIM_SOURCE_DIR "/platforms/das2-koala.xml", {},
                        KeyLocation("clusters", "das2-koala.xml", 0));
  ActivityTracker tracker;
  FileStager stager(platform, tracker);
  std::vector<double> durations(copies.size(), -1);
  for (size_t i = 0; i < copies.size(); ++i)
    stager.stage({{platform.find(copies[i].first), platform.find(copies[i].second), 125e6}},
                 [&durations, i](const FileStager::Outcome& o) { durations[i] = o.arrived() ? o.durations[0] : -1; });
  engine.run();
  return durations;
}

// One simulation per test: SimGrid allows one engine per process (CTest runs each test alone). Each run
// has a reference copy fs0 -> fs4 on links nothing else uses: the time of a copy that shares nothing.
TEST(Das2Network, AccessLinksAreFullDuplexSoOppositeCopiesDoNotShare)
{
  // fs1 -> fs2 and fs2 -> fs1 cross the same two access links in opposite directions: full-duplex
  // Ethernet gives each the whole 1 Gbit/s; a shared (half-duplex) link would give each half.
  auto t = copy_times({{"fs0", "fs4"}, {"fs1", "fs2"}, {"fs2", "fs1"}});
  EXPECT_NEAR(t[1], t[0], 0.01 * t[0]);
  EXPECT_NEAR(t[2], t[0], 0.01 * t[0]);
}

TEST(Das2Network, CopiesLeavingOneSiteShareItsUplink)
{
  auto t = copy_times({{"fs0", "fs4"}, {"fs1", "fs2"}, {"fs1", "fs3"}});
  EXPECT_GT(t[1], 1.9 * t[0]);
  EXPECT_GT(t[2], 1.9 * t[0]);
}

} // namespace
} // namespace coalsim
