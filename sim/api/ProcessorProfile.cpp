#include "sim/api/ProcessorProfile.hpp"

#include <algorithm>
#include <iterator>
#include <xbt/asserts.h>

namespace coalsim {

ProcessorProfile::ProcessorProfile(double origin, int free)
{
  steps_.push_back({origin, free});
}

ProcessorProfile::Iterator ProcessorProfile::after(double t) const
{
  return std::upper_bound(steps_.begin() + static_cast<long>(first_), steps_.end(), t,
                          [](double time, const Step& step) { return time < step.time; });
}

int ProcessorProfile::free_at(double t) const
{
  auto it = after(t);
  xbt_assert(it != steps_.begin() + static_cast<long>(first_), "profile asked about %g, before its origin %g", t,
             origin());
  return std::prev(it)->free;
}

int ProcessorProfile::min_free(double from, double until) const
{
  auto it = after(from);
  xbt_assert(it != steps_.begin() + static_cast<long>(first_), "profile asked about %g, before its origin %g", from,
             origin());
  int fewest = std::prev(it)->free;
  for (; it != steps_.end() && it->time < until; ++it)
    fewest = std::min(fewest, it->free);
  return fewest;
}

double ProcessorProfile::first_free(int size, double from, double before) const
{
  auto it = after(from);
  xbt_assert(it != steps_.begin() + static_cast<long>(first_), "profile asked about %g, before its origin %g", from,
             origin());
  if (std::prev(it)->free >= size)
    return from < before ? from : INFINITY;
  for (; it != steps_.end() && it->time < before; ++it)
    if (it->free >= size)
      return it->time;
  return INFINITY;
}

double ProcessorProfile::stretch_start(int size, double t) const
{
  const auto first = steps_.begin() + static_cast<long>(first_);
  // The step holding the instants just before t, then back while enough processors are free.
  auto it = std::lower_bound(first, steps_.end(), t, [](const Step& step, double time) { return step.time < time; });
  double start = t;
  while (it != first && std::prev(it)->free >= size) {
    --it;
    start = it->time;
  }
  return start;
}

double ProcessorProfile::next_change(double t) const
{
  auto it = after(t);
  return it == steps_.end() ? INFINITY : it->time;
}

size_t ProcessorProfile::split(double t)
{
  auto it = after(t);
  xbt_assert(it != steps_.begin() + static_cast<long>(first_), "profile changed at %g, before its origin %g", t,
             origin());
  auto holding = std::prev(it);
  if (holding->time == t)
    return static_cast<size_t>(holding - steps_.begin());
  const auto index = static_cast<size_t>(it - steps_.cbegin()); // before the insertion, which may reallocate
  steps_.insert(it, Step{t, holding->free});
  return index;
}

void ProcessorProfile::forget_before(double t)
{
  first_ = split(t);
  if (first_ > steps_.size() / 2) { // drop the forgotten steps once they are half the array
    steps_.erase(steps_.begin(), steps_.begin() + static_cast<long>(first_));
    first_ = 0;
  }
}

void ProcessorProfile::add(double from, double until, int count)
{
  if (count == 0 || not(from < until))
    return;
  size_t first = split(from);
  size_t last  = std::isinf(until) ? steps_.size() : split(until); // after `first`: inserting it moved nothing
  for (size_t i = first; i < last; ++i)
    steps_[i].free += count;
  // Merge steps left equal to their neighbours, so that the profile stays as short as the plan it holds.
  if (last < steps_.size() && steps_[last - 1].free == steps_[last].free)
    steps_.erase(steps_.begin() + static_cast<long>(last));
  if (first > first_ && steps_[first - 1].free == steps_[first].free)
    steps_.erase(steps_.begin() + static_cast<long>(first));
}

double ProcessorProfile::earliest(int size, double duration, double from, double before, Extra extra) const
{
  auto it = after(from);
  xbt_assert(it != steps_.begin() + static_cast<long>(first_), "profile asked about %g, before its origin %g", from,
             origin());
  it = std::prev(it);
  if (extra.count == 0)
    extra = {INFINITY, INFINITY, 0};
  // The walk goes over segments: the profile's steps, cut where `extra` begins and ends.
  double at    = from;
  double start = INFINITY; // the candidate window's start; infinite while the walk is on a step too full
  while (true) {
    auto next          = std::next(it);
    double step_end    = next == steps_.end() ? INFINITY : next->time;
    double segment_end = step_end;
    if (extra.from > at)
      segment_end = std::min(segment_end, extra.from);
    else if (extra.until > at)
      segment_end = std::min(segment_end, extra.until);
    int free = it->free + (extra.from <= at && at < extra.until ? extra.count : 0);
    if (std::isinf(start) && at >= before)
      return INFINITY;
    if (free < size)
      start = INFINITY; // the window must begin after this segment
    else if (std::isinf(start))
      start = at;
    if (std::isfinite(start) && segment_end >= start + duration)
      return start;
    if (std::isinf(segment_end))
      return INFINITY;
    at = segment_end;
    if (segment_end == step_end)
      it = next;
  }
}

} // namespace coalsim
