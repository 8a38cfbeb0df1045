#include "sim/config/ClusterNames.hpp"

#include "sim/config/ConfigNode.hpp"

#include <algorithm>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_config_cluster_names, coalsim_config, "ClusterNames");

namespace coalsim {

ClusterNames read_cluster_names(ConfigNode& parent, const std::string& key, const std::string& any_word)
{
  ClusterNames out;
  std::string value = parent.has(key) && parent.child(key).is_scalar() ? parent.child(key).as_string() : "";
  if (not parent.has(key) || value == any_word) {
    if (not parent.has(key))
      parent.yaml()[key] = any_word;
    out.location = parent.child(key).location();
    return out;
  }
  ConfigNode node = parent.child(key);
  out.names       = node.as_strings();
  out.location    = node.location();
  if (out.names.empty()) // not "all": leave the key out (or write '" + any_word + "') for that
    node.fail("names no cluster (leave it out, or write '" + any_word + "', for " +
              (any_word == "all" ? "all clusters" : "random ones") + ")");
  if (key != "ordered_clusters") // a cycle of ordered components may name a cluster again
    for (size_t i = 0; i < out.names.size(); ++i)
      if (std::find(out.names.begin(), out.names.begin() + static_cast<long>(i), out.names[i]) !=
          out.names.begin() + static_cast<long>(i))
        node.fail("names cluster '" + out.names[i] + "' twice");
  return out;
}

} // namespace coalsim
