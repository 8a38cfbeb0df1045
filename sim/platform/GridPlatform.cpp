#include "sim/platform/GridPlatform.hpp"

#include "sim/config/InputError.hpp"
#include "sim/platform/PlatformXml.hpp"
#include "sim/platform/RouteComposer.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <iterator>
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

bool links_are_fixed(const std::string& platform_file)
{
  if (platform_file.size() < 4 || platform_file.compare(platform_file.size() - 4, 4, ".xml") != 0)
    return false;
  std::ifstream in(platform_file, std::ios::binary);
  if (not in)
    return false;
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad())
    return false;
  for (const char* may_change : {"bandwidth_file", "latency_file", "trace_connect", "<include"})
    if (text.find(may_change) != std::string::npos)
      return false;
  return true;
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
    : platform_file_(platform_file)
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

  pairs_.resize(clusters_.size());
  composer_ = std::make_unique<RouteComposer>(engine, links_are_fixed(platform_file));
  for (const auto& c : clusters_)
    endpoints_.push_back(composer_->endpoint(c.file_server));
  check_routes(engine);
}

GridPlatform::~GridPlatform() = default;

void GridPlatform::ask_route(ClusterIndex from, ClusterIndex to, std::vector<sg4::Link*>& links, double& latency) const
{
  latency = 0;
  try { // SimGrid throws when the platform has no route between the two (e.g. a Floyd zone without one)
    clusters_[from].file_server->route_to(clusters_[to].file_server, links, &latency);
  } catch (const std::exception& e) {
    throw_input_error("platform", platform_file_, platform_file_, zone_line(platform_file_, clusters_[from].name),
                      "no route from cluster '" + clusters_[from].name + "' to cluster '" + clusters_[to].name + "' (" +
                          e.what() + ")");
  }
}

/* Every pair of clusters needs a route; asking SimGrid for all N^2 of them took most of the load of a large grid.
 * SimGrid routes hierarchically: a route between two clusters is the route up from the first to the zone that holds
 * both, that zone's route between the two of its sub-zones that hold them, and the route down to the second. So
 * each zone is checked once for each of its parts that hold clusters (its own hosts, if it is a cluster, and each
 * sub-zone), between a representative cluster of that part and one of its first part, both ways: about 2N routes in
 * all. Within a Floyd or Dijkstra zone, routes to and from one part connect every two parts (routes follow the
 * zone's graph); a Full zone needs a route for each pair of its sub-zones holding hosts, which the platform check
 * refuses the platform without (check_full_zone_routes); a Cluster zone links all its hosts. */
void GridPlatform::check_routes(const sg4::Engine& engine) const
{
  std::map<const sg4::NetZone*, ClusterIndex> cluster_of; // selected clusters by zone
  for (const auto& c : clusters_)
    cluster_of[c.file_server->get_englobing_zone()] = c.index;
  // The first selected cluster in each zone's subtree (depth first, the zone itself first), or no_cluster.
  std::map<const sg4::NetZone*, ClusterIndex> representative;
  std::function<ClusterIndex(const sg4::NetZone*)> find_representative = [&](const sg4::NetZone* zone) {
    ClusterIndex found = no_cluster;
    if (auto it = cluster_of.find(zone); it != cluster_of.end())
      found = it->second;
    for (const auto* child : zone->get_children()) {
      ClusterIndex inside = find_representative(child);
      if (found == no_cluster)
        found = inside;
    }
    representative[zone] = found;
    return found;
  };
  find_representative(engine.get_netzone_root());
  std::vector<sg4::NetZone*> zones; // in declaration order, for the first error to be the same at every load
  collect_zones(engine.get_netzone_root(), zones);
  for (const auto* zone : zones) {
    std::vector<ClusterIndex> parts;
    if (auto it = cluster_of.find(zone); it != cluster_of.end())
      parts.push_back(it->second);
    for (const auto* child : zone->get_children())
      if (ClusterIndex r = representative.at(child); r != no_cluster)
        parts.push_back(r);
    for (size_t p = 1; p < parts.size(); ++p) {
      check_route(parts[0], parts[p]);
      check_route(parts[p], parts[0]);
    }
  }
}

void GridPlatform::find_route(ClusterIndex from, ClusterIndex to, std::vector<sg4::Link*>& links, double& latency) const
{
  latency = 0;
  if (composer_ && composer_->route(clusters_[from].file_server, clusters_[to].file_server, links, latency))
    return;
  ask_route(from, to, links, latency);
}

void GridPlatform::host_route(const sg4::Host* from, const sg4::Host* to, std::vector<sg4::Link*>& links,
                              double& latency) const
{
  latency = 0;
  if (composer_ && composer_->route(from, to, links, latency))
    return;
  from->route_to(to, links, &latency);
}

void GridPlatform::check_route(ClusterIndex from, ClusterIndex to) const
{
  std::vector<sg4::Link*> links;
  double latency = 0;
  ask_route(from, to, links, latency);
  std::vector<sg4::Link*> composed;
  double composed_latency = 0;
  if (composer_ &&
      composer_->route(clusters_[from].file_server, clusters_[to].file_server, composed, composed_latency) &&
      (composed != links || composed_latency != latency)) {
    XBT_VERB("route from '%s' to '%s' composed unlike SimGrid's: every route asked of SimGrid",
             clusters_[from].name.c_str(), clusters_[to].name.c_str());
    composer_.reset();
  }
}

GridPlatform::PairRoute& GridPlatform::known_pair(ClusterIndex from, ClusterIndex to) const
{
  auto& row = pairs_.at(from);
  if (row.empty())
    row.resize(clusters_.size());
  return row.at(to);
}

const GridPlatform::PairRoute& GridPlatform::pair(ClusterIndex from, ClusterIndex to) const
{
  PairRoute& known = known_pair(from, to);
  if (known.latency < 0) {
    PairRoute composed;
    if (from != to && composer_ &&
        composer_->estimate(endpoints_[from], endpoints_[to], composed.latency, composed.bandwidth)) {
      known = composed;
    } else {
      std::vector<sg4::Link*> links;
      known = ask_pair(from, to, links);
    }
  }
  return known;
}

GridPlatform::PairRoute GridPlatform::ask_pair(ClusterIndex from, ClusterIndex to, std::vector<sg4::Link*>& links) const
{
  PairRoute asked{0, std::numeric_limits<double>::infinity()};
  if (from != to) {
    find_route(from, to, links, asked.latency);
    for (auto* link : links)
      asked.bandwidth = std::min(asked.bandwidth, link->get_bandwidth());
  }
  return asked;
}

const std::vector<sg4::Link*>& GridPlatform::route(ClusterIndex from, ClusterIndex to) const
{
  const size_t key = static_cast<size_t>(from) * clusters_.size() + static_cast<size_t>(to);
  auto it          = links_.find(key);
  if (it != links_.end())
    return it->second;
  std::vector<sg4::Link*> links;
  known_pair(from, to) = ask_pair(from, to, links);
  return links_.emplace(key, std::move(links)).first->second;
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
  // Known pairs first, without the bounds checks of known_pair(): CF asks a row of a thousand pairs per job.
  if (const auto& row = pairs_[from]; not row.empty() && row[to].latency >= 0)
    return row[to].latency + bytes / row[to].bandwidth;
  const PairRoute& known = pair(from, to);
  return known.latency + bytes / known.bandwidth;
}

} // namespace coalsim
