/* The schema of the trace's tables, declared once: for each dataset its row struct (TraceRows.hpp) and its field list
 * (TraceSchema.cpp: each field's name in the file, the member it is stored from, and its meaning). The HDF5 compound
 * types (TraceTypes.hpp), the field tables of docs/trace-format.md (tests/unit/test_trace_schema.cpp holds them equal
 * to render_field_table()) and, through those tables, the analysis reader's field lists (analysis/tests/test_docs.py)
 * all come from it. A new dataset adds a row struct, its field list and its entry in trace_tables(). */
#pragma once

#include "sim/trace/TraceRows.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace coalsim {

/** How a field is stored: a signed integer of 8, 32 or 64 bits, a double, or a NUL-padded byte string of fixed
 *  length (`S<n>`). */
enum class FieldKind { i8, i32, i64, f64, text };

struct TraceField {
  std::string name; // in the file
  size_t offset;    // of its member in the row struct
  FieldKind kind;
  size_t size;         // bytes (a text field: its length n)
  std::string meaning; // the docs table's third column (Markdown)

  /** "i8", "i32", "i64", "f64" or "S<n>", as docs/trace-format.md writes the types. */
  std::string type_name() const;
};

/** One compound dataset: its path, its row struct's size, and its fields in the order of the file. */
struct TraceTable {
  std::string dataset;
  size_t row_size;
  std::vector<TraceField> fields;
};

/** The table a row struct is written to: one specialization per struct, defined in TraceSchema.cpp. */
template <class Row> const TraceTable& trace_table();
template <> const TraceTable& trace_table<ClusterRow>();
template <> const TraceTable& trace_table<JobRow>();
template <> const TraceTable& trace_table<PlacementRow>();
template <> const TraceTable& trace_table<ComponentRow>();
template <> const TraceTable& trace_table<HostRow>();
template <> const TraceTable& trace_table<AllocationRow>();
template <> const TraceTable& trace_table<LocalJobRow>();
template <> const TraceTable& trace_table<ShareRow>();
template <> const TraceTable& trace_table<EconomyRow>();
template <> const TraceTable& trace_table<ClusterEnergyRow>();
template <> const TraceTable& trace_table<JobEnergyRow>();
template <> const TraceTable& trace_table<FailureRow>();
template <> const TraceTable& trace_table<MessageRow>();
template <> const TraceTable& trace_table<MigrationRow>();
template <> const TraceTable& trace_table<MigrationCheckRow>();
template <> const TraceTable& trace_table<DecisionRow>();
template <> const TraceTable& trace_table<DecisionTermRow>();

/** Every table of the trace, in the order of docs/trace-format.md. */
std::vector<const TraceTable*> trace_tables();

/** The Markdown field table of `table` ("| field | type | meaning |", its rule, one row per field), as
 *  docs/trace-format.md holds it under "## `<dataset>` fields". */
std::string render_field_table(const TraceTable& table);

template <class Member> constexpr FieldKind field_kind()
{
  if constexpr (std::is_same_v<Member, int8_t>)
    return FieldKind::i8;
  else if constexpr (std::is_same_v<Member, int32_t>)
    return FieldKind::i32;
  else if constexpr (std::is_same_v<Member, int64_t>)
    return FieldKind::i64;
  else if constexpr (std::is_same_v<Member, double>)
    return FieldKind::f64;
  else {
    static_assert(std::is_same_v<std::remove_extent_t<Member>, char> && std::extent_v<Member> > 0,
                  "a trace field is an int8_t, int32_t, int64_t, double or char[n]");
    return FieldKind::text;
  }
}

/** The field `name` stored from `member` of a row struct: its offset, kind and size come from the member. */
template <class Row, class Member> TraceField field(const char* name, Member Row::*member, const char* meaning)
{
  static_assert(std::is_standard_layout_v<Row> && std::is_trivially_default_constructible_v<Row>);
  const Row probe{};
  const auto offset =
      static_cast<size_t>(reinterpret_cast<const char*>(&(probe.*member)) - reinterpret_cast<const char*>(&probe));
  return {name, offset, field_kind<Member>(), sizeof(Member), meaning};
}

} // namespace coalsim
