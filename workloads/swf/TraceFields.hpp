/* Splitting a trace line into whitespace-separated fields and converting them, with errors that name the file,
 * the line and the field. */
#pragma once

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

} // namespace coalsim
