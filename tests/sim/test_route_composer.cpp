/* RouteComposer: the route between every two clusters' file servers, composed from kept pieces, is SimGrid's own
 * (Host::route_to): the same links in the same order and the same latency to the last bit, on every platform
 * shipped and on generated grids (between file servers, and between scheduler hosts through
 * GridPlatform::host_route, with the route quality read from it); where it cannot compose a route it says so and
 * GridPlatform asks SimGrid. */
#include "ProcessEngine.hpp"
#include "sim/platform/GridPlatform.hpp"
#include "sim/platform/RouteComposer.hpp"
#include "sim/platform/RouteProperties.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <limits>
#include <simgrid/s4u.hpp>

namespace coalsim {
namespace {

namespace fs = std::filesystem;

std::string make_grid(int clusters, int regions)
{
  const std::string test = testing::UnitTest::GetInstance()->current_test_info()->name();
  fs::path file          = fs::path(testing::TempDir()) / ("composer-" + test + ".xml");
  std::string command    = "python3 " COALSIM_SOURCE_DIR "/platforms/make_grid.py " + std::to_string(clusters) + " " +
                        file.string() + " --regions " + std::to_string(regions);
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return file.string();
}

/** Loads `path` and compares the composed route of every ordered pair of clusters with SimGrid's; returns how many
 *  pairs the composer composed. */
size_t compare_all_pairs(const std::string& path)
{
  auto& engine = process_engine();
  engine.load_platform(path);
  GridPlatform platform(engine, path, {}, KeyLocation("clusters", path, 0));
  RouteComposer composer(engine);
  // A second composer asked only between endpoints, its tables filled in this order alone, with each piece's link
  // figures kept (no link changes here: the simulation does not run).
  RouteComposer by_endpoint(engine, true);
  std::vector<RouteComposer::Endpoint> endpoints;
  for (const auto& c : platform.clusters())
    endpoints.push_back(by_endpoint.endpoint(c.file_server));
  size_t composed_pairs = 0;
  for (const auto& from : platform.clusters())
    for (const auto& to : platform.clusters()) {
      if (from.index == to.index)
        continue;
      std::vector<sg4::Link*> simgrid_links, composed_links;
      double simgrid_latency = 0, composed_latency = 0;
      from.file_server->route_to(to.file_server, simgrid_links, &simgrid_latency);
      double endpoint_latency = -1, endpoint_bandwidth = -1;
      const bool by_endpoints =
          by_endpoint.estimate(endpoints[from.index], endpoints[to.index], endpoint_latency, endpoint_bandwidth);
      if (not composer.route(from.file_server, to.file_server, composed_links, composed_latency)) {
        EXPECT_FALSE(by_endpoints) << from.name << " -> " << to.name;
        continue;
      }
      EXPECT_TRUE(by_endpoints) << from.name << " -> " << to.name;
      ++composed_pairs;
      EXPECT_EQ(composed_links, simgrid_links) << from.name << " -> " << to.name;
      // Bit for bit, not near: the estimates and traces must not move.
      EXPECT_EQ(composed_latency, simgrid_latency) << from.name << " -> " << to.name;
      double estimated_latency = -1, estimated_bandwidth = -1, bottleneck = std::numeric_limits<double>::infinity();
      for (const auto* link : simgrid_links)
        bottleneck = std::min(bottleneck, link->get_bandwidth());
      EXPECT_TRUE(composer.estimate(from.file_server, to.file_server, estimated_latency, estimated_bandwidth));
      EXPECT_EQ(estimated_latency, simgrid_latency) << from.name << " -> " << to.name;
      EXPECT_EQ(estimated_bandwidth, bottleneck) << from.name << " -> " << to.name;
      EXPECT_EQ(endpoint_latency, simgrid_latency) << from.name << " -> " << to.name;
      EXPECT_EQ(endpoint_bandwidth, bottleneck) << from.name << " -> " << to.name;
      EXPECT_EQ(platform.estimate(from.index, to.index, 3e8), simgrid_latency + 3e8 / bottleneck);
      // GridPlatform's own answer (composed, or SimGrid's when it stopped composing) is SimGrid's route.
      EXPECT_EQ(platform.route(from.index, to.index), simgrid_links);
      EXPECT_EQ(platform.latency(from.index, to.index), simgrid_latency);
      // Between the scheduler hosts (the sites' messages and the qualities a policy asks of SiteChannel::route):
      // host_route gives SimGrid's route, and the quality read from it is the one read from SimGrid's.
      std::vector<sg4::Link*> scheduler_links, host_links;
      double scheduler_latency = 0, host_latency = -1;
      from.scheduler_host->route_to(to.scheduler_host, scheduler_links, &scheduler_latency);
      platform.host_route(from.scheduler_host, to.scheduler_host, host_links, host_latency);
      EXPECT_EQ(host_links, scheduler_links) << from.name << " -> " << to.name;
      EXPECT_EQ(host_latency, scheduler_latency) << from.name << " -> " << to.name;
      RouteQuality asked    = route_quality(from.scheduler_host, to.scheduler_host, path);
      RouteQuality composed = route_quality(host_links, host_latency, path);
      EXPECT_EQ(composed.latency, asked.latency);
      EXPECT_EQ(composed.bandwidth, asked.bandwidth);
      EXPECT_EQ(composed.loss, asked.loss);
      EXPECT_EQ(composed.jitter, asked.jitter);
    }
  return composed_pairs;
}

size_t pairs_of(size_t clusters)
{
  return clusters * (clusters - 1);
}

// Generated grids: every pair composed (clusters in one region and in two, regions of one cluster).
TEST(RouteComposer, GridOfTenClustersInThreeRegions)
{
  EXPECT_EQ(compare_all_pairs(make_grid(10, 3)), pairs_of(10));
}
TEST(RouteComposer, GridOfHundredClusters)
{
  EXPECT_EQ(compare_all_pairs(make_grid(100, 10)), pairs_of(100));
}
TEST(RouteComposer, GridOfOneRegion)
{
  EXPECT_EQ(compare_all_pairs(make_grid(6, 1)), pairs_of(6));
}
TEST(RouteComposer, GridOfOneClusterPerRegion)
{
  EXPECT_EQ(compare_all_pairs(make_grid(5, 5)), pairs_of(5));
}

// The composer keeps the links' figures only for platforms that cannot change them.
TEST(RouteComposer, LinksAreFixedOnlyWithoutLinkProfiles)
{
  EXPECT_TRUE(links_are_fixed(make_grid(5, 2)));
  EXPECT_TRUE(links_are_fixed(COALSIM_SOURCE_DIR "/platforms/das2.xml"));
  const fs::path folder = fs::path(testing::TempDir());
  auto platform_with    = [&](const std::string& name, const std::string& link) {
    const fs::path file = folder / ("composer-" + name + ".xml");
    std::ofstream(file) << "<?xml version='1.0'?>\n<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">\n"
                        << link << "\n</zone>\n</platform>\n";
    return file.string();
  };
  EXPECT_TRUE(links_are_fixed(platform_with("fixed", R"(<link id="l" bandwidth="1GBps" latency="1ms"/>)")));
  EXPECT_FALSE(links_are_fixed(
      platform_with("bandwidth", R"(<link id="l" bandwidth="1GBps" latency="1ms" bandwidth_file="bw.txt"/>)")));
  EXPECT_FALSE(links_are_fixed(
      platform_with("latency", R"(<link id="l" bandwidth="1GBps" latency="1ms" latency_file="lat.txt"/>)")));
  EXPECT_FALSE(links_are_fixed(platform_with("trace", R"(<trace_connect kind="LATENCY" trace="t" element="l"/>)")));
  EXPECT_FALSE(links_are_fixed((folder / "composer-missing.xml").string()));
  EXPECT_FALSE(links_are_fixed((folder / "composer-platform.so").string()));
}

// A platform whose links may change (a profile) keeps the live reads: a piece kept for one route gives the link
// figures of the moment to the next route through it, as SimGrid's own route would; with the figures kept (fixed
// links) it gives those of the piece's first use.
TEST(RouteComposer, WithLinksThatMayChangeAKeptPieceReadsItsLinksAnew)
{
  const std::string path = make_grid(6, 2);
  auto& engine           = process_engine();
  engine.load_platform(path);
  GridPlatform platform(engine, path, {}, KeyLocation("clusters", path, 0));
  const auto& clusters = platform.clusters();
  const sg4::Host* to  = clusters.back().file_server;
  // Two sources whose routes to the last cluster share a link (its way down, at least).
  std::vector<std::vector<sg4::Link*>> routes(clusters.size());
  for (size_t c = 0; c + 1 < clusters.size(); ++c)
    clusters[c].file_server->route_to(to, routes[c], nullptr);
  ASSERT_FALSE(routes[0].empty());
  size_t other = 1;
  while (other + 1 < clusters.size() && std::ranges::find(routes[other], routes[0].back()) == routes[other].end())
    ++other;
  ASSERT_LT(other + 1, clusters.size());
  sg4::Link* shared = routes[0].back();

  RouteComposer live(engine), kept(engine, true);
  const RouteComposer::Endpoint first  = live.endpoint(clusters[0].file_server),
                                second = live.endpoint(clusters[other].file_server), last = live.endpoint(to);
  const RouteComposer::Endpoint kept_first  = kept.endpoint(clusters[0].file_server),
                                kept_second = kept.endpoint(clusters[other].file_server), kept_last = kept.endpoint(to);
  double latency = 0, bandwidth = 0, kept_bandwidth = 0;
  ASSERT_TRUE(live.estimate(first, last, latency, bandwidth));
  ASSERT_TRUE(kept.estimate(kept_first, kept_last, latency, kept_bandwidth));
  const double before = shared->get_bandwidth();
  shared->set_bandwidth(bandwidth / 4);
  ASSERT_TRUE(live.estimate(second, last, latency, bandwidth));
  EXPECT_EQ(bandwidth, shared->get_bandwidth());
  ASSERT_TRUE(kept.estimate(kept_second, kept_last, latency, kept_bandwidth));
  EXPECT_GT(kept_bandwidth, shared->get_bandwidth());
  shared->set_bandwidth(before);
}

// Shipped platforms: whatever is composed is SimGrid's route (DAS-2's clusters behind one Full zone all are).
TEST(RouteComposer, Das2)
{
  EXPECT_EQ(compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/das2.xml"), pairs_of(5));
}
TEST(RouteComposer, Das2Koala)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/das2-koala.xml");
}
TEST(RouteComposer, Das2Unreliable)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/das2-unreliable.xml");
}
TEST(RouteComposer, Das2Fs0Fs3)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/das2-fs0-fs3.xml");
}
TEST(RouteComposer, Das2FourClusters)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/das2-fs0-fs1-fs2-fs3.xml");
}
TEST(RouteComposer, DianaLab)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/diana-lab.xml");
}
TEST(RouteComposer, Ricc)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/ricc.xml");
}
TEST(RouteComposer, SimGridClusterMulti)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/simgrid/cluster_multi.xml");
}
TEST(RouteComposer, SimGridG5k)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/simgrid/g5k.xml");
}
TEST(RouteComposer, SimGridMetaCluster)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/simgrid/meta_cluster.xml");
}
TEST(RouteComposer, TestPowerHosts)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/test/power-hosts.xml");
}
TEST(RouteComposer, TestQuadNodes)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/test/quad-nodes.xml");
}
TEST(RouteComposer, TestSharedNodes)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/test/shared-nodes.xml");
}
TEST(RouteComposer, TestTwoClusters)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/test/two-clusters.xml");
}
TEST(RouteComposer, TestTwoSitesWan)
{
  compare_all_pairs(COALSIM_SOURCE_DIR "/platforms/test/two-sites-wan.xml");
}

// A zone whose routes it does not know how SimGrid sums (here a torus cluster, whose file server t-0 is not its
// gateway t-3): nothing composed through it, and GridPlatform's routes are SimGrid's.
TEST(RouteComposer, ZonesOfOtherKindsAreNotComposed)
{
  fs::path path = fs::path(testing::TempDir()) / "composer-other-kinds.xml";
  std::ofstream(path) << R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="world" routing="Full">
    <cluster id="torus" topology="TORUS" topo_parameters="2,2" prefix="t-" suffix="" radical="0-3" speed="1Gf"
             bw="125MBps" lat="50us"/>
    <cluster id="flat" prefix="f-" suffix="" radical="0-3" speed="1Gf" bw="125MBps" lat="50us" router_id="flat-router"/>
    <link id="wan" bandwidth="10MBps" latency="3ms"/>
    <zoneRoute src="torus" dst="flat" gw_src="t-3" gw_dst="flat-router"><link_ctn id="wan"/></zoneRoute>
  </zone>
</platform>
)";
  EXPECT_EQ(compare_all_pairs(path.string()), 0u);
}

} // namespace
} // namespace coalsim
