/* The /placements rows of a job, and a hand-computed expectation for one row (NaN: expected NaN). */
#pragma once

#include "tests/support/TraceReader.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace coalsim::testing {

/** The job's /placements rows, in the order written. */
inline std::vector<PlacementRow> placements_of(const Trace& t, int64_t job)
{
  std::vector<PlacementRow> rows;
  for (const auto& p : t.placements)
    if (p.job_id == job)
      rows.push_back(p);
  return rows;
}

struct ExpectedPlacement {
  double queued_at, placed_at;
  int tries;
  double estimated_ftt, jst, started_at, ended_at;
  std::string outcome;
};

inline void expect_time(const char* field, double actual, double expected, const std::string& where)
{
  if (std::isnan(expected))
    EXPECT_TRUE(std::isnan(actual)) << where << field << ": expected NaN, got " << actual;
  else
    EXPECT_NEAR(actual, expected, 1e-6) << where << field;
}

/** Row `row` (0-based) of the job's rows against `expected`, with the row's number and placement time. */
inline void expect_placement(const std::vector<PlacementRow>& rows, size_t row, const ExpectedPlacement& expected)
{
  ASSERT_LT(row, rows.size()) << "no placement " << row + 1;
  const PlacementRow& p = rows[row];
  std::string where     = "placement " + std::to_string(row + 1) + ": ";
  EXPECT_EQ(p.placement, static_cast<int>(row + 1)) << where << "number";
  expect_time("queued_at", p.queued_at, expected.queued_at, where);
  expect_time("placed_at", p.placed_at, expected.placed_at, where);
  expect_time("placement_time", p.placement_time, expected.placed_at - expected.queued_at, where);
  EXPECT_EQ(p.tries, expected.tries) << where << "tries";
  expect_time("estimated_ftt", p.estimated_ftt, expected.estimated_ftt, where);
  expect_time("jst", p.estimated_start, expected.jst, where);
  expect_time("started_at", p.started_at, expected.started_at, where);
  expect_time("ended_at", p.ended_at, expected.ended_at, where);
  EXPECT_EQ(std::string(p.outcome), expected.outcome) << where << "outcome";
}

} // namespace coalsim::testing
