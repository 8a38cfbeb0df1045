/* SimGrid's route between two hosts, composed from pieces kept after their first use. SimGrid 3.32 builds a route
 * between two hosts of different zones from scratch at every request (NetZoneImpl::get_global_route): the route of
 * their closest common zone between its two sub-zones that hold them, then, recursively, the route from the first
 * host up to that route's source gateway and the route from its destination gateway down to the second host. A
 * grid of 1,000 clusters in regions has a million pairs of clusters and a few thousand such pieces (each cluster's
 * way up to its region's router and down from it, each pair of regions' way through the backbone), so the pieces
 * are asked of SimGrid once and the routes of the pairs put together from them, the same links in the same order.
 *
 * The route's latency must be SimGrid's to the last bit: SimGrid sums it into one accumulator in the order it
 * visits the pieces, the common zone's route first, then the way up, then the way down (not the order of the
 * links), and within a zone's own route in the order of its links. The composer sums in that order. It composes
 * only through zones whose own routes add their links' latencies in link order (Full, Floyd, Star: the zones of
 * <zone routing="Full|Floyd|Cluster"> and of plain <cluster>s; not Dijkstra, which adds them from the destination
 * back) and checks each piece it keeps: its links' latencies summed in order must give SimGrid's latency for it, from
 * 0 and from a few other starts (a Floyd zone crossing a sub-zone between two of its gateways adds that crossing's
 * latencies in SimGrid's route order, not in link order).
 * Anything else (another kind of zone, a bypass route, a piece that fails the check or has no route) says so, and the
 * caller asks SimGrid. */
#pragma once

#include <simgrid/s4u.hpp>
#include <unordered_map>
#include <vector>

namespace simgrid::kernel::routing {
class NetPoint;
class NetZoneImpl;
} // namespace simgrid::kernel::routing

namespace coalsim {

namespace sg4 = simgrid::s4u;

class RouteComposer {
public:
  /** The engine's platform must be sealed. `fixed_links`: no link's latency or bandwidth changes during the run (no
   *  profile), so each kept piece's figures are read once (see Path). */
  explicit RouteComposer(const sg4::Engine& engine, bool fixed_links = false);

  /** The route from `from` to `to` as SimGrid gives it: links appended to `links`, latency summed into `latency`
   *  (which starts at 0) in SimGrid's order. False when it cannot be composed (then `links` and `latency` are left
   *  as they were): the caller asks SimGrid. */
  bool route(const sg4::Host* from, const sg4::Host* to, std::vector<sg4::Link*>& links, double& latency);
  /** The same route's latency and bottleneck bandwidth (the smallest of its links'), without its links: what a
   *  transfer estimate needs, from the kept pieces alone. False when the route cannot be composed. */
  bool estimate(const sg4::Host* from, const sg4::Host* to, double& latency, double& bandwidth);

  /** A host whose routes are asked for often (a cluster's file server), known by its place in flat tables: its
   *  zones and the pieces its routes start or end with. */
  using Endpoint = size_t;
  Endpoint endpoint(const sg4::Host* host);
  /** estimate() between two endpoints, the same figures to the last bit: the route's pieces found by a few array
   *  reads instead of hashes of points (a grid of 1,000 clusters composes up to a million routes of file sites, one
   *  row at a time, when CF looks for an execution site away from the files). Shapes it does not know this way (two
   *  hosts of one zone, one zone inside the other's, the two hosts' own zones side by side) go to estimate(). */
  bool estimate(Endpoint from, Endpoint to, double& latency, double& bandwidth);

private:
  using NetPoint    = simgrid::kernel::routing::NetPoint;
  using NetZoneImpl = simgrid::kernel::routing::NetZoneImpl;
  /** A route or a piece of one: its links in route order, and in the order SimGrid adds their latencies. Their
   *  latencies and bandwidths are read when asked (a link's profile may change them during the run). */
  struct Path {
    std::vector<sg4::Link*> links;
    std::vector<sg4::Link*> by_latency;
    bool composed = false; // false: SimGrid's route cannot be composed here
    /** With fixed links, by_latency's latencies and bandwidths, read on first use: an estimate then reads them here
     *  instead of from each link's SimGrid object (a cache miss per link on a grid of 1,000 clusters). */
    mutable std::vector<std::pair<double, double>> figures;
  };
  /** A route as its pieces, in the order SimGrid sums their latencies: the common zone's own route, the way up
   *  (or none), the way down (or none). */
  struct Pieces {
    const Path* across = nullptr;
    const Path* up     = nullptr;
    const Path* down   = nullptr;
  };
  /** A zone's own route between two of its points, with the gateways it leaves and enters by. */
  struct LocalRoute {
    Path path;
    const NetPoint* gw_src = nullptr;
    const NetPoint* gw_dst = nullptr;
  };
  struct PointPair {
    const void* a;
    const void* b;
    const void* c;
    bool operator==(const PointPair&) const = default;
  };
  struct PointPairHash {
    size_t operator()(const PointPair& p) const noexcept;
  };

