/* Hierarchical grid platforms (platforms/make_grid.py): clusters in regions behind a backbone, as the platform check,
 * GridPlatform and the file transfers see them. */
#include "ProcessEngine.hpp"
#include "sim/config/InputError.hpp"
#include "sim/platform/GridPlatform.hpp"
#include "sim/platform/PlatformCheck.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <simgrid/s4u.hpp>
#include <sstream>

namespace coalsim {
namespace {

namespace fs = std::filesystem;

/** Writes the grid of `clusters` clusters in `regions` regions with make_grid.py; returns its path, named after the
 *  test (CTest runs tests in parallel: two writing one file would read each other's half-written grid). */
std::string make_grid(int clusters, int regions)
{
  const std::string test = testing::UnitTest::GetInstance()->current_test_info()->name();
  fs::path file          = fs::path(testing::TempDir()) / ("grid-" + std::to_string(clusters) + "-" + test + ".xml");
  std::string command    = "python3 " COALSIM_SOURCE_DIR "/platforms/make_grid.py " + std::to_string(clusters) + " " +
                        file.string() + " --regions " + std::to_string(regions);
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return file.string();
}

bool crosses(const std::vector<sg4::Link*>& links, const std::string& name)
{
  return std::any_of(links.begin(), links.end(), [&](const sg4::Link* l) { return l->get_name() == name; });
}

// Clusters are dealt to the regions in turn: g0, g3, g6 in r0; g1, g4, g7 in r1; g2, g5, g8 in r2.
TEST(GridPlatforms, ThreeRegionsLoadAndRoutesBetweenRegionsCrossTheBackbone)
{
  const std::string path = make_grid(9, 3);
  EXPECT_NO_THROW(check_platform_file(path));
  auto& engine = process_engine();
  engine.load_platform(path);
  GridPlatform platform(engine, path, {}, KeyLocation("clusters", path, 0));
  ASSERT_EQ(platform.clusters().size(), 9u);
  const ClusterIndex g0 = platform.find("g0"), g1 = platform.find("g1"), g3 = platform.find("g3");

  const auto& across = platform.route(g0, g1);
  EXPECT_TRUE(crosses(across, "access-g0_UP"));
  EXPECT_TRUE(crosses(across, "uplink-r0_UP"));
  EXPECT_TRUE(crosses(across, "uplink-r1_DOWN"));
  EXPECT_TRUE(crosses(across, "access-g1_DOWN"));
  const auto& back = platform.route(g1, g0);
  EXPECT_TRUE(crosses(back, "uplink-r1_UP"));
  EXPECT_TRUE(crosses(back, "uplink-r0_DOWN"));

  const auto& within = platform.route(g0, g3);
  EXPECT_TRUE(crosses(within, "access-g0_UP"));
  EXPECT_TRUE(crosses(within, "access-g3_DOWN"));
  EXPECT_FALSE(std::any_of(within.begin(), within.end(),
                           [](const sg4::Link* l) { return l->get_name().rfind("uplink", 0) == 0; }));

  // Latency: the links' latencies added up; the estimate: that plus the size over the slowest link.
  for (auto [from, to] : {std::pair{g0, g1}, std::pair{g0, g3}, std::pair{g1, g0}}) {
    double latency = 0, bottleneck = 1e300;
    for (const auto* link : platform.route(from, to)) {
      latency += link->get_latency();
      bottleneck = std::min(bottleneck, link->get_bandwidth());
    }
    EXPECT_NEAR(platform.latency(from, to), latency, 1e-12);
    EXPECT_NEAR(platform.estimate(from, to, 1e9), latency + 1e9 / bottleneck, 1e-9);
  }
  const double uplinks =
      sg4::Link::by_name("uplink-r0_UP")->get_latency() + sg4::Link::by_name("uplink-r1_DOWN")->get_latency();
  EXPECT_GE(platform.latency(g0, g1), uplinks + sg4::Link::by_name("access-g0_UP")->get_latency());
  EXPECT_LT(platform.latency(g0, g3), uplinks);
}

// The routes are checked at load without asking for every pair; a cluster no route reaches is still found.
TEST(GridPlatforms, AClusterWithoutRouteIsRefusedAtLoad)
{
  std::ifstream in(make_grid(9, 3));
  std::stringstream text;
  text << in.rdbuf();
  // g7 (region r1, not its first cluster) loses its route to the region's router.
  std::string cut =
      std::regex_replace(text.str(), std::regex("<zoneRoute src=\"g7\"[^\\n]*\\n[^\\n]*\\n[^\\n]*</zoneRoute>"), "");
  ASSERT_NE(cut, text.str());
  fs::path path = fs::path(testing::TempDir()) / "grid-cut.xml";
  std::ofstream(path) << cut;
  auto& engine = process_engine();
  engine.load_platform(path.string());
  try {
    GridPlatform platform(engine, path.string(), {}, KeyLocation("clusters", path.string(), 0));
    FAIL() << "a platform with a cluster no route reaches was taken";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("no route from cluster"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("'g7'"), std::string::npos) << e.what();
  }
}

// How long it takes is measured in bench/ (bench/grid_clusters.py), not here.
TEST(GridPlatforms, AThousandClustersLoad)
{
  const std::string path = make_grid(1000, 32);
  EXPECT_NO_THROW(check_platform_file(path));
  auto& engine = process_engine();
  engine.load_platform(path);
  GridPlatform platform(engine, path, {}, KeyLocation("clusters", path, 0));
  EXPECT_EQ(platform.clusters().size(), 1000u);
  EXPECT_GT(platform.latency(platform.find("g0"), platform.find("g999")), 0);
}

} // namespace
} // namespace coalsim
