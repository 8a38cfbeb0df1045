/* How the attempt of a job placed with Claiming::by_policy ended before its completion, as the policy learns it
 * (GridPolicy::on_job_aborted) and as it ends one itself (Claims::abort_job). */
#pragma once

#include "sim/api/Decision.hpp"
#include "sim/api/Job.hpp"

#include <vector>

namespace coalsim {

/** Why the attempt of a job placed with Claiming::by_policy ended before its completion. */
enum class AbortReason {
  claim_deadline,   // the policy's claims did not all succeed in time: a submission failure (a `claim` failure row)
  preempted,        // the policy took its processors for another job (a `preempted` failure row on that cluster)
  component_failed, // a component failed: drawn at its start, killed by an outage or a host failure, or its file
                    // copy failed (the engine counts an error against each failed cluster)
  given_up          // the policy gives the job up (e.g. too many claiming tries): it rejects it as failed next
};

/** How an attempt ended, as the policy learns it (GridPolicy::on_job_aborted). */
struct Abort {
  AbortReason reason = AbortReason::component_failed;
  std::vector<ClusterIndex> clusters;        // component_failed: the clusters whose components failed (may be empty)
  bool started = false;                      // the job's run was under way
  std::vector<ComponentPlacement> placement; // the attempt's components, as they were when it ended
  std::vector<double> claimed_at;            // per component: when its processors were claimed (NaN: never)
};

} // namespace coalsim
