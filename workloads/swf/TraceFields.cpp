#include "workloads/swf/TraceFields.hpp"

#include "sim/config/InputError.hpp"

#include <charconv>
#include <cmath>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_swf_trace_fields, coalsim_swf, "TraceFields");

namespace coalsim {

namespace {
bool is_space(char c)
{
  return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}
[[noreturn]] void throw_field_error(std::string_view text, int number, const char* name, const char* kind,
                                    const TraceLineContext& where)
{
  throw_input_error(where.thing, std::string(where.id), *where.file, where.line,
                    "field " + std::to_string(number) + " (" + name + ") is not " + kind + ": '" + std::string(text) +
                        "'");
}
} // namespace

void split_fields(std::string_view line, std::vector<std::string_view>& fields)
{
  fields.clear();
  size_t i = 0;
  size_t n = line.size();
  while (i < n) {
    while (i < n && is_space(line[i]))
      ++i;
    if (i == n)
      break;
    size_t start = i;
    while (i < n && not is_space(line[i]))
      ++i;
    fields.push_back(line.substr(start, i - start));
  }
}

bool is_blank(std::string_view line)
{
  for (char c : line)
    if (not is_space(c))
      return false;
  return true;
}

double parse_real_field(std::string_view text, int number, const char* name, const TraceLineContext& where)
{
  double value     = 0;
  const char* last = text.data() + text.size();
  auto [ptr, ec]   = std::from_chars(text.data(), last, value);
  if (ec != std::errc() || ptr != last || not std::isfinite(value))
    throw_field_error(text, number, name, "a number", where);
  return value;
}

int64_t parse_integer_field(std::string_view text, int number, const char* name, const TraceLineContext& where)
{
  int64_t value    = 0;
  const char* last = text.data() + text.size();
  auto [ptr, ec]   = std::from_chars(text.data(), last, value);
  if (ec != std::errc() || ptr != last)
    throw_field_error(text, number, name, "an integer", where);
  return value;
}

void throw_field_count_error(size_t count, size_t expected, const TraceLineContext& where)
{
  throw_input_error(where.thing, std::string(where.id), *where.file, where.line,
                    "has " + std::to_string(count) + " fields, expected " + std::to_string(expected));
}

std::vector<std::string_view>& TraceLine::buffer()
{
  thread_local std::vector<std::string_view> fields;
  return fields;
}

void TraceLine::split(const char* thing, std::string_view text, const std::string& file, int line, size_t expected)
{
  split_fields(text, fields_);
  where_ = TraceLineContext{thing, &file, line, fields_.empty() ? std::string_view() : fields_.front()};
  if (fields_.size() != expected)
    throw_field_count_error(fields_.size(), expected, where_);
}

} // namespace coalsim
