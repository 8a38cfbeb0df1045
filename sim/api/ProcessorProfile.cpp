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
  return steps_[holding(t)].free;
}

int ProcessorProfile::min_free(double from, double until) const
{
  size_t i   = holding(from);
  int fewest = steps_[i].free;
  for (++i; i < steps_.size() && steps_[i].time < until; ++i)
    fewest = std::min(fewest, steps_[i].free);
  return fewest;
}

double ProcessorProfile::move(double from, double to, double duration, int count)
{
  const double from_end = from + duration, to_end = to + duration;
  if (count == 0 || from == to)
    return INFINITY;
  if (to_end <= from || from_end <= to) { // apart: the whole window is given back
    add(from, from_end, count);
    add(to, to_end, -count);
    return from;
  }
  if (to < from) { // earlier: taken over [to, from), given back over [to_end, from_end)
    add(to, from, -count);
    add(to_end, from_end, count);
    return to_end;
  }
  add(from_end, to_end, -count); // later: given back over [from, to), taken over [from_end, to_end)
  add(from, to, count);
  return from;
}

double ProcessorProfile::first_free(int size, double from, double before) const
{
  size_t i           = holding(from);
  const double first = find<true>(from, i, size, before, {INFINITY, INFINITY, 0});
  return first < before ? first : INFINITY;
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

size_t ProcessorProfile::holding(double t) const
{
  auto it = after(t);
  xbt_assert(it != steps_.begin() + static_cast<long>(first_), "profile asked about %g, before its origin %g", t,
             origin());
  return static_cast<size_t>(std::prev(it) - steps_.begin());
}

template <bool enough>
double ProcessorProfile::find(double t, size_t& i, int size, double limit, const Extra& extra) const
{
  while (t < limit) {
    // The stretch of t in which `extra` counts alike: before it, in it, or after it.
    const bool in_extra = extra.from <= t && t < extra.until;
    const double stop   = std::min(limit, in_extra ? extra.until : (t < extra.from ? extra.from : INFINITY));
    const int need      = size - (in_extra ? extra.count : 0);
    if ((steps_[i].free >= need) == enough)
      return t;
    size_t k = i + 1;
    for (; k < steps_.size() && steps_[k].time < stop; ++k)
      if ((steps_[k].free >= need) == enough)
        break;
    if (k < steps_.size() && steps_[k].time < stop) {
      i = k;
      return steps_[k].time;
    }
    i = k - 1; // the step holding `stop`, unless one begins there
    if (k < steps_.size() && steps_[k].time == stop)
      i = k;
    t = stop;
  }
  return limit;
}

double ProcessorProfile::earliest(int size, double duration, double from, double before, Extra extra) const
{
  size_t i = holding(from);
  if (extra.count == 0)
    extra = {INFINITY, INFINITY, 0};
  double at = from;
  while (true) {
    // A window's start: the first instant with enough free processors; its end: the first after it without.
    const double start = find<true>(at, i, size, before, extra);
    if (start >= before)
      return INFINITY;
    at = find<false>(start, i, size, start + duration, extra);
    if (at >= start + duration)
      return start;
  }
}

} // namespace coalsim
