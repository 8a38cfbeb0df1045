#include "sim/platform/RouteComposer.hpp"

#include <algorithm>
#include <limits>
#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <string_view>
#include <typeinfo>
#include <unordered_set>

namespace coalsim {

namespace {

using simgrid::kernel::routing::NetPoint;
using simgrid::kernel::routing::NetZoneImpl;
using simgrid::kernel::routing::Route;
using LinkImpls = std::vector<simgrid::kernel::resource::StandardLinkImpl*>;

/** SimGrid's own zone methods that get_global_route calls and keeps protected: named through a derived class (never
 *  made), as C++ allows for a pointer to a protected member. */
struct ZoneAccess : NetZoneImpl {
  static void local_route(NetZoneImpl* zone, const NetPoint* src, const NetPoint* dst, Route* into, double* latency)
  {
    (zone->*&ZoneAccess::get_local_route)(src, dst, into, latency);
  }
  static bool has_bypass(NetZoneImpl* zone, const NetPoint* src, const NetPoint* dst)
  {
    LinkImpls links;
    double latency = 0;
    std::unordered_set<NetZoneImpl*> zones;
    return (zone->*&ZoneAccess::get_bypass_route)(src, dst, links, &latency, zones);
  }
};

void append(std::vector<sg4::Link*>& links, const std::vector<sg4::Link*>& more)
{
  links.insert(links.end(), more.begin(), more.end());
}

} // namespace

size_t RouteComposer::PointPairHash::operator()(const PointPair& p) const noexcept
{
  std::hash<const void*> h;
  return h(p.a) ^ (h(p.b) * 0x9e3779b97f4a7c15ULL) ^ (h(p.c) * 0xc2b2ae3d27d4eb4fULL);
}

RouteComposer::RouteComposer(const sg4::Engine& engine, bool fixed_links) : fixed_links_(fixed_links)
{
  for (auto* link : engine.get_all_links())
    link_of_.emplace(link->get_impl(), link);
}

bool RouteComposer::composable(const NetZoneImpl& zone)
{
  // The kinds SimGrid 3.32 declares private (no type to compare with): their mangled names.
  const std::string_view kind = typeid(zone).name();
  return kind == "N7simgrid6kernel7routing8FullZoneE" || kind == "N7simgrid6kernel7routing9FloydZoneE" ||
         kind == "N7simgrid6kernel7routing8StarZoneE";
}

const RouteComposer::LocalRoute& RouteComposer::local(NetZoneImpl* zone, const NetPoint* src, const NetPoint* dst,
                                                      bool keep)
{
  const PointPair key{zone, src, dst};
  if (auto it = locals_.find(key); it != locals_.end())
    return it->second;
  LocalRoute asked;
  if (composable(*zone)) {
    Route route;
    double latency = 0;
    bool composed  = true;
    try {
      ZoneAccess::local_route(zone, src, dst, &route, &latency);
    } catch (const std::exception&) { // no route: SimGrid's own request will say so
      composed = false;
    }
    for (const auto* impl : route.link_list_) {
      auto link = link_of_.find(impl);
      if (link == link_of_.end()) {
        composed = false;
        break;
      }
      asked.path.links.push_back(link->second);
      asked.path.by_latency.push_back(link->second);
    }
    // The links' latencies summed in link order must be what SimGrid sums, from 0 and from other starts (the
    // piece may come after others in a route): a zone that added them in another order would show.
    for (double start : {0.0, 0.1, 1.0 / 3, 1e3}) {
      if (not composed)
        break;
      Route again;
      double simgrid = start;
      if (start != 0.0)
        ZoneAccess::local_route(zone, src, dst, &again, &simgrid);
      else
        simgrid = latency;
      double summed = start;
      for (const auto* link : asked.path.by_latency)
        summed += link->get_latency();
      composed = summed == simgrid;
    }
    asked.path.composed = composed;
    asked.gw_src        = route.gw_src_;
    asked.gw_dst        = route.gw_dst_;
  }
  if (not keep) {
    unkept_ = std::move(asked);
    return unkept_;
  }
  return locals_.emplace(key, std::move(asked)).first->second;
}

const RouteComposer::Path& RouteComposer::piece(const NetPoint* src, const NetPoint* dst)
{
  const PointPair key{src, dst, nullptr};
  if (auto it = pieces_.find(key); it != pieces_.end())
    return it->second;
  Path composed = compose(src, dst, false);
  return pieces_.emplace(key, std::move(composed)).first->second;
}

const RouteComposer::Path& RouteComposer::piece_at(const NetPoint* src, const NetPoint* dst, const NetPoint* point)
{
  for (const auto& known : points_[point].pieces) // a point may start one piece and end another
    if (known.src == src && known.dst == dst)
      return *known.path;
  const Path& path = piece(src, dst);
  points_[point].pieces.push_back({src, dst, &path}); // looked up again: piece() may have added points
  return path;
}

const std::vector<NetZoneImpl*>& RouteComposer::ancestry(const NetPoint* point)
{
  auto& zones = points_[point].ancestry;
  if (zones.empty()) {
    for (NetZoneImpl* zone = point->get_englobing_zone(); zone != nullptr; zone = zone->get_parent())
      zones.push_back(zone);
    std::reverse(zones.begin(), zones.end());
  }
  return zones;
}

bool RouteComposer::split(const NetPoint* src, const NetPoint* dst, Pieces& pieces, bool whole)
{
  // NetZoneImpl's find_common_ancestors (SimGrid 3.32, private there), step for step: the closest zone holding both
  // points, and the two zones right below it that hold each (both that zone when one point's zone holds the
  // other's).
  NetZoneImpl* common       = src->get_englobing_zone();
  NetZoneImpl* src_ancestor = common;
  NetZoneImpl* dst_ancestor = common;
  if (dst->get_englobing_zone() != common) {
    const auto& from    = ancestry(src);
    const auto& to      = ancestry(dst);
    NetZoneImpl* father = nullptr;
    size_t i            = 0;
    while (i + 1 < from.size() && i + 1 < to.size() && from[i] == to[i])
      father = from[i++];
    src_ancestor = from[i];
    dst_ancestor = to[i];
    common       = src_ancestor == dst_ancestor ? src_ancestor : father;
  }
  if (common == nullptr || ZoneAccess::has_bypass(common, src, dst))
    return false;
  if (src_ancestor == dst_ancestor) {
    pieces = {&local(common, src, dst).path, nullptr, nullptr};
    return pieces.across->composed;
  }
  // The common zone's route first (its latency summed first), then up to its source gateway, then down from its
  // destination gateway; the links in the order up, across, down.
  const bool between_own_zones =
      whole && src_ancestor == src->get_englobing_zone() && dst_ancestor == dst->get_englobing_zone();
  const LocalRoute& across =
      local(common, src_ancestor->get_netpoint(), dst_ancestor->get_netpoint(), not between_own_zones);
  if (not across.path.composed || across.gw_src == nullptr || across.gw_dst == nullptr)
    return false;
  pieces = {&across.path, nullptr, nullptr};
  if (src != across.gw_src) {
    pieces.up = &piece_at(src, across.gw_src, src);
    if (not pieces.up->composed)
      return false;
  }
  if (across.gw_dst != dst) {
    pieces.down = &piece_at(across.gw_dst, dst, dst);
    if (not pieces.down->composed)
      return false;
  }
  return true;
}

RouteComposer::Path RouteComposer::compose(const NetPoint* src, const NetPoint* dst, bool whole)
{
  Pieces pieces;
  Path out;
  if (not split(src, dst, pieces, whole))
    return out;
  for (const Path* p : {pieces.across, pieces.up, pieces.down})
    if (p != nullptr)
      append(out.by_latency, p->by_latency);
  for (const Path* p : {pieces.up, pieces.across, pieces.down})
    if (p != nullptr)
      append(out.links, p->links);
  out.composed = true;
  return out;
}

bool RouteComposer::route(const sg4::Host* from, const sg4::Host* to, std::vector<sg4::Link*>& links, double& latency)
{
  // compose()'s route read straight from its pieces, without building it (a message's route, 2,000 per job of a
  // policy that queries every peer on 1,000 sites).
  Pieces pieces;
  if (not split(from->get_netpoint(), to->get_netpoint(), pieces, true))
    return false;
  for (const Path* p : {pieces.up, pieces.across, pieces.down})
    if (p != nullptr)
      append(links, p->links);
  for (const Path* p : {pieces.across, pieces.up, pieces.down}) // one accumulator, in SimGrid's order
    if (p != nullptr)
      for (const auto* link : p->by_latency)
        latency += link->get_latency();
  return true;
}

void RouteComposer::sum(const Pieces& pieces, double& latency, double& bandwidth) const
{
  latency   = 0;
  bandwidth = std::numeric_limits<double>::infinity();
  for (const Path* p : {pieces.across, pieces.up, pieces.down}) {
    if (p == nullptr)
      continue;
    if (not fixed_links_) {
      for (const auto* link : p->by_latency) { // one accumulator, in SimGrid's order
        latency += link->get_latency();
        bandwidth = std::min(bandwidth, link->get_bandwidth());
      }
      continue;
    }
    if (p->figures.size() != p->by_latency.size())
      for (const auto* link : p->by_latency)
        p->figures.emplace_back(link->get_latency(), link->get_bandwidth());
    for (const auto& [link_latency, link_bandwidth] : p->figures) { // the same sums, in the same order
      latency += link_latency;
      bandwidth = std::min(bandwidth, link_bandwidth);
    }
  }
}

bool RouteComposer::estimate(const NetPoint* from, const NetPoint* to, double& latency, double& bandwidth)
{
  Pieces pieces;
  if (not split(from, to, pieces, true))
    return false;
  sum(pieces, latency, bandwidth);
  return true;
}

bool RouteComposer::estimate(const sg4::Host* from, const sg4::Host* to, double& latency, double& bandwidth)
{
  return estimate(from->get_netpoint(), to->get_netpoint(), latency, bandwidth);
}

size_t RouteComposer::zone_slot(NetZoneImpl* zone)
{
  auto [it, added] = zone_slot_of_.try_emplace(zone, zone_slots_.size());
  if (added) {
    ZoneSlot slot;
    slot.zone     = zone;
    slot.children = zone->get_children().size();
    if (const NetZoneImpl* parent = zone->get_parent()) {
      const auto& siblings = parent->get_children();
      slot.child           = static_cast<size_t>(std::find(siblings.begin(), siblings.end(), zone) - siblings.begin());
    }
    zone_slots_.push_back(std::move(slot));
  }
  return it->second;
}

RouteComposer::Endpoint RouteComposer::endpoint(const sg4::Host* host)
{
  EndpointSlot slot;
  slot.point = host->get_netpoint();
  for (NetZoneImpl* zone : ancestry(slot.point))
    slot.ancestry.push_back(zone_slot(zone));
  endpoints_.push_back(std::move(slot));
  return endpoints_.size() - 1;
}

bool RouteComposer::estimate(Endpoint from, Endpoint to, double& latency, double& bandwidth)
{
  // split() for two endpoints, in the same steps, with its look-ups in the endpoints' and zones' slots.
  EndpointSlot& src      = endpoints_[from];
  EndpointSlot& dst      = endpoints_[to];
  const auto& from_zones = src.ancestry;
  const auto& to_zones   = dst.ancestry;
  size_t i               = 0;
  while (i + 1 < from_zones.size() && i + 1 < to_zones.size() && from_zones[i] == to_zones[i])
    ++i;
  const bool side_by_side = i > 0 && from_zones[i] != to_zones[i] && from_zones[i - 1] == to_zones[i - 1];
  const bool own_zones    = i + 1 == from_zones.size() && i + 1 == to_zones.size();
  if (not side_by_side || own_zones) // see split(): a route of its own, or one kept nowhere
    return estimate(src.point, dst.point, latency, bandwidth);
  ZoneSlot& common          = zone_slots_[from_zones[i - 1]];
  const ZoneSlot& src_below = zone_slots_[from_zones[i]];
  const ZoneSlot& dst_below = zone_slots_[to_zones[i]];
  if (ZoneAccess::has_bypass(common.zone, src.point, dst.point))
    return false;
  if (common.across.empty())
    common.across.resize(common.children);
  auto& row = common.across[src_below.child];
  if (row.empty())
    row.resize(common.children);
  const LocalRoute*& across = row[dst_below.child];
  if (across == nullptr)
    across = &local(common.zone, src_below.zone->get_netpoint(), dst_below.zone->get_netpoint());
  if (not across->path.composed || across->gw_src == nullptr || across->gw_dst == nullptr)
    return false;
  Pieces pieces{&across->path, nullptr, nullptr};
  if (src.point != across->gw_src) {
    auto known =
        std::find_if(src.ups.begin(), src.ups.end(), [&](const auto& up) { return up.first == across->gw_src; });
    pieces.up = known != src.ups.end() ? known->second : &piece(src.point, across->gw_src);
    if (known == src.ups.end())
      src.ups.emplace_back(across->gw_src, pieces.up);
    if (not pieces.up->composed)
      return false;
  }
  if (across->gw_dst != dst.point) {
    auto known  = std::find_if(dst.downs.begin(), dst.downs.end(),
                               [&](const auto& down) { return down.first == across->gw_dst; });
    pieces.down = known != dst.downs.end() ? known->second : &piece(across->gw_dst, dst.point);
    if (known == dst.downs.end())
      dst.downs.emplace_back(across->gw_dst, pieces.down);
    if (not pieces.down->composed)
      return false;
  }
  sum(pieces, latency, bandwidth);
  return true;
}

} // namespace coalsim
