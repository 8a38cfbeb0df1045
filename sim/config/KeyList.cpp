#include "sim/config/KeyList.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_config_key_list, coalsim_config, "KeyList");

namespace coalsim {

std::vector<std::string> key_names(const KeyList& keys)
{
  std::vector<std::string> names;
  for (const auto& key : keys)
    names.push_back(key.name);
  return names;
}

void append_key_paths(const std::string& prefix, const KeyList& keys, std::vector<std::string>& paths)
{
  for (const auto& key : keys) {
    std::string path = prefix.empty() ? key.name : prefix + "." + key.name;
    paths.push_back(path);
    append_key_paths(path, key.keys, paths);
  }
}

} // namespace coalsim
