/* Busy processors per cluster (grid and background) and the scheduler's queue length, integrated
 * exactly over time and emitted as fixed-interval averages. Memory does not grow with the run.
 *
 * Each cluster's busy processors are integrated from its own last change: a change costs the same on a grid of 1,000
 * clusters as on one of 5, and only an interval's end walks every cluster. */
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
  /** Emits the samples of the intervals that end at or before `now`. */
  void close_intervals(double now);
  /** Cluster c's busy processors integrated up to `until`. */
  void integrate(size_t cluster, double until)
  {
    const double dt = until - since_[cluster];
    if (dt == 0) // several changes at one instant: the integral is as it was (count x 0.0 adds nothing)
      return;
    acc_busy_[2 * cluster] += busy_[2 * cluster] * dt;
    acc_busy_[2 * cluster + 1] += busy_[2 * cluster + 1] * dt;
    since_[cluster] = until;
  }
  /** The queue length and the claims integrated up to `until`. */
  void integrate_queue_and_claims(double until);
  void emit(double interval_end, double length);

  double interval_;
  Sink sink_;
  std::function<void(double)> on_finish_;
  bool finished_      = false;
  double last_        = 0; // the queue length and the claims are integrated up to then
  double next_sample_ = 0;
  // Busy processors now and their integral over the interval up to since_[c], grid and background side by side for
  // each cluster (2c and 2c + 1).
  std::vector<double> busy_, acc_busy_, since_;
  size_t queue_ = 0;
  int held_ = 0, gained_ = 0;
  double acc_held_ = 0, acc_gained_ = 0;
  double acc_queue_ = 0;
  std::vector<double> total_grid_, total_background_;
  std::vector<double> avg_grid_, avg_background_; // reused for each sample
};

} // namespace coalsim
