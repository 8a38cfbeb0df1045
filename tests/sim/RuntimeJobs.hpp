/* What the tests of a runtime model alone (no engine around it) share: a job of a given runtime, and the
 * failure callback of a run that must not fail. */
#pragma once

#include "sim/api/Job.hpp"

#include <gtest/gtest.h>

namespace coalsim::testing {

inline JobSpec job_of(JobId id, double runtime)
{
  JobSpec job;
  job.id      = id;
  job.runtime = runtime;
  return job;
}

inline void unexpected_failure()
{
  ADD_FAILURE() << "the run failed";
}

} // namespace coalsim::testing
