/* The tests' comparison of two traces' rows (tests/support/SameRows.hpp): a difference in a field the trace stores is
 * found, a difference in a row struct's padding is not (HDF5 leaves that padding undefined when it reads). */
#include "tests/support/SameRows.hpp"

#include <cmath>
#include <cstring>
#include <gtest/gtest.h>

using namespace coalsim;
using coalsim::testing::first_different_field;

namespace {

/** A job-energy row with every byte set to `fill`, then its fields. */
JobEnergyRow row_filled_with(unsigned char fill)
{
  JobEnergyRow row;
  std::memset(&row, fill, sizeof row);
  row.job_id    = 7;
  row.component = 1;
  row.placement = 0;
  row.cluster   = 3;
  row.joules    = 120.5;
  return row;
}

} // namespace

TEST(SameRows, PaddingIsNotAFieldAndEveryFieldIsCompared)
{
  static_assert(offsetof(JobEnergyRow, joules) > offsetof(JobEnergyRow, cluster) + sizeof(int32_t),
                "this test needs a row with padding before a field");
  JobEnergyRow a = row_filled_with(0x00);
  JobEnergyRow b = row_filled_with(0xAB);
  ASSERT_NE(std::memcmp(&a, &b, sizeof a), 0); // the padding differs
  EXPECT_EQ(first_different_field(a, b), "");

  b.cluster = 4;
  EXPECT_EQ(first_different_field(a, b), "cluster");
  b.cluster = 3;
  b.joules  = std::nextafter(120.5, 200.0);
  EXPECT_EQ(first_different_field(a, b), "joules");
  b.joules = -0.0;
  a.joules = 0.0;
  EXPECT_EQ(first_different_field(a, b), "joules"); // bytes, not ==: -0 is not 0
}
