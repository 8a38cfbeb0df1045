#include "sim/platform/GridPlatform.hpp"

#include "sim/config/InputError.hpp"
#include "sim/platform/PlatformXml.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_platform_grid_platform, coalsim_platform, "GridPlatform");

namespace coalsim {

bool natural_less(const std::string& a, const std::string& b)
{
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
      size_t i_end = i, j_end = j;
      while (i_end < a.size() && std::isdigit(static_cast<unsigned char>(a[i_end])))
        ++i_end;
      while (j_end < b.size() && std::isdigit(static_cast<unsigned char>(b[j_end])))
        ++j_end;
      unsigned long long x = std::stoull(a.substr(i, i_end - i)), y = std::stoull(b.substr(j, j_end - j));
      if (x != y)
        return x < y;
      i = i_end;
      j = j_end;
    } else {
      if (a[i] != b[j])
        return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

namespace {
/** The line of the zone or cluster called `name` in the platform file (0 when not found). */
int zone_line(const std::string& platform_file, const std::string& name)
{
  int line = platform_line_of(platform_file, "zone", name);
  return line > 0 ? line : platform_line_of(platform_file, "cluster", name);
}

/** Zones in declaration order, depth first. */
void collect_zones(sg4::NetZone* zone, std::vector<sg4::NetZone*>& out)
{
  out.push_back(zone);
  for (auto* child : zone->get_children())
    collect_zones(child, out);
}
} // namespace

GridPlatform::GridPlatform(const sg4::Engine& engine, const std::string& platform_file,
                           const std::vector<std::string>& selected, const KeyLocation& selected_location)
{
  // Routes are complete only once the platform is sealed (SimGrid seals it when the run starts): before, SimGrid
  // 3.32 finds no route through the routers of Cluster zones (meta_cluster.xml) nor across Floyd zones (g5k.xml).
  engine.seal_platform();
  std::map<sg4::NetZone*, std::vector<sg4::Host*>> hosts_of;
  for (auto* host : engine.get_all_hosts())
    hosts_of[host->get_englobing_zone()].push_back(host);
  std::vector<sg4::NetZone*> zones;
  collect_zones(engine.get_netzone_root(), zones);

  std::vector<Cluster> all;
  for (auto* zone : zones) {
    auto it = hosts_of.find(zone);
    if (it == hosts_of.end() || it->second.empty())
      continue;
    Cluster c;
    c.name           = zone->get_name();
    const char* site = zone->get_property("site");
    c.site           = site ? site : c.name;
    auto hosts       = it->second;
    std::sort(hosts.begin(), hosts.end(),
              [](const sg4::Host* a, const sg4::Host* b) { return natural_less(a->get_name(), b->get_name()); });
    const auto all_hosts = hosts;
    if (const char* server = zone->get_property("file_server")) {
      auto found =
          std::find_if(hosts.begin(), hosts.end(), [&](const sg4::Host* h) { return h->get_name() == server; });
      if (found == hosts.end())
        throw_input_error("platform", platform_file, platform_file, zone_line(platform_file, c.name),
                          "zone '" + c.name + "' names file_server '" + server + "', which is not one of its hosts");
      c.file_server = *found;
      hosts.erase(found);
    } else {
      c.file_server = hosts.front();
    }
    c.scheduler_host = c.file_server;
    if (const char* scheduler = zone->get_property("scheduler_host")) {
      auto found = std::find_if(all_hosts.begin(), all_hosts.end(),
                                [&](const sg4::Host* h) { return h->get_name() == scheduler; });
      if (found == all_hosts.end())
        throw_input_error("platform", platform_file, platform_file, zone_line(platform_file, c.name),
                          "zone '" + c.name + "' names scheduler_host '" + scheduler +
                              "', which is not one of its hosts");
      c.scheduler_host = *found;
    }
    c.compute_hosts = hosts;
    for (auto* h : hosts)
      c.processors += h->get_core_count();
    if (c.processors == 0)
      throw_input_error("platform", platform_file, platform_file, zone_line(platform_file, c.name),
                        "cluster '" + c.name + "' has no processors");
    all.push_back(std::move(c));
  }
  if (all.empty())
    throw_input_error("platform", platform_file, platform_file, platform_line_of(platform_file, "platform", ""),
                      "no zone holds hosts: there is no cluster to use");

  if (selected.empty()) {
    clusters_ = std::move(all);
  } else {
    for (const auto& name : selected) {
      if (std::none_of(all.begin(), all.end(), [&](const Cluster& c) { return c.name == name; })) {
        std::string known;
        for (const auto& c : all)
          known += (known.empty() ? "" : ", ") + c.name;
        selected_location.fail("cluster", name, "no such cluster in " + platform_file + " (clusters: " + known + ")");
      }
    }
    for (auto& c : all)
      if (std::find(selected.begin(), selected.end(), c.name) != selected.end())
        clusters_.push_back(std::move(c));
  }
  for (size_t i = 0; i < clusters_.size(); ++i)
    clusters_[i].index = static_cast<ClusterIndex>(i);

  const size_t n = clusters_.size();
  routes_.assign(n, std::vector<std::vector<sg4::Link*>>(n));
  latency_.assign(n, std::vector<double>(n, 0));
  bandwidth_.assign(n, std::vector<double>(n, std::numeric_limits<double>::infinity()));
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b) {
      if (a == b)
        continue;
      double latency = 0;
      try { // SimGrid throws when the platform has no route between the two (e.g. a Floyd zone without one)
        clusters_[a].file_server->route_to(clusters_[b].file_server, routes_[a][b], &latency);
      } catch (const std::exception& e) {
        throw_input_error("platform", platform_file, platform_file, zone_line(platform_file, clusters_[a].name),
                          "no route from cluster '" + clusters_[a].name + "' to cluster '" + clusters_[b].name + "' (" +
                              e.what() + ")");
      }
      latency_[a][b] = latency;
      for (auto* link : routes_[a][b])
        bandwidth_[a][b] = std::min(bandwidth_[a][b], link->get_bandwidth());
    }
}

std::vector<std::string> GridPlatform::names() const
{
  std::vector<std::string> out;
  for (const auto& c : clusters_)
    out.push_back(c.name);
  return out;
}

ClusterIndex GridPlatform::find(const std::string& name) const
{
  for (const auto& c : clusters_)
    if (c.name == name)
      return c.index;
  return no_cluster;
}

int GridPlatform::total_processors() const
{
  int total = 0;
  for (const auto& c : clusters_)
    total += c.processors;
  return total;
}

double GridPlatform::estimate(ClusterIndex from, ClusterIndex to, double bytes) const
{
  if (from == to)
    return 0;
  return latency_.at(from).at(to) + bytes / bandwidth_.at(from).at(to);
}

} // namespace coalsim
