/* Who held a cluster's cores, and how the holding ended: the engine reports every set of cores given back (or
 * still held at the stop time) with these, and the trace writes them as /allocations rows (docs/trace-format.md). */
#pragma once

#include "sim/engine/CoreMap.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

namespace coalsim {

enum class CoreOwner : int8_t { grid_component = 0, local_job = 1, dummy_job = 2 };

/** The `outcome` of an /allocations row. */
enum class HoldingOutcome : int8_t {
  completed  = 0, // the run ended (a dummy job: the band ended it)
  killed     = 1, // failed or killed while running
  aborted    = 2, // given back before the start
  unfinished = 3  // still held at the stop time
};

struct CoreHolding {
  CoreOwner owner;
  int64_t job_id;          // a grid job's id, or a local or dummy job's number (LocalResourceManager)
  int32_t component = -1;  // grid components only
  int32_t placement = -1;  // grid components only: the 1-based placement whose attempt holds the cores
  double claimed_at = NAN; // when the cores were taken
  double started_at = NAN; // when the job started on them (NaN: not, or not yet)
};

/** Cores given back (or held at the stop time), as the trace records them. */
struct HeldCores {
  const CoreHolding& holding;
  const std::vector<CoreMap::Core>& cores;
  double released_at;
  HoldingOutcome outcome;
};

} // namespace coalsim
