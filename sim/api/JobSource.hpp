/* Where grid jobs come from: a synthetic generator or a trace replay. Jobs come in submission order,
 * one at a time, so that the engine holds only the next arrival. */
#pragma once

#include "sim/api/Job.hpp"

#include <optional>

namespace coalsim {

class JobSource {
public:
  virtual ~JobSource() = default;
  /** The next job (submit times non-decreasing, ids 0, 1, 2, ...), or nullopt after the last. */
  virtual std::optional<JobSpec> next() = 0;
};

} // namespace coalsim
