#include "sim/api/ProcessorProfile.hpp"

#include <algorithm>
#include <iterator>
#include <xbt/asserts.h>

namespace coalsim {

ProcessorProfile::ProcessorProfile(double origin, int free)
{
  steps_.emplace(origin, free);
}

int ProcessorProfile::free_at(double t) const
{
  auto it = steps_.upper_bound(t);
  xbt_assert(it != steps_.begin(), "profile asked about %g, before its origin %g", t, origin());
  return std::prev(it)->second;
}

int ProcessorProfile::min_free(double from, double until) const
{
  auto it = steps_.upper_bound(from);
  xbt_assert(it != steps_.begin(), "profile asked about %g, before its origin %g", from, origin());
  int fewest = std::prev(it)->second;
  for (; it != steps_.end() && it->first < until; ++it)
    fewest = std::min(fewest, it->second);
  return fewest;
}

double ProcessorProfile::next_change(double t) const
{
  auto it = steps_.upper_bound(t);
  return it == steps_.end() ? INFINITY : it->first;
}

std::map<double, int>::iterator ProcessorProfile::split(double t)
{
  auto it = steps_.upper_bound(t);
  xbt_assert(it != steps_.begin(), "profile changed at %g, before its origin %g", t, origin());
  auto holding = std::prev(it);
  if (holding->first == t)
    return holding;
  return steps_.emplace_hint(it, t, holding->second);
}

void ProcessorProfile::forget_before(double t)
{
  auto first = split(t);
  steps_.erase(steps_.begin(), first);
}

void ProcessorProfile::add(double from, double until, int count)
{
  if (count == 0 || not(from < until))
    return;
  auto first = split(from);
  auto last  = std::isinf(until) ? steps_.end() : split(until);
  for (auto it = first; it != last; ++it)
    it->second += count;
  // Merge steps left equal to their neighbours, so that the profile stays as short as the plan it holds.
  if (last != steps_.end() && std::prev(last)->second == last->second)
    steps_.erase(last);
  if (first != steps_.begin() && std::prev(first)->second == first->second)
    steps_.erase(first);
}

double ProcessorProfile::earliest(int size, double duration, double from, double before, Extra extra) const
{
  auto it = steps_.upper_bound(from);
  xbt_assert(it != steps_.begin(), "profile asked about %g, before its origin %g", from, origin());
  it = std::prev(it);
  if (extra.count == 0)
    extra = {INFINITY, INFINITY, 0};
  // The walk goes over segments: the profile's steps, cut where `extra` begins and ends.
  double at    = from;
  double start = INFINITY; // the candidate window's start; infinite while the walk is on a step too full
  while (true) {
    auto next          = std::next(it);
    double step_end    = next == steps_.end() ? INFINITY : next->first;
    double segment_end = step_end;
    if (extra.from > at)
      segment_end = std::min(segment_end, extra.from);
    else if (extra.until > at)
      segment_end = std::min(segment_end, extra.until);
    int free = it->second + (extra.from <= at && at < extra.until ? extra.count : 0);
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
