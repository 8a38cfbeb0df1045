/* Two traces' tables compared as the trace declares them. A row struct may have padding between its members (a
 * JobEnergyRow's four bytes before `joules`), and HDF5's conversion from the packed file type leaves whatever was in
 * its conversion buffer there: rows with equal fields can differ in bytes. Rows are therefore compared field by
 * field, each field's bytes (trace_table<Row>(): the members the file stores), and so still tell -0 from 0 and one
 * NaN from another, as a byte comparison of the data would. */
#pragma once

#include "sim/trace/TraceSchema.hpp"

#include <cstring>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace coalsim::testing {

/** The name of the first field of the trace whose bytes differ between `a` and `b`; empty when none does. */
template <class Row> std::string first_different_field(const Row& a, const Row& b)
{
  const auto* x = reinterpret_cast<const unsigned char*>(&a);
  const auto* y = reinterpret_cast<const unsigned char*>(&b);
  for (const TraceField& field : trace_table<Row>().fields)
    if (std::memcmp(x + field.offset, y + field.offset, field.size) != 0)
      return field.name;
  return {};
}

/** The same number of rows, and each row's fields the same bytes. */
template <class Row>
void expect_same_rows(const std::vector<Row>& a, const std::vector<Row>& b, const std::string& what)
{
  ASSERT_EQ(a.size(), b.size()) << what;
  for (size_t i = 0; i < a.size(); ++i) {
    std::string field = first_different_field(a[i], b[i]);
    EXPECT_TRUE(field.empty()) << what << " row " << i << " differs in " << field;
  }
}

/** The same values, byte for byte (a sampled series: doubles, no padding). */
inline void expect_same_rows(const std::vector<double>& a, const std::vector<double>& b, const std::string& what)
{
  ASSERT_EQ(a.size(), b.size()) << what;
  if (a.empty()) // no values: data() may be null, which memcmp must not be given
    return;
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(double)), 0) << what << " differ";
}

} // namespace coalsim::testing
