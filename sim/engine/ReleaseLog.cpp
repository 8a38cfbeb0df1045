#include "sim/engine/ReleaseLog.hpp"

#include <algorithm>
#include <iterator>

namespace coalsim {

void ReleaseLog::record(double from)
{
  while (not earliest_.empty() && earliest_.back().from >= from)
    earliest_.pop_back();
  earliest_.push_back({count_++, from});
}

double ReleaseLog::earliest_since(size_t seen) const
{
  auto it = std::lower_bound(earliest_.begin(), earliest_.end(), seen,
                             [](const Addition& addition, size_t number) { return addition.number < number; });
  return it == earliest_.end() ? INFINITY : it->from;
}

void ReleaseLog::forget_before(double t)
{
  auto later = std::find_if(earliest_.begin(), earliest_.end(), [t](const Addition& a) { return a.from > t; });
  if (later == earliest_.begin())
    return;
  std::prev(later)->from = t; // the last of them stands for them all
  earliest_.erase(earliest_.begin(), std::prev(later));
}

void ReleaseLog::clear()
{
  earliest_.clear();
  count_ = 0;
}

} // namespace coalsim
