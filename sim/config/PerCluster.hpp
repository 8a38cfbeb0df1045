/* A section of the experiment with values for every cluster and a `clusters` map that overrides them by cluster
 * name (background, faults, job_shape): the values, where each cluster's entry was set (for the check, once the
 * platform is known, that the cluster is in the run), and the one way to read the map and to find a cluster's
 * values, so that the sections cannot drift apart. */
#pragma once

#include "sim/config/ConfigNode.hpp"
#include "sim/config/KeyList.hpp"
#include "sim/config/KeyLocation.hpp"

#include <map>
#include <string>

namespace coalsim {

template <class Values> struct PerCluster {
  Values defaults;
  std::map<std::string, Values> per_cluster;            // by cluster name
  std::map<std::string, KeyLocation> cluster_locations; // where each per-cluster entry was set

  /** The values of `cluster`: its entry, or the section's defaults. */
  const Values& of(const std::string& cluster) const
  {
    auto it = per_cluster.find(cluster);
    return it == per_cluster.end() ? defaults : it->second;
  }

  /** Reads the section's `clusters` map, if it has one: each entry may hold `keys` only, and `read(entry)` gives
   *  its values (from the defaults, read before). */
  template <class Read> void read_clusters(const ConfigNode& section, const KeyList& keys, Read&& read)
  {
    if (auto clusters = section.find("clusters"))
      for (auto& [name, node] : clusters->entries()) {
        node.allow_only(keys);
        per_cluster[name]       = read(node);
        cluster_locations[name] = node.location();
      }
  }
};

} // namespace coalsim
