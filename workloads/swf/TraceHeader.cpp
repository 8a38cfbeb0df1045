#include "workloads/swf/TraceHeader.hpp"

#include "sim/config/InputError.hpp"

#include <cctype>
#include <charconv>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_swf_trace_header, coalsim_swf, "TraceHeader");

namespace coalsim {

namespace {
std::string_view trim(std::string_view s)
{
  while (not s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (not s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.remove_suffix(1);
  return s;
}
/** The integer `value` starts with, before a space or a '(' ("32 (dual CPU)" gives 32); nullopt when it does
 *  not start with one. */
std::optional<int64_t> leading_integer(std::string_view value)
{
  int64_t result    = 0;
  const char* first = value.data();
  const char* last  = value.data() + value.size();
  auto [ptr, ec]    = std::from_chars(first, last, result);
  if (ec != std::errc() || (ptr != last && not std::isspace(static_cast<unsigned char>(*ptr)) && *ptr != '('))
    return std::nullopt;
  return result;
}
bool is_key(std::string_view s)
{
  if (s.empty())
    return false;
  for (char c : s)
    if (not std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      return false;
  return true;
}
} // namespace

void TraceHeader::add_comment(std::string_view text, const std::string& file, int line_number, const char* format)
{
  std::string_view line = trim(text);
  if (line.empty())
    return;
  size_t colon = line.find(':');
  if (colon != std::string_view::npos) {
    std::string_view key  = trim(line.substr(0, colon));
    std::string_view rest = line.substr(colon + 1);
    // "http://..." is a URL on a continuation line, not a key.
    if (is_key(key) && rest.substr(0, 2) != "//") {
      std::string_view value = trim(rest);
      check_number(key, value, file, line_number, format);
      entries_[std::string(key)].emplace_back(value);
      return;
    }
  }
  free_text_.emplace_back(line);
}

std::optional<std::string> TraceHeader::value(const std::string& key) const
{
  auto it = entries_.find(key);
  if (it == entries_.end() || it->second.empty())
    return std::nullopt;
  return it->second.front();
}

const std::vector<std::string>& TraceHeader::values(const std::string& key) const
{
  static const std::vector<std::string> none;
  auto it = entries_.find(key);
  return it == entries_.end() ? none : it->second;
}

std::optional<int64_t> TraceHeader::integer(const std::string& key) const
{
  auto v = value(key);
  if (not v)
    return std::nullopt;
  return leading_integer(*v);
}

void TraceHeader::check_number(std::string_view key, std::string_view value, const std::string& file, int line,
                               const char* format)
{
  // The keys whose value a run or trace_stats uses: utilization and `size_scale: fit` (MaxProcs), the daily cycle of
  // a fitted model (UnixStartTime, TimeZone). A value that is no number made them silently absent.
  bool processors = key == "MaxProcs";
  if (not processors && key != "UnixStartTime" && key != "TimeZone")
    return;
  auto number = leading_integer(value);
  if (not number)
    throw_input_error(std::string(format) + " header", std::string(key), file, line,
                      "is not an integer: '" + std::string(value) + "'");
  if (processors && *number <= 0)
    throw_input_error(std::string(format) + " header", std::string(key), file, line,
                      "must be positive: '" + std::string(value) + "'");
}

std::optional<std::string> TraceHeader::word(const std::string& key) const
{
  auto v = value(key);
  if (not v || v->empty())
    return std::nullopt;
  size_t end = 0;
  while (end < v->size() && not std::isspace(static_cast<unsigned char>((*v)[end])))
    ++end;
  return v->substr(0, end);
}

} // namespace coalsim
