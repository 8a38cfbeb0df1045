#include "sim/trace/UtilizationRecorder.hpp"

#include <algorithm>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_utilization_recorder, coalsim_trace, "UtilizationRecorder");

namespace coalsim {

UtilizationRecorder::UtilizationRecorder(size_t clusters, double interval, Sink sink)
    : interval_(interval)
    , sink_(std::move(sink))
    , next_sample_(interval)
    , busy_(2 * clusters, 0)
    , acc_busy_(2 * clusters, 0)
    , since_(clusters, 0)
    , total_grid_(clusters, 0)
    , total_background_(clusters, 0)
    , avg_grid_(clusters, 0)
    , avg_background_(clusters, 0)
{
}

void UtilizationRecorder::emit(double interval_end, double length)
{
  integrate_queue_and_claims(interval_end);
  for (size_t c = 0; c < avg_grid_.size(); ++c) {
    integrate(c, interval_end);
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

void UtilizationRecorder::integrate_queue_and_claims(double until)
{
  const double dt = until - last_;
  if (dt == 0)
    return;
  acc_queue_ += static_cast<double>(queue_) * dt;
  acc_held_ += held_ * dt;
  acc_gained_ += gained_ * dt;
  last_ = until;
}

void UtilizationRecorder::close_intervals(double now)
{
  for (; now >= next_sample_; next_sample_ += interval_)
    emit(next_sample_, interval_);
}

void UtilizationRecorder::set_busy(size_t cluster, int grid, int background, double now)
{
  if (finished_)
    return;
  close_intervals(now);
  integrate(cluster, now);
  busy_[2 * cluster]     = grid;
  busy_[2 * cluster + 1] = background;
}

void UtilizationRecorder::set_queue_length(size_t length, double now)
{
  if (finished_ || length == queue_)
    return;
  close_intervals(now);
  integrate_queue_and_claims(now);
  queue_ = length;
}

void UtilizationRecorder::set_claims(int held, int gained, double now)
{
  if (finished_)
    return;
  close_intervals(now);
  integrate_queue_and_claims(now);
  held_   = held;
  gained_ = gained;
}

void UtilizationRecorder::finish(double end)
{
  if (finished_)
    return;
  close_intervals(end);
  double start = next_sample_ - interval_;
  if (end > start)
    emit(end, end - start);
  finished_ = true;
  if (on_finish_)
    on_finish_(end);
}

} // namespace coalsim
