/* A local manager's running jobs as they were at a mark (the information service's last poll of the cluster, in
 * polled mode), by estimated end. A poll marks every cluster and a policy rarely reads the list (only backfilling in
 * the grid queue plans on the local jobs' ends), so marking costs nothing and the list is rebuilt when read: the jobs
 * running now that started before the mark, and those that started before it and ended since, which the mark keeps.
 * Copying each cluster's list at every poll was 3 to 4% of benchmark (a)'s run, whose policy never reads it. */
#pragma once

#include "sim/api/GridView.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <vector>

namespace coalsim {

class RunningAtMark {
public:
  /** A local job: `seq` numbers the manager's starts from 0, `end` is its estimated end. */
  struct Job {
    uint64_t seq;
    double end;
    int processors;
  };

  /** The `started` jobs started so far (numbered 0 .. started - 1) are those the mark can hold: it holds those still
   *  running now. */
  void mark(uint64_t started)
  {
    mark_ = started;
    ended_.clear();
    built_ = false;
  }
  /** A job ended (the mark keeps it when it started before the mark). */
  void ended(const Job& job)
  {
    if (job.seq < mark_)
      ended_.push_back(job);
  }

  /** The jobs running at the mark by estimated end, equal ends in the order the jobs started, as the manager's
   *  multimap listed them then. `for_each_running(add)` calls add(Job) for each job running now, in any order. */
  template <class ForEachRunning> const EstimatedEnds& read(ForEachRunning for_each_running) const
  {
    if (built_)
      return ends_;
    jobs_ = ended_;
    for_each_running([this](const Job& job) {
      if (job.seq < mark_)
        jobs_.push_back(job);
    });
    std::sort(jobs_.begin(), jobs_.end(),
              [](const Job& a, const Job& b) { return std::tie(a.end, a.seq) < std::tie(b.end, b.seq); });
    ends_.clear();
    for (const Job& job : jobs_)
      ends_.emplace_hint(ends_.end(), job.end, job.processors); // after the equal ends in: the later start
    built_ = true;
    return ends_;
  }

private:
  uint64_t mark_ = 0;             // no mark yet: no job was running then
  std::vector<Job> ended_;        // started before the mark, ended since
  mutable std::vector<Job> jobs_; // read()'s list, its room kept
  mutable EstimatedEnds ends_;
  mutable bool built_ = true; // ends_ is the list at the mark
};

} // namespace coalsim
