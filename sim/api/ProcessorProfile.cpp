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

double ProcessorProfile::earliest(int size, double duration, double from, double before) const
{
  auto it = steps_.upper_bound(from);
  xbt_assert(it != steps_.begin(), "profile asked about %g, before its origin %g", from, origin());
  it           = std::prev(it);
  double start = from;
  for (; it != steps_.end(); ++it) {
    double step_start = std::max(it->first, from);
    if (std::isinf(start) && step_start >= before)
      return INFINITY;
    if (it->second < size) {
      start = INFINITY; // the window must begin after this step
      continue;
    }
    if (std::isinf(start))
      start = step_start;
    auto next = std::next(it);
    if (next == steps_.end() || next->first >= start + duration)
      return start;
  }
  return INFINITY;
}

} // namespace coalsim
