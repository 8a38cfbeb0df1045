/* What a grid policy needs from the experiment and the engine, declared as one value (GridPolicy::needs()).
 * Before the run, setup/PolicyNeedsCheck.cpp checks it once against the experiment (request types, a submission
 * overhead, component failures, the runtime model, deadlines); the engine reads what it must know of the
 * placements (co-allocation, clusters used, a decision after each start) and grants the policy the interfaces it
 * declared and no other (Capabilities.hpp). A need the engine cannot meet is an input error, never a silent no-op.
 *
 * Declared by the policy object (a virtual needs()), not at registration: some needs follow from the policy's
 * parameters (DCS decides after each start only with `blocking_submission`; a queue with backfilling needs the
 * clock), which only the constructed policy knows, and a wrapper (BudgetGate) declares its inner policy's needs
 * plus its own. The engine asks once, when it is built, and keeps the answer. */
#pragma once

#include "sim/api/Job.hpp"

#include <algorithm>
#include <optional>
#include <vector>

namespace coalsim {

/** Who times the claims of the policy's placements. */
enum class ClaimTiming {
  after_submission_overhead, // the engine claims each placement after the middleware's delay (overheads.submission)
  own_times                  // the policy's own times (at once, or through Claims): no submission delay is allowed
};

struct PolicyNeeds {
  // What the experiment must give it (setup/PolicyNeedsCheck.cpp):
  /** The request types it places; a run that would give it others is an input error. */
  std::vector<RequestType> request_types = {RequestType::ordered, RequestType::unordered, RequestType::flexible,
                                            RequestType::total};
  ClaimTiming claim_timing               = ClaimTiming::after_submission_overhead;
  /** Its placements ask for component failures (Placement::component_failures); without this, a run with
   *  `faults.component_failure` is an input error. */
  bool component_failures = false;
  /** It places components on shares of hosts (ComponentPlacement::host) and is granted HostShares; the run needs
   *  the timeshared runtime model. */
  bool host_shares = false;
  /** Every job's estimate and deadline (workload.estimate_factor and workload.deadline_factor). */
  bool deadlines = false;

  // What the engine knows of its placements and decisions:
  /** It may place the components of one job (or a flexible job's processors) on several clusters. A policy that
   *  puts every processor of a job on one cluster says no. With `clusters`, this is what the engine knows of the
   *  placements the policy can make: a job that none of them could ever hold is rejected at its arrival and never
   *  reaches the policy (sim/engine/NeverFits.hpp). */
  bool co_allocates = true;
  /** The clusters it may place jobs on; none given: every cluster of the run. */
  std::optional<std::vector<ClusterIndex>> clusters;
  /** The engine calls decide() again right after a job's claim succeeded (a blocking DUROC submission). */
  bool decides_after_start = false;

  // The interfaces it is granted (Capabilities.hpp), beyond decide()'s view:
  bool claims        = false; // Claims: it stages and claims its Claiming::by_policy placements itself
  bool timers        = false; // Timers: the clock and wake-ups (GridPolicy::on_wake)
  bool live_view     = false; // LiveView: the information service's view between decisions
  bool site_messages = false; // SiteChannel: one scheduler per site (GridPolicy::on_message)
  bool reports       = false; // JobReports: its figures of the jobs for the trace

  bool takes(RequestType type) const
  {
    return std::find(request_types.begin(), request_types.end(), type) != request_types.end();
  }
  bool uses_cluster(ClusterIndex c) const
  {
    return not clusters || std::find(clusters->begin(), clusters->end(), c) != clusters->end();
  }
};

} // namespace coalsim
