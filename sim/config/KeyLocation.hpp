/* Where a key of the experiment was set: a line of the experiment file, or an option of the command line.
 * The one place that words errors about keys: every message is `Invalid <thing> '<id>' in <where>: <what>`,
 * <where> being `<file>:<line>` or `the command line (<option>)`. Config structs keep a KeyLocation for the
 * checks that can only be made once the platform or the policy is known. */
#pragma once

#include <string>

namespace coalsim {

class KeyLocation {
public:
  KeyLocation() = default;
  /** `line` <= 0 and `option` empty: the key is only known to belong to `file` (a default, say).
   *  `option` not empty: the key was set on the command line with it (e.g. "--seed", "--set workload.jobs"). */
  KeyLocation(std::string key, std::string file, int line, std::string option = "");

  const std::string& key() const { return key_; }
  /** Set by a line of the file or by the command line (not a default, not nothing). */
  bool given() const { return line_ > 0 || from_command_line(); }
  bool from_command_line() const { return not option_.empty(); }
  /** `<file>:<line>`, `<file>` or `the command line (<option>)`. */
  std::string where() const;
  /** The same place, for a key below this one (a cluster's entry of a map, say). */
  KeyLocation below(const std::string& child) const;

  /** `Invalid key '<key>' in <where>: <what>`. */
  [[noreturn]] void fail(const std::string& what) const;
  /** `Invalid <thing> '<id>' in <where>: <what>`. */
  [[noreturn]] void fail(const std::string& thing, const std::string& id, const std::string& what) const;

private:
  std::string key_;
  std::string file_;
  int line_ = 0;
  std::string option_;
};

} // namespace coalsim
