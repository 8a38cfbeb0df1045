/* The header comments of a workload trace ("; Key: value" in SWF, "# Key: value" in GWF). */
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace coalsim {

class TraceHeader {
public:
  /** Takes the text of one comment line, after its ';' or '#', at `line` of `file` (a `format` log: "SWF", "GWF").
   *  "Key: value" (Key a single word of letters, digits or '_') is recorded under Key, keeping every repetition
   *  (Information, Queue, Note...). Any other text, such as a continuation line, a URL or the column legend, is
   *  kept in free_text(). The keys read as numbers must start with one (a remark may follow, "32 (dual CPU)"):
   *  MaxProcs a positive integer, UnixStartTime and TimeZone integers. Any other value of theirs throws InputError
   *  "Invalid <format> header '<key>' in <file>:<line>: ..." (it was taken as absent). */
  void add_comment(std::string_view text, const std::string& file, int line, const char* format);

  bool has(const std::string& key) const { return entries_.count(key) != 0; }
  /** The first value given for `key`, trimmed, as written (it may end with a '#' remark). */
  std::optional<std::string> value(const std::string& key) const;
  /** Every value given for `key`, in file order (empty when absent). */
  const std::vector<std::string>& values(const std::string& key) const;
  /** The integer that the first value starts with ("32 (dual CPU)" gives 32); nullopt when absent or when the
   *  value does not start with an integer. */
  std::optional<int64_t> integer(const std::string& key) const;
  /** The first word of the first value ("Europe/Amsterdam  # CET" gives "Europe/Amsterdam"). */
  std::optional<std::string> word(const std::string& key) const;

  std::optional<int64_t> max_procs() const { return integer("MaxProcs"); }
  std::optional<int64_t> max_nodes() const { return integer("MaxNodes"); }
  std::optional<int64_t> max_jobs() const { return integer("MaxJobs"); }
  std::optional<int64_t> max_records() const { return integer("MaxRecords"); }
  /** Unix time of the log's time origin: submit times count from here. */
  std::optional<int64_t> unix_start_time() const { return integer("UnixStartTime"); }
  /** tz database name, e.g. "Europe/Amsterdam". */
  std::optional<std::string> time_zone_string() const { return word("TimeZoneString"); }
  /** The deprecated fixed UTC offset in seconds ("TimeZone"). */
  std::optional<int64_t> time_zone_offset() const { return integer("TimeZone"); }

  const std::map<std::string, std::vector<std::string>>& entries() const { return entries_; }
  const std::vector<std::string>& free_text() const { return free_text_; }

private:
  /** Throws when `key` is read as a number and `value` is none. */
  static void check_number(std::string_view key, std::string_view value, const std::string& file, int line,
                           const char* format);

  std::map<std::string, std::vector<std::string>> entries_;
  std::vector<std::string> free_text_;
};

} // namespace coalsim
