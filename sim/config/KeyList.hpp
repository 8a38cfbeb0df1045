/* The keys a section of an experiment file accepts, declared once beside the code that reads them:
 * ConfigNode::allow_only refuses any other, and `simulate --keys` lists them all. */
#pragma once

#include <string>
#include <vector>

namespace coalsim {

struct KeySpec;
using KeyList = std::vector<KeySpec>;

struct KeySpec {
  KeySpec(const char* name) : name(name) {} // NOLINT: a plain key reads best as its name
  KeySpec(std::string name, KeyList keys = {}) : name(std::move(name)), keys(std::move(keys)) {}

  std::string name;
  /** A section's own keys; empty for a value, and for a map whose keys are free names (clusters, hosts). */
  KeyList keys;
};

/** The names of `keys`, in declaration order. */
std::vector<std::string> key_names(const KeyList& keys);

/** Appends `<prefix>.<key>` for each key and, below it, for each of its own keys (`<prefix>` empty: none). */
void append_key_paths(const std::string& prefix, const KeyList& keys, std::vector<std::string>& paths);

} // namespace coalsim
