/* The figures a policy reports of its jobs for the trace. Granted only to a policy that declares
 * PolicyNeeds::reports. */
#pragma once

#include "sim/api/Job.hpp"

#include <cmath>

namespace coalsim {

/** Figures of a job a policy reports for its /jobs row (each report replaces the previous one). A job no
 *  policy reported on gets the engine's: one placement, placed at its placement time, no estimates. */
struct JobMetrics {
  int placements              = 0;   // placements over all attempts
  double total_placement_time = NAN; // time spent waiting for placements, over all attempts
  double estimated_ftt        = NAN; // of the last placement
  double estimated_start      = NAN; // the last placement's estimated start time
  int claiming_tries          = 0;
  // Figures of the run: written only when the job has started.
  double start_delay = NAN; // last JST minus first JST
  double pgt         = NAN; // processor gained time, over all attempts
  double pwt         = NAN; // processor wasted time, over all attempts
};

/** What an economy policy computed for a job (the trace's /economy row). */
struct EconomyFigures {
  double cost = NAN; // the price; an accepted job is charged it
  double load = NAN; // the load of the node that took it, or for a job no node took the least any would have had
};

class JobReports {
public:
  virtual ~JobReports() = default;

  /** The job's figures for the trace. */
  virtual void report(JobId job, const JobMetrics& metrics) = 0;
  /** An economy policy's figures of the job (its /economy row): what it costs, charged if it is accepted. */
  virtual void report_economy(JobId job, const EconomyFigures& figures) = 0;
  /** The estimated file transfer time and start time of the job's open placement (its /placements row). */
  virtual void report_estimates(JobId job, double estimated_ftt, double estimated_start) = 0;
};

} // namespace coalsim
