#include "sim/trace/JobLifecycleListener.hpp"

#include <xbt/asserts.h>

namespace coalsim {

PlacementOutcome outcome_of(AbortReason reason)
{
  switch (reason) {
    case AbortReason::claim_deadline:
      return PlacementOutcome::claim_failed;
    case AbortReason::preempted:
      return PlacementOutcome::preempted;
    case AbortReason::component_failed:
      return PlacementOutcome::component_failed;
    case AbortReason::given_up:
      return PlacementOutcome::tries_exceeded;
  }
  xbt_die("unknown abort reason %d", static_cast<int>(reason));
}

} // namespace coalsim
