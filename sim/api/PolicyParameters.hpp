/* A policy's parameters, as given in the experiment file under `policy:`. A policy reads each parameter
 * once, with its default; the engine then rejects any key that no policy asked for. */
#pragma once

#include <map>
#include <string>
#include <vector>

namespace coalsim {

struct ParameterValue {
  std::string text;   // the scalar as written
  std::string origin; // "<file>:<line>" or "--set"
};

class PolicyParameters {
public:
  PolicyParameters() = default;
  PolicyParameters(std::string policy, std::map<std::string, ParameterValue> values)
      : policy_(std::move(policy)), values_(std::move(values))
  {
  }

  std::string get_choice(const std::string& key, const std::string& fallback, const std::vector<std::string>& allowed,
                         const std::string& help);
  int get_int(const std::string& key, int fallback, int min, const std::string& help);
  double get_double(const std::string& key, double fallback, double min, const std::string& help);
  /** A number in [0, 1]. */
  double get_fraction(const std::string& key, double fallback, const std::string& help);
  bool get_bool(const std::string& key, bool fallback, const std::string& help);

  /** Throws InputError naming `key`, which was given, and `what` is wrong with it (for checks that involve
   *  several parameters). */
  [[noreturn]] void reject(const std::string& key, const std::string& what) const { fail(key, values_.at(key), what); }

  /** Throws InputError naming the first key that was given but never read. */
  void check_all_used() const;

  /** What was declared, for `--policy help` and the trace: "key (default X): help". */
  const std::vector<std::string>& declared() const { return declared_; }
  /** The resolved values, key -> text, after defaults. */
  const std::map<std::string, std::string>& resolved() const { return resolved_; }

private:
  const ParameterValue* take(const std::string& key, const std::string& fallback_text, const std::string& help);
  [[noreturn]] void fail(const std::string& key, const ParameterValue& value, const std::string& what) const;

  std::string policy_;
  std::map<std::string, ParameterValue> values_;
  std::vector<std::string> used_;
  std::vector<std::string> declared_;
  std::map<std::string, std::string> resolved_;
};

} // namespace coalsim
