#include "sim/api/EasyReservation.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace coalsim {

EasyReservation easy_reservation(int head_size, const LocalPass& pass)
{
  if (pass.shaped != nullptr) {
    auto [shadow, extra] = pass.shaped->reserve_head(head_size, pass.now);
    return {shadow, 0, std::move(extra)};
  }
  const int total = pass.idle + pass.running_processors; // free once every running job has ended
  if (total < head_size || pass.running.empty())
    return {INFINITY, 0};
  // The shadow time is the estimated end at which the free processors first reach the head's size: walk the
  // running jobs by estimated end from the side with fewer processors to pass (a wide head is reached near the
  // last ends), the same answer sooner. `first_after` is the first job in end order not counted in `free`.
  int free = pass.idle;
  RunningByEnd::const_iterator first_after;
  if (head_size - pass.idle <= total - head_size) {
    auto it = pass.running.begin();
    do // at least one job's end: the shadow time is an end even when the idle processors would do
      free += (it++)->second;
    while (free < head_size);
    first_after = it;
  } else {
    free    = total;
    auto it = pass.running.end();
    while (free >= head_size)
      free -= (--it)->second;
    free += it->second;
    first_after = std::next(it);
  }
  double shadow = std::max(std::prev(first_after)->first, pass.now); // a job past its estimate: ending now
  // Every job whose estimated end is at the shadow time frees its processors then too.
  for (auto it = first_after; it != pass.running.end() && std::max(it->first, pass.now) <= shadow; ++it)
    free += it->second;
  return {shadow, free - head_size};
}

} // namespace coalsim
