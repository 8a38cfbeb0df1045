#include "sim/engine/AllocationRows.hpp"

namespace coalsim {

void add_allocation_rows(TraceWriter& trace, const CoreMap& map, int cluster, const HeldCores& held, bool local_jobs)
{
  const CoreHolding& h = held.holding;
  if (h.owner != CoreOwner::grid_component && not local_jobs)
    return;
  for (const CoreMap::Run& run : map.runs(held.cores)) {
    AllocationRow row{};
    row.owner       = static_cast<int8_t>(h.owner);
    row.job_id      = h.job_id;
    row.component   = h.component;
    row.placement   = h.placement;
    row.cluster     = cluster;
    row.host        = run.host;
    row.first_core  = run.first_core;
    row.cores       = run.cores;
    row.claimed_at  = h.claimed_at;
    row.started_at  = h.started_at;
    row.released_at = held.released_at;
    row.outcome     = static_cast<int8_t>(held.outcome);
    trace.add_allocation(row);
  }
}

} // namespace coalsim