  /** NetZoneImpl::get_global_route, in pieces: the route from `src` to `dst` as its kept pieces; false when it
   *  cannot be composed. `whole`: a route asked for itself, not a piece of another (see local()). */
  bool split(const NetPoint* src, const NetPoint* dst, Pieces& pieces, bool whole);
  /** The route from `src` to `dst` put together from split(). */
  Path compose(const NetPoint* src, const NetPoint* dst, bool whole);
  /** The zones holding `point`, the root first (kept). */
  const std::vector<NetZoneImpl*>& ancestry(const NetPoint* point);
  /** compose(), kept: the ways up and down that many routes share. */
  const Path& piece(const NetPoint* src, const NetPoint* dst);
  /** piece(), found from the host end `point` (the source of a way up, the destination of a way down) in the short
   *  list of the pieces that start or end there (usually one a gateway), kept with its ancestry: one look-up of the
   *  point instead of a hash of the pair, for each of the million routes of a grid of 1,000 clusters. */
  const Path& piece_at(const NetPoint* src, const NetPoint* dst, const NetPoint* point);
  /** `zone`'s own route from `src` to `dst`, asked of SimGrid; kept when `keep`, else valid until the next call. The
   *  route between the two hosts' own zones serves one pair of hosts (two clusters of one region), whose route
   *  GridPlatform keeps: kept here too, they would be N^2/R routes for N clusters in R regions. */
  const LocalRoute& local(NetZoneImpl* zone, const NetPoint* src, const NetPoint* dst, bool keep = true);
  /** Whether `zone` adds its own routes' latencies in link order (see the top of the file). */
  static bool composable(const NetZoneImpl& zone);

  std::unordered_map<const void*, sg4::Link*> link_of_; // SimGrid's link implementations to their interfaces
  std::unordered_map<PointPair, Path, PointPairHash> pieces_;
  std::unordered_map<PointPair, LocalRoute, PointPairHash> locals_;
  struct PointPiece {
    const NetPoint* src;
    const NetPoint* dst;
    const Path* path; // in pieces_ (its nodes stay put)
  };
  struct Point {
    std::vector<NetZoneImpl*> ancestry; // empty: not asked yet (every point has a zone)
    std::vector<PointPiece> pieces;     // see piece_at()
  };
  std::unordered_map<const NetPoint*, Point> points_; // its values stay put: ancestry() hands out references
  LocalRoute unkept_;                                 // local()'s answer when not kept

  /** The latency and bottleneck of a route in pieces, summed in SimGrid's order into one accumulator. */
  void sum(const Pieces& pieces, double& latency, double& bandwidth) const;
  bool fixed_links_ = false;
  /** estimate() between two points. */
  bool estimate(const NetPoint* from, const NetPoint* to, double& latency, double& bandwidth);

  /** A zone on an endpoint's ancestry. */
  struct ZoneSlot {
    NetZoneImpl* zone = nullptr;
    size_t child      = 0; // its place among its parent's children
    size_t children   = 0; // its own children
    /** Its own routes between two of its children (their LocalRoutes in locals_), by the source child's place then
     *  the destination's; rows made on first use, null: not asked yet. */
    std::vector<std::vector<const LocalRoute*>> across;
  };
  struct EndpointSlot {
    const NetPoint* point = nullptr;
    std::vector<size_t> ancestry;                               // zone slots, the root first
    std::vector<std::pair<const NetPoint*, const Path*>> ups;   // pieces from the point up to a gateway (in pieces_)
    std::vector<std::pair<const NetPoint*, const Path*>> downs; // pieces from a gateway down to the point
  };
  /** The slot of `zone`, made on first use. */
  size_t zone_slot(NetZoneImpl* zone);
  std::vector<ZoneSlot> zone_slots_;
  std::unordered_map<const NetZoneImpl*, size_t> zone_slot_of_;
  std::vector<EndpointSlot> endpoints_;
};

} // namespace coalsim
