/* Two traces' tables compared as the trace declares them. A row struct may have padding between its members (a
 * JobEnergyRow's four bytes before `joules`), and HDF5's conversion from the packed file type leaves whatever was in
 * its conversion buffer there: rows with equal fields can differ in bytes. Rows are therefore compared field by
 * field, each field's bytes (trace_table<Row>(): the members the file stores), and so still tell -0 from 0 and one
 * NaN from another, as a byte comparison of the data would. */
#pragma once

#include "sim/trace/TraceSchema.hpp"
#include "tests/support/TraceReader.hpp"

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

/** Every table and series of two traces the same (their attributes, the experiment as run among them, may differ). */
inline void expect_same_tables(const Trace& a, const Trace& b)
{
  expect_same_rows(a.jobs, b.jobs, "jobs");
  expect_same_rows(a.components, b.components, "components");
  expect_same_rows(a.placements, b.placements, "placements");
  expect_same_rows(a.clusters, b.clusters, "clusters");
  expect_same_rows(a.failures, b.failures, "failures");
  expect_same_rows(a.local_jobs, b.local_jobs, "local jobs");
  expect_same_rows(a.messages, b.messages, "messages");
  expect_same_rows(a.migrations, b.migrations, "migrations");
  expect_same_rows(a.migration_checks, b.migration_checks, "migration checks");
  expect_same_rows(a.sample_time, b.sample_time, "sample times");
  expect_same_rows(a.grid_busy, b.grid_busy, "grid utilization");
  expect_same_rows(a.background_busy, b.background_busy, "background utilization");
  expect_same_rows(a.queue_length, b.queue_length, "queue lengths");
  expect_same_rows(a.held, b.held, "processors held");
  expect_same_rows(a.gained, b.gained, "processors gained");
  expect_same_rows(a.economy, b.economy, "economy");
  expect_same_rows(a.shares, b.shares, "shares");
  expect_same_rows(a.cluster_energy, b.cluster_energy, "cluster energy");
  expect_same_rows(a.job_energy, b.job_energy, "job energy");
  expect_same_rows(a.energy_time, b.energy_time, "energy times");
  expect_same_rows(a.energy_watts, b.energy_watts, "energy watts");
  expect_same_rows(a.allocations, b.allocations, "allocations");
  expect_same_rows(a.hosts, b.hosts, "hosts");
  expect_same_rows(a.decisions, b.decisions, "decisions");
  expect_same_rows(a.decision_terms, b.decision_terms, "decision terms");
}

} // namespace coalsim::testing
