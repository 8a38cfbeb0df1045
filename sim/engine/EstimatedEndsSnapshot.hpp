/* A local manager's running jobs (estimated end -> processors) as they were when last taken, for the information
 * service's polled mode. Taken at every poll of every cluster whose list changed, read only by policies that plan
 * on the local jobs' ends (backfilling in the grid queue): so it is taken as a flat copy, and the multimap readers
 * get is built from it on their first read after each take. Copying the multimap itself at each poll was 2.5% of
 * benchmark (a)'s run, whose policy never reads it. */
#pragma once

#include "sim/api/GridView.hpp"

#include <utility>
#include <vector>

namespace coalsim {

class EstimatedEndsSnapshot {
public:
  /** Keeps `ends` as they are now (their capacity kept: no allocation once the list has been this long). */
  void take(const EstimatedEnds& ends)
  {
    flat_.clear();
    for (const auto& [end, processors] : ends)
      flat_.emplace_back(end, processors);
    built_ = false;
  }

  /** The ends as last taken, in the order they had then (ends that are equal too). */
  const EstimatedEnds& read() const
  {
    if (not built_) {
      ends_.clear();
      for (const auto& [end, processors] : flat_)
        ends_.emplace_hint(ends_.end(), end, processors); // after the equal ends already in, as they were listed
      built_ = true;
    }
    return ends_;
  }

private:
  std::vector<std::pair<double, int>> flat_;
  mutable EstimatedEnds ends_;
  mutable bool built_ = true; // nothing taken yet: both empty
};

} // namespace coalsim
