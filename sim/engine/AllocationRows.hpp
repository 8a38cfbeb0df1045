/* The /allocations rows of cores given back (or held at the stop time): one per run of consecutive cores on one
 * host (docs/trace-format.md). */
#pragma once

#include "sim/engine/CoreHolding.hpp"
#include "sim/engine/CoreMap.hpp"
#include "sim/trace/TraceWriter.hpp"

namespace coalsim {

/** Writes the rows of `held` on cluster `cluster` (whose cores `map` numbers); local and dummy jobs' only with
 *  `local_jobs` (trace.local_jobs). */
void add_allocation_rows(TraceWriter& trace, const CoreMap& map, int cluster, const HeldCores& held, bool local_jobs);

} // namespace coalsim
