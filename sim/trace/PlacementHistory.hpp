/* The placements of one grid job, one /placements row each (docs/trace-format.md). A placement opens a
 * row; the end of the attempt that followed it (its run completed or failed, its claim failed, a component
 * failed, it was preempted, ...) closes the row with its outcome, and the job is back in its queue from
 * then on. The placement time of each placement (Mohamed and Epema 2008, Figure 5) runs from the job's entry in its
 * queue to its job placement time (JPT). */
#pragma once

#include "sim/api/Abort.hpp"
#include "sim/trace/JobLifecycleListener.hpp"
#include "sim/trace/TraceRows.hpp"

#include <cmath>
#include <vector>

namespace coalsim {

/** The outcome as the /placements row writes it. */
const char* to_string(PlacementOutcome outcome);

class PlacementHistory {
public:
  /** The job entered its queue (its arrival). */
  void queued(double time);
  /** A placement was applied at `time` (the JPT); `placement_tries` counts the job's tries so far. */
  void placed(double time, int placement_tries);
  /** The estimated file transfer time and start time of the open placement (reported by its policy). */
  void estimated(double ftt, double start);
  /** The components of the open placement started together. */
  void started(double time);
  /** The attempt of the open placement ended; the job is back in its queue from `time` (unless it leaves). */
  void ended(PlacementOutcome outcome, double time);
  /** At the stop time: an attempt still under way is unfinished (a job waiting in its queue has none). */
  void stop(double time);

  /** One row per placement, in order, once every attempt has ended (the job leaves); `job_id` is left for
   *  the writer. */
  const std::vector<PlacementRow>& rows() const;
  /** As a new history, its rows' room kept (a record reused for another job). */
  void clear()
  {
    auto rows = std::move(rows_);
    rows.clear();
    *this = PlacementHistory{};
    rows_ = std::move(rows);
  }
  /** The number of the last placement, 1-based (0 before the first). */
  int placements() const { return static_cast<int>(rows_.size()); }

private:
  std::vector<PlacementRow> rows_;
  double queued_at_ = NAN;
  int tries_before_ = 0;     // the job's placement tries at its previous placement
  bool open_        = false; // the last row's attempt is under way
};

} // namespace coalsim
