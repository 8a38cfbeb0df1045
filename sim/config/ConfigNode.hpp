/* Checked access to an experiment file: every error names the file, the line and the dotted key, and
 * every default that is used is written back into the tree, so that the tree, emitted at the end, is
 * the full resolved configuration. */
#pragma once

#include "sim/config/KeyList.hpp"
#include "sim/config/KeyLocation.hpp"
#include "sim/config/Random.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace coalsim {

/** Dotted keys set on the command line, each with the option that set it ("--seed", "--set workload.jobs"). */
using CommandLineKeys = std::map<std::string, std::string>;

class ConfigNode {
public:
  /** `overridden`: the keys set on the command line, so that errors under them say so. */
  ConfigNode(YAML::Node node, std::string path, std::shared_ptr<const std::string> file,
             std::shared_ptr<const CommandLineKeys> overridden = nullptr);
  /** True when this key, or one above it, was set on the command line. */
  bool from_command_line() const { return not command_line_option().empty(); }
  /** The option that set this key, or one above it (the closest); empty when the file set it. */
  std::string command_line_option() const;
  /** Where this key was set, for errors found after reading (once the platform or the policy is known). */
  KeyLocation location() const;

  const std::string& path() const { return path_; }
  const std::string& file() const { return *file_; }
  int line() const; // 1-based; 0 for values set on the command line
  bool is_map() const { return node_.IsMap(); }
  bool is_sequence() const { return node_.IsSequence(); }
  bool is_scalar() const { return node_.IsScalar(); }
  bool is_null() const { return not node_ || node_.IsNull(); }

  bool has(const std::string& key) const;
  /** A required child. */
  ConfigNode child(const std::string& key) const;
  /** A child that may be absent (but not there with no value). */
  std::optional<ConfigNode> find(const std::string& key) const;
  /** The child, created as an empty map (and written into the tree) when absent. */
  ConfigNode section(const std::string& key);
  std::vector<ConfigNode> items() const;                           // a sequence's elements
  std::vector<std::pair<std::string, ConfigNode>> entries() const; // a map's entries, in file order

  /** Fails naming the first key not in `allowed` (the section's declared keys). */
  void allow_only(const KeyList& allowed) const;

  std::string as_string() const;
  /** A number; accepts byte units (kB, MB, GB, TB, KiB, MiB, GiB, TiB), and inf when `infinite`. */
  double as_number(double min = -INFINITY, bool infinite = false) const;
  int as_int(int min) const;
  bool as_bool() const;
  std::vector<std::string> as_strings() const; // a sequence of scalars, or one scalar
  /** `3`, `{dist: uniform, min: 1, max: 2}`, `{dist: choice, values: [..], weights: [..]}`, ...; finite
   *  parameters and a finite mean. */
  Distribution as_distribution(double min = 0) const;

  /** Child value, or `fallback` written into the tree when absent. A key that is there with no value (null) is
   *  an error, not the default. The number accepts inf only when `fallback` is infinite. */
  std::string get(const std::string& key, const std::string& fallback);
  double get(const std::string& key, double fallback, double min = -INFINITY);
  int get(const std::string& key, int fallback, int min);
  bool get(const std::string& key, bool fallback);
  Distribution get_distribution(const std::string& key, double fallback, double min = 0);
  /** A string among `allowed`, or `fallback`. */
  std::string get_choice(const std::string& key, const std::string& fallback, const std::vector<std::string>& allowed);

  [[noreturn]] void fail(const std::string& what) const;
  YAML::Node& yaml() { return node_; }

private:
  /** A map key as a name; fails on a key that is a list or a map (`? [a, b]: 1`). */
  std::string key_of(const YAML::Node& key) const;
  Distribution read_distribution(double min) const;
  Distribution read_choice(double min) const;                            // {dist: choice, values: [..], weights: [..]}
  std::vector<double> numbers(const std::string& key, double min) const; // a child list of numbers >= min

  YAML::Node node_;
  std::string path_;
  std::shared_ptr<const std::string> file_;
  std::shared_ptr<const CommandLineKeys> overridden_;
};

/** Reads a YAML file (or text, when `text` is given) into a tree; syntax errors and keys given twice in a map
 *  become InputErrors. */
YAML::Node load_yaml(const std::string& file, const std::optional<std::string>& text = std::nullopt);
/** The same without the check of keys given twice. */
YAML::Node parse_yaml(const std::string& file, const std::optional<std::string>& text = std::nullopt);

/** A value set on the command line: `key.path=value`, and the option that gave it. */
struct Override {
  Override(std::string assignment, std::string option = "--set")
      : assignment(std::move(assignment))
      , option(std::move(option))
  {
  }
  Override(const char* assignment) : Override(std::string(assignment)) {} // NOLINT: `{"seed=3"}` in tests
  std::string assignment;
  std::string option; // "--set", or the option that stands for it ("--seed", "--platform", ...)
  /** How errors name it: "--set workload.jobs", or the option itself. */
  std::string shown(const std::string& key) const { return option == "--set" ? option + " " + key : option; }
};

/** Applies the override to the tree (the value is parsed as YAML); throws InputError on bad syntax.
 *  Returns the dotted key. */
std::string apply_override(YAML::Node& root, const Override& assignment);

/** `{name: <name>}`: the map that the shorthand `policy: <name>` stands for (built as a tree, so that no name
 *  can inject YAML). */
YAML::Node name_map(const YAML::Node& name);

/** Parses "2GB", "1.5e9", "512MiB", "inf" into a number; nullopt when it is not one. */
std::optional<double> parse_quantity(const std::string& text);

} // namespace coalsim
