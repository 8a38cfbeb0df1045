/* The clusters of a SimGrid platform, as the simulator uses them. A cluster is a zone that holds hosts.
 * Zone properties: `site` (the institution; default: the zone name) and `file_server` (a host of the
 * zone that stores files and runs no job components; default: none, and the first host stores files) and
 * `scheduler_host` (the host of the zone that runs its scheduler and sends and receives its messages; default: the
 * file server). */
#pragma once

#include "sim/api/GridView.hpp"
#include "sim/api/Job.hpp"
#include "sim/config/KeyLocation.hpp"

#include <memory>
#include <simgrid/s4u.hpp>
#include <string>
#include <unordered_map>
#include <vector>

namespace coalsim {

namespace sg4 = simgrid::s4u;

class RouteComposer;

struct Cluster {
  ClusterIndex index = 0;
  std::string name;
  std::string site;
  std::vector<sg4::Host*> compute_hosts; // in natural order of their names (fs0-2 before fs0-10)
  sg4::Host* file_server    = nullptr;
  sg4::Host* scheduler_host = nullptr; // where the site's scheduler runs and its messages start and end
  int processors            = 0;       // cores of the compute hosts
};

class GridPlatform : public TransferEstimator {
public:
  /** Discovers the clusters of the loaded platform; keeps only `selected` ones when not empty (in the
   *  platform's order). Throws InputError naming where `selected` was set for an unknown name. */
  GridPlatform(const sg4::Engine& engine, const std::string& platform_file, const std::vector<std::string>& selected,
               const KeyLocation& selected_location);
  ~GridPlatform() override;

  const std::vector<Cluster>& clusters() const { return clusters_; }
  const Cluster& cluster(ClusterIndex c) const { return clusters_.at(c); }
  std::vector<std::string> names() const;
  /** Index of the cluster called `name`, or no_cluster. */
  ClusterIndex find(const std::string& name) const;
  int total_processors() const;

  /** Route latency plus size over the route's bottleneck bandwidth, between file servers. */
  double estimate(ClusterIndex from, ClusterIndex to, double bytes) const override;
  /** The links between two clusters' file servers, and their latency (s), found the first time a pair is
   *  used and kept (a grid of 1,000 clusters has a million pairs, of which a run uses few). */
  const std::vector<sg4::Link*>& route(ClusterIndex from, ClusterIndex to) const;
  /** SimGrid's route between any two hosts (links appended to `links`, latency set), composed from kept pieces
   *  when the composer can, else asked of SimGrid: for what asks often between many pairs (the sites' messages). */
  void host_route(const sg4::Host* from, const sg4::Host* to, std::vector<sg4::Link*>& links, double& latency) const;
  double latency(ClusterIndex from, ClusterIndex to) const { return pair(from, to).latency; }

private:
  struct PairRoute {
    double latency   = -1; // < 0: not asked yet
    double bandwidth = 0;  // bottleneck, bytes/s
  };
  /** Latency and bottleneck of the pair, found on first use (composed from kept pieces of SimGrid's routes, else
   *  asked of SimGrid: the same figures either way, see RouteComposer). */
  const PairRoute& pair(ClusterIndex from, ClusterIndex to) const;
  /** The pair's entry in its row (the row made on first use); latency < 0 when not asked yet. */
  PairRoute& known_pair(ClusterIndex from, ClusterIndex to) const;
  /** Asks SimGrid for the pair's route: its links into `links`, its latency and bottleneck returned. */
  PairRoute ask_pair(ClusterIndex from, ClusterIndex to, std::vector<sg4::Link*>& links) const;
  /** SimGrid's route between the two clusters' file servers; an InputError when there is none. */
  void ask_route(ClusterIndex from, ClusterIndex to, std::vector<sg4::Link*>& links, double& latency) const;
  /** The same route composed from the pieces of earlier ones when the composer can (see RouteComposer), else
   *  ask_route. */
  void find_route(ClusterIndex from, ClusterIndex to, std::vector<sg4::Link*>& links, double& latency) const;
  /** At load: asks SimGrid for the route and, when the composer gives another (links or latency to the last bit),
   *  stops composing: every route is then SimGrid's. */
  void check_route(ClusterIndex from, ClusterIndex to) const;
  /** At load: every pair of clusters has a route, checked without asking for every pair (see the .cpp). */
  void check_routes(const sg4::Engine& engine) const;

  std::string platform_file_;
  std::vector<Cluster> clusters_;
  // Filled on first use: a row per source cluster (empty until used), and the link lists of the pairs that carry
  // transfers.
  mutable std::vector<std::vector<PairRoute>> pairs_;
  mutable std::unordered_map<size_t, std::vector<sg4::Link*>> links_; // key: from * clusters + to
  mutable std::unique_ptr<RouteComposer> composer_;                   // null: every route asked of SimGrid
  std::vector<size_t> endpoints_; // the composer's endpoint of each cluster's file server
};

/** Whether no link of the platform in `platform_file` can change its latency or bandwidth during the run: an XML
 *  file that names no link profile (`bandwidth_file`, `latency_file`, a `trace_connect`) and includes no other file
 *  (coalsim itself never sets a link's figures). Anything else (a file that cannot be read, a platform in code) may
 *  change them. */
bool links_are_fixed(const std::string& platform_file);

/** Natural order of host names: "fs0-2" < "fs0-10". */
bool natural_less(const std::string& a, const std::string& b);

} // namespace coalsim
