/* Busy processors per cluster (grid and background) and the scheduler's queue length, integrated
 * exactly over time and emitted as fixed-interval averages. Memory does not grow with the run. */
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

namespace coalsim {

struct UtilizationSample {
  double time; // end of the interval
  const std::vector<double>& grid_busy;
  const std::vector<double>& background_busy;
  double queue_length;
  double held;   // processors claimed by grid jobs that have not started yet (the processor wasted time, PWT)
  double gained; // processors placed but not yet claimed, free for local jobs (the processor gained time, PGT)
};

class UtilizationRecorder {
public:
  using Sink = std::function<void(const UtilizationSample&)>;
  UtilizationRecorder(size_t clusters, double interval, Sink sink);

  void set_busy(size_t cluster, int grid, int background, double now);
  void set_queue_length(size_t length, double now);
  /** Claims made by the policy: processors held before the start, and placed but not yet claimed (system totals). */
  void set_claims(int held, int gained, double now);
  /** Closes the last (possibly shorter) interval at `end`; later updates are ignored. */
  void finish(double end);
  /** Called once with the end, when finish() closes the recording (the run's end: the energy ends there too). */
  void set_on_finish(std::function<void(double end)> callback) { on_finish_ = std::move(callback); }

  /** Processor-seconds over [0, end] (after finish). */
  double grid_area(size_t cluster) const { return total_grid_[cluster]; }
  double background_area(size_t cluster) const { return total_background_[cluster]; }

private:
  void advance(double now);
  void emit(double interval_end, double length);

  double interval_;
  Sink sink_;
  std::function<void(double)> on_finish_;
  bool finished_      = false;
  double last_        = 0;
  double next_sample_ = 0;
  // Busy processors now and their integral over the interval, grid and background side by side for each cluster
  // (2c and 2c + 1), as doubles: the walk at each event date is then one product and sum per element.
  std::vector<double> busy_, acc_busy_;
  size_t queue_ = 0;
  int held_ = 0, gained_ = 0;
  double acc_held_ = 0, acc_gained_ = 0;
  double acc_queue_ = 0;
  std::vector<double> total_grid_, total_background_;
  std::vector<double> avg_grid_, avg_background_; // reused for each sample
};

} // namespace coalsim
