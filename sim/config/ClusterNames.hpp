/* Cluster names as an experiment writes them (`clusters`, `workload.ordered_clusters`, `workload.file.sites`),
 * resolved once the platform is loaded. */
#pragma once

#include "sim/config/KeyLocation.hpp"

#include <string>
#include <vector>

namespace coalsim {

class ConfigNode;

struct ClusterNames {
  std::vector<std::string> names; // empty: all / random, as the key documents
  KeyLocation location;           // of the key, for names the platform does not have
};

/** `parent.<key>`: a list of cluster names (none twice, except in `ordered_clusters`, a cycle), or `any_word`
 *  ("all", "random"), which is also the default written back. */
ClusterNames read_cluster_names(ConfigNode& parent, const std::string& key, const std::string& any_word);

} // namespace coalsim
