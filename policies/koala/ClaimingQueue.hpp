/* KOALA's claiming queue (Mohamed and Epema 2008, Section 6.1): the placed jobs waiting to claim their processors, kept
 * free of the simulation so that it can be tested alone. IncrementalClaiming.cpp tries their claims. */
#pragma once

#include "sim/api/Job.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <vector>

namespace coalsim::koala {

/** Placed jobs waiting to claim their processors, in increasing order of their job claiming time (JCT);
 *  jobs with equal JCTs keep their order of arrival. */
class ClaimingQueue {
public:
  void push(double jct, JobId job);
  /** Removes `job` (a preempted or aborted job); false if it was not queued. */
  bool remove(JobId job);
  /** The earliest JCT, or none when empty. */
  std::optional<double> next_time() const;
  /** Removes and returns the jobs whose JCT is at most `now`, in queue order. */
  std::vector<JobId> pop_due(double now);
  size_t size() const { return queue_.size(); }

private:
  std::multimap<double, JobId> queue_;
};

} // namespace coalsim::koala
