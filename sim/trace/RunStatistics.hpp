/* The run's summary, accumulated job by job (nothing per job is kept). */
#pragma once

#include "sim/trace/TraceRows.hpp"

#include <cmath>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace coalsim {

/** Mean and standard deviation by Welford's method. */
class RunningStat {
public:
  void add(double x)
  {
    ++n_;
    double delta = x - mean_;
    mean_ += delta / static_cast<double>(n_);
    m2_ += delta * (x - mean_);
  }
  uint64_t count() const { return n_; }
  double mean() const { return n_ ? mean_ : NAN; }
  /** Sample standard deviation (n - 1), as the thesis tables report. */
  double sd() const { return n_ > 1 ? std::sqrt(m2_ / static_cast<double>(n_ - 1)) : NAN; }

private:
  uint64_t n_  = 0;
  double mean_ = 0, m2_ = 0;
};

struct RunStatistics {
  uint64_t submitted    = 0;
  uint64_t by_status[4] = {0, 0, 0, 0};
  RunningStat response, wait, runtime, overhead, spread, transfer;
  RunningStat local_wait; // of the local (background) jobs that ended
  uint64_t coallocated          = 0;
  int max_running               = 0;
  uint64_t background_jobs      = 0;
  uint64_t background_too_large = 0; // replayed local jobs larger than their cluster, left out
  uint64_t grid_too_large       = 0; // replayed grid jobs larger than any cluster they may use, left out
  double end_time               = 0;
  int processors                = 0;
  double grid_area              = 0; // processor-seconds over [0, end_time]
  double background_area        = 0;
  double wall_seconds           = 0;
  // The first band background that declared the run void (BandBackground), if any
  std::optional<double> void_time;
  std::string void_cluster;

  /** Jobs with a deadline (EconomyRow): accepted, met, and the revenue (charges of jobs that met it). */
  struct Economy {
    uint64_t jobs = 0, accepted = 0, met = 0;
    double revenue = 0;
  } economy;

  /** The run's energy, when the platform gives its hosts' power (EnergyAccounting.hpp). */
  struct Energy {
    double joules = 0, grid_joules = 0, local_joules = 0;
    double mean_watts = 0; // joules / end_time
    /** With SimGrid's host energy plugin loaded (`simgrid.options: [plugin:host_energy]`): what it reports for the
     *  same hosts, up to the end of the simulation (NaN without it). */
    double plugin_joules = NAN;
  };
  std::optional<Energy> energy;

  void add(const JobRow& row);
  void add(const EconomyRow& row);
  double grid_utilization() const;
  double background_utilization() const;
  void print(std::ostream& out) const;
};

} // namespace coalsim
