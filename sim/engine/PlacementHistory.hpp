/* The placements of one grid job, one /placements row each (docs/trace-format.md). A placement opens a
 * row; the end of the attempt that followed it (its run completed or failed, its claim failed, a component
 * failed, it was preempted, ...) closes the row with its outcome, and the job is back in its queue from
 * then on. KOALA (paper 001, Figure 5) defines a placement time for each placement: from the job's entry in
 * its placement queue to its JPT. */
#pragma once

#include "sim/api/GridPolicy.hpp"
#include "sim/trace/TraceRows.hpp"

#include <cmath>
#include <vector>

namespace coalsim {

/** How the attempt that followed a placement ended: the `outcome` of its /placements row. */
enum class PlacementOutcome {
  completed,        // the run completed: the job is done
  run_failed,       // the run ended with a completion failure (faults.completion_failure)
  claim_failed,     // processors were gone at claim time, or KOALA's JST came with components unclaimed
  component_failed, // a component failed (drawn by component_failure, killed by an outage) or its file copy did
  preempted,        // KOALA: a higher-priority job took its processors
  tries_exceeded,   // KOALA: its claiming tries exceeded max_claiming_tries; the job fails
  unfinished        // still under way at the stop time
};

const char* to_string(PlacementOutcome outcome);
/** The outcome of a KOALA attempt that ended by returning the job to its placement queue. */
PlacementOutcome outcome_of(ReturnReason reason);

class PlacementHistory {
public:
  /** The job entered its queue (its arrival). */
  void queued(double time);
  /** A placement was applied at `time` (the JPT); `placement_tries` counts the job's tries so far. */
  void placed(double time, int placement_tries);
  /** KOALA: the estimated FTT and the JST of the open placement. */
  void estimated(double ftt, double jst);
  /** The components of the open placement started together. */
  void started(double time);
  /** The attempt of the open placement ended; the job is back in its queue from `time` (unless it leaves). */
  void ended(PlacementOutcome outcome, double time);
  /** At the stop time: an attempt still under way is unfinished (a job waiting in its queue has none). */
  void stop(double time);

  /** One row per placement, in order, once every attempt has ended (the job leaves); `job_id` is left for
   *  the writer. */
  const std::vector<PlacementRow>& rows() const;

private:
  std::vector<PlacementRow> rows_;
  double queued_at_ = NAN;
  int tries_before_ = 0; // the job's placement tries at its previous placement
  bool open_ = false;            // the last row's attempt is under way
};

} // namespace coalsim
