#include "sim/trace/PlacementHistory.hpp"

#include <cstring>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_placement_history, coalsim_trace, "PlacementHistory");

namespace coalsim {

const char* to_string(PlacementOutcome outcome)
{
  switch (outcome) {
    case PlacementOutcome::completed:
      return "completed";
    case PlacementOutcome::run_failed:
      return "run_failed";
    case PlacementOutcome::claim_failed:
      return "claim_failed";
    case PlacementOutcome::component_failed:
      return "component_failed";
    case PlacementOutcome::preempted:
      return "preempted";
    case PlacementOutcome::tries_exceeded:
      return "tries_exceeded";
    case PlacementOutcome::unfinished:
      return "unfinished";
  }
  xbt_die("unknown placement outcome %d", static_cast<int>(outcome));
}

void PlacementHistory::queued(double time)
{
  queued_at_ = time;
}

void PlacementHistory::placed(double time, int placement_tries)
{
  xbt_assert(not open_, "placement %zu of a job opened while placement %zu is under way", rows_.size() + 1,
             rows_.size());
  xbt_assert(not std::isnan(queued_at_), "a job was placed before it was queued");
  PlacementRow row{};
  row.placement       = static_cast<int32_t>(rows_.size() + 1);
  row.queued_at       = queued_at_;
  row.placed_at       = time;
  row.placement_time  = time - queued_at_;
  row.tries           = placement_tries - tries_before_;
  row.estimated_ftt   = NAN;
  row.estimated_start = NAN;
  row.started_at      = NAN;
  row.ended_at        = NAN;
  rows_.push_back(row);
  tries_before_ = placement_tries;
  open_         = true;
}

void PlacementHistory::estimated(double ftt, double start)
{
  xbt_assert(open_, "estimates for a placement that is not under way");
  rows_.back().estimated_ftt   = ftt;
  rows_.back().estimated_start = start;
}

void PlacementHistory::started(double time)
{
  xbt_assert(open_, "a start without a placement under way");
  rows_.back().started_at = time;
}

void PlacementHistory::ended(PlacementOutcome outcome, double time)
{
  xbt_assert(open_, "the attempt of placement %zu ended twice (now %s)", rows_.size(), to_string(outcome));
  PlacementRow& row = rows_.back();
  row.ended_at      = time;
  std::strncpy(row.outcome, to_string(outcome), sizeof row.outcome - 1);
  open_      = false;
  queued_at_ = time;
}

const std::vector<PlacementRow>& PlacementHistory::rows() const
{
  xbt_assert(not open_, "the attempt of placement %zu is still under way", rows_.size());
  return rows_;
}

void PlacementHistory::stop(double time)
{
  if (open_)
    ended(PlacementOutcome::unfinished, time);
}

} // namespace coalsim
