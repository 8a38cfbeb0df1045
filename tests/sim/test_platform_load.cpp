/* load_platform_file: SimGrid's load, with each zone sealed once the file has closed it (a fifth of the load of a
 * 1,000-cluster grid was SimGrid sealing every zone at the end, each seal walking all the hosts). */
#include "ProcessEngine.hpp"
#include "sim/config/KeyLocation.hpp"
#include "sim/platform/GridPlatform.hpp"
#include "sim/platform/PlatformLoad.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <gtest/gtest.h>
#include <map>
#include <simgrid/s4u.hpp>
#include <string>

namespace coalsim {
namespace {

namespace fs  = std::filesystem;
namespace sg4 = simgrid::s4u;

/** Each zone SimGrid seals, in order, with the number of hosts the platform held then. */
struct Seal {
  std::string zone;
  size_t hosts_then;
};
std::vector<Seal>& seals()
{
  static std::vector<Seal> all;
  static const bool connected = [] {
    sg4::NetZone::on_seal_cb([](const sg4::NetZone& zone) {
      seals().push_back({zone.get_name(), sg4::Engine::get_instance()->get_host_count()});
    });
    return true;
  }();
  (void)connected;
  return all;
}

bool sealed(const std::string& zone)
{
  return std::any_of(seals().begin(), seals().end(), [&](const Seal& s) { return s.zone == zone; });
}

// make_grid.py deals 9 clusters to 3 regions in turn: g0, g3, g6 in r0; g1, g4, g7 in r1; g2, g5, g8 in r2.
TEST(PlatformLoad, SealsEachZoneTheFileHasClosedAndTheRunSealsTheRest)
{
  fs::path path = fs::path(testing::TempDir()) / "platform-load-grid-9.xml";
  std::string command =
      "python3 " COALSIM_SOURCE_DIR "/platforms/make_grid.py 9 " + path.string() + " --regions 3 > /dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  auto& engine = process_engine();
  seals();
  load_platform_file(engine, path.string());
  const size_t all_hosts = engine.get_host_count();

  // Sealed as the file went on: the wide area's links, the first two regions with their clusters and gateways, the
  // last region's clusters (g8 when the backbone's zone was opened, after the last region's gateway).
  for (const char* zone :
       {"wan-links", "r0", "g0", "g3", "g6", "r0-gw", "r1", "g1", "g4", "g7", "r1-gw", "g2", "g5", "g8"})
    EXPECT_TRUE(sealed(zone)) << zone;
  // Left to SimGrid when the run starts: the grid (open to the end), the last region and its gateway (open or
  // created last when the backbone's zone was opened), the backbone's zone (created last).
  for (const char* zone : {"grid", "r2", "r2-gw", "backbone"})
    EXPECT_FALSE(sealed(zone)) << zone;
  // A cluster sealed early walked only the hosts read by then.
  auto g0 = std::find_if(seals().begin(), seals().end(), [](const Seal& s) { return s.zone == "g0"; });
  ASSERT_NE(g0, seals().end());
  EXPECT_LT(g0->hosts_then, all_hosts);

  engine.seal_platform();
  std::map<std::string, int> times;
  for (const Seal& s : seals())
    ++times[s.zone];
  EXPECT_EQ(times.size(), engine.get_netzone_root()->get_children().size() + 1 + 9 + 3) // regions' gateways, clusters
      << "every zone sealed";
  for (const auto& [zone, count] : times)
    EXPECT_EQ(count, 1) << zone << " sealed once";

  // The same platform as SimGrid's own load makes: the routes cross the regions' uplinks and the access links.
  GridPlatform platform(engine, path.string(), {}, KeyLocation("clusters", path.string(), 0));
  ASSERT_EQ(platform.clusters().size(), 9u);
  const auto& across = platform.route(platform.find("g0"), platform.find("g1"));
  for (const char* link : {"access-g0_UP", "uplink-r0_UP", "uplink-r1_DOWN", "access-g1_DOWN"})
    EXPECT_TRUE(std::any_of(across.begin(), across.end(), [&](const sg4::Link* l) { return l->get_name() == link; }))
        << link;
}

} // namespace
} // namespace coalsim
