#include "sim/trace/PowerRecorder.hpp"

namespace coalsim {

PowerRecorder::PowerRecorder(size_t clusters, double interval, Sink sink)
    : interval_(interval)
    , sink_(std::move(sink))
    , next_sample_(interval)
    , watts_(clusters, 0)
    , accumulated_(clusters, 0)
    , mean_(clusters, 0)
{
}

void PowerRecorder::advance(double now)
{
  auto accumulate = [&](double until) {
    const double dt = until - last_;
    for (size_t c = 0; c < watts_.size(); ++c)
      accumulated_[c] += watts_[c] * dt;
    last_ = until;
  };
  auto emit = [&](double end, double length) {
    for (size_t c = 0; c < watts_.size(); ++c) {
      mean_[c]        = length > 0 ? accumulated_[c] / length : watts_[c];
      accumulated_[c] = 0;
    }
    sink_(end, mean_);
  };
  while (now >= next_sample_) {
    accumulate(next_sample_);
    emit(next_sample_, interval_);
    next_sample_ += interval_;
  }
  accumulate(now);
}

void PowerRecorder::set_watts(size_t cluster, double watts, double now)
{
  if (finished_)
    return;
  advance(now);
  watts_[cluster] = watts;
}

void PowerRecorder::finish(double end)
{
  if (finished_)
    return;
  advance(end);
  const double start = next_sample_ - interval_;
  if (end > start) {
    for (size_t c = 0; c < watts_.size(); ++c) {
      mean_[c]        = accumulated_[c] / (end - start);
      accumulated_[c] = 0;
    }
    sink_(end, mean_);
  }
  finished_ = true;
}

} // namespace coalsim
