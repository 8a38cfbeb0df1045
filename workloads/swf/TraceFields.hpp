/* Splitting a trace line into whitespace-separated fields and converting them, with errors that name the file,
 * the line and the field. */
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace coalsim {

/** Where a line comes from, for error messages: "Invalid <thing> '<id>' in <file>:<line>: ...". */
struct TraceLineContext {
  const char* thing; // e.g. "SWF record"
  const std::string* file;
  int line;
  std::string_view id; // the record's first field as written
};

/** Splits on spaces and tabs into `fields` (cleared first). */
void split_fields(std::string_view line, std::vector<std::string_view>& fields);

/** True when the line holds only spaces and tabs. */
bool is_blank(std::string_view line);

/** `text` as a finite real; throws InputError "field <n> (<name>) is not a number: '<text>'". */
double parse_real_field(std::string_view text, int number, const char* name, const TraceLineContext& where);
/** `text` as an integer; throws InputError "field <n> (<name>) is not an integer: '<text>'". */
int64_t parse_integer_field(std::string_view text, int number, const char* name, const TraceLineContext& where);
/** Throws InputError "has <count> fields, expected <expected>". */
[[noreturn]] void throw_field_count_error(size_t count, size_t expected, const TraceLineContext& where);

/** One record line split into its fields, checked for their number, and read field by field (0-based, with
 *  the field names of the format for error messages). Shared by the SWF and GWF readers; one line at a
 *  time per thread. */
class TraceLine {
public:
  /** Splits `text`; throws InputError when it does not have `names.size()` fields. */
  template <size_t N>
  TraceLine(const char* thing, std::string_view text, const std::string& file, int line,
            const std::array<const char*, N>& names)
      : names_(names.data())
  {
    split(thing, text, file, line, N);
  }
  int64_t integer(size_t i) const
  {
    return parse_integer_field(fields_[i], static_cast<int>(i + 1), names_[i], where_);
  }
  double real(size_t i) const { return parse_real_field(fields_[i], static_cast<int>(i + 1), names_[i], where_); }
  std::string text(size_t i) const { return std::string(fields_[i]); }

private:
  void split(const char* thing, std::string_view text, const std::string& file, int line, size_t expected);

  /** Reused from line to line: reading a log allocates no field vector per record. */
  static std::vector<std::string_view>& buffer();

  const char* const* names_;
  std::vector<std::string_view>& fields_ = buffer();
  TraceLineContext where_{};
};

} // namespace coalsim
