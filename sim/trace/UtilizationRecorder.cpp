#include "sim/trace/UtilizationRecorder.hpp"

#include "sim/config/WideVectors.hpp"

#include <algorithm>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_utilization_recorder, coalsim_trace, "UtilizationRecorder");

namespace coalsim {

namespace {
/** acc[i] += busy[i] * dt for every element: grid and background, cluster by cluster. */
COALSIM_WIDE_VECTORS void add_areas(double* acc, const double* busy, size_t n, double dt)
{
  for (size_t i = 0; i < n; ++i)
    acc[i] += busy[i] * dt;
}
} // namespace

UtilizationRecorder::UtilizationRecorder(size_t clusters, double interval, Sink sink)
    : interval_(interval)
    , sink_(std::move(sink))
    , next_sample_(interval)
    , busy_(2 * clusters, 0)
    , acc_busy_(2 * clusters, 0)
    , total_grid_(clusters, 0)
    , total_background_(clusters, 0)
    , avg_grid_(clusters, 0)
    , avg_background_(clusters, 0)
{
}

void UtilizationRecorder::emit(double interval_end, double length)
{
  for (size_t c = 0; c < avg_grid_.size(); ++c) {
    const double grid = acc_busy_[2 * c], background = acc_busy_[2 * c + 1];
    avg_grid_[c]       = length > 0 ? grid / length : busy_[2 * c];
    avg_background_[c] = length > 0 ? background / length : busy_[2 * c + 1];
    total_grid_[c] += grid;
    total_background_[c] += background;
  }
  std::fill(acc_busy_.begin(), acc_busy_.end(), 0.0);
  double queue  = length > 0 ? acc_queue_ / length : static_cast<double>(queue_);
  acc_queue_    = 0;
  double held   = length > 0 ? acc_held_ / length : held_;
  double gained = length > 0 ? acc_gained_ / length : gained_;
  acc_held_ = acc_gained_ = 0;
  sink_(UtilizationSample{interval_end, avg_grid_, avg_background_, queue, held, gained});
}

void UtilizationRecorder::advance(double now)
{
  auto accumulate = [&](double until) {
    double dt = until - last_;
    // Several changes at one instant (a job's components, its claims, the queue): adding count * 0.0 leaves every
    // sum exactly as it is (the sums are never -0.0), so the walk over the clusters is skipped. The run's totals
    // are not summed here but at each interval's end (emit): this walk, at every event date over every cluster,
    // is bound by memory.
    if (dt == 0)
      return;
    add_areas(acc_busy_.data(), busy_.data(), busy_.size(), dt);
    acc_queue_ += static_cast<double>(queue_) * dt;
    acc_held_ += held_ * dt;
    acc_gained_ += gained_ * dt;
    last_ = until;
  };
  while (now >= next_sample_) {
    accumulate(next_sample_);
    emit(next_sample_, interval_);
    next_sample_ += interval_;
  }
  accumulate(now);
}

void UtilizationRecorder::set_busy(size_t cluster, int grid, int background, double now)
{
  if (finished_)
    return;
  advance(now);
  busy_[2 * cluster]     = grid;
  busy_[2 * cluster + 1] = background;
}

void UtilizationRecorder::set_queue_length(size_t length, double now)
{
  if (finished_ || length == queue_)
    return;
  advance(now);
  queue_ = length;
}

void UtilizationRecorder::set_claims(int held, int gained, double now)
{
  if (finished_)
    return;
  advance(now);
  held_   = held;
  gained_ = gained;
}

void UtilizationRecorder::finish(double end)
{
  if (finished_)
    return;
  advance(end);
  double start = next_sample_ - interval_;
  if (end > start)
    emit(end, end - start);
  finished_ = true;
  if (on_finish_)
    on_finish_(end);
}

} // namespace coalsim
