/* A policy's parameters, as given in the experiment file under `policy:`. A policy reads each parameter
 * once, with its default; the engine then rejects any key that no policy asked for. Numbers are read as the
 * rest of the experiment file is (byte units such as 2GB, 512MiB), and a parameter may be a distribution. */
#pragma once

#include "sim/config/ParameterSpec.hpp"
#include "sim/config/Random.hpp"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace coalsim {

class ConfigNode;

struct ParameterValue {
  std::string text;   // the scalar as written ("" for a map)
  std::string origin; // "<file>:<line>" or "the command line (<option>)"
  /** The value in the experiment tree, when it comes from one (a distribution is a map). */
  std::shared_ptr<const ConfigNode> node = nullptr;
};

class PolicyParameters {
public:
  PolicyParameters() = default;
  PolicyParameters(std::string policy, std::map<std::string, ParameterValue> values)
      : policy_(std::move(policy))
      , values_(std::move(values))
  {
  }

  std::string get_choice(const std::string& key, const std::string& fallback, const std::vector<std::string>& allowed,
                         const std::string& help);
  /* `units`: what the number counts or measures ("s", "bytes", "tries", "factor"...), shown with the parameter;
   * every number declares one (tests/unit/test_registry.cpp holds it). */
  int get_int(const std::string& key, int fallback, int min, const std::string& help, const std::string& units = "");
  double get_double(const std::string& key, double fallback, double min, const std::string& help,
                    const std::string& units = "");
  /** A number in [0, 1]. */
  double get_fraction(const std::string& key, double fallback, const std::string& help,
                      const std::string& units = "fraction");
  bool get_bool(const std::string& key, bool fallback, const std::string& help);
  /** A number or a distribution ({dist: uniform, min: 1, max: 2}...) of values at least `min`. */
  Distribution get_distribution(const std::string& key, double fallback, double min, const std::string& help,
                                const std::string& units = "");

  /** Throws InputError naming `key`, which was given, and `what` is wrong with it (for checks that involve
   *  several parameters). */
  [[noreturn]] void reject(const std::string& key, const std::string& what) const { fail(key, values_.at(key), what); }

  /** Throws InputError naming the first key that was given but never read. */
  void check_all_used() const;

  /** What was declared, in the order the policy reads it: the policy's entry in its registry (default, bounds,
   *  help), for `--policy help` and the docs. */
  const std::vector<ParameterSpec>& specs() const { return specs_; }
  /** The lines of `--policy help`: "key (default X): help [bounds]". */
  std::vector<std::string> declared() const;
  /** The keys declared, in the order the policy reads them. */
  const std::vector<std::string>& names() const { return used_; }
  /** The resolved values, key -> text, after defaults. */
  const std::map<std::string, std::string>& resolved() const { return resolved_; }

private:
  /** The value given for `key`, or nullptr; `map_allowed`: it may be a map (a distribution). */
  const ParameterValue* take(ParameterSpec spec, bool map_allowed = false);
  [[noreturn]] void fail(const std::string& key, const ParameterValue& value, const std::string& what) const;
  double number_of(const std::string& key, const ParameterValue& value, double min) const;

  std::string policy_;
  std::map<std::string, ParameterValue> values_;
  std::vector<std::string> used_;
  std::vector<ParameterSpec> specs_;
  std::map<std::string, std::string> resolved_;
};

} // namespace coalsim
