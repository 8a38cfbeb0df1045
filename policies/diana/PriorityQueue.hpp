/* A DIANA meta-scheduler's queue (report 4.7): non-preemptive, by priority (higher first), first come first
 * served among equal priorities. It answers the migration query (4.8): how many queued jobs are ahead of a job. */
#pragma once

#include "sim/api/Job.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace coalsim::diana {

class PriorityQueue {
public:
  /** Queues `job` with `priority` behind every job of the same or a higher priority. */
  void push(JobId job, int priority);
  /** Removes `job`; false when it was not queued. */
  bool remove(JobId job);
  bool contains(JobId job) const { return keys_.contains(job); }
  size_t size() const { return keys_.size(); }
  bool empty() const { return keys_.empty(); }
  int priority(JobId job) const { return -std::get<0>(keys_.at(job)); }

  /** The jobs in service order. */
  std::vector<JobId> in_order() const;
  /** Queued jobs before `job` (which must be queued). */
  int jobs_ahead(JobId job) const;
  /** Queued jobs a newcomer of `priority` would wait behind: those of the same or a higher priority. */
  int jobs_ahead_of_newcomer(int priority) const;

private:
  using Key = std::tuple<int, uint64_t, JobId>; // -priority, arrival order, job
  std::set<Key> order_;
  std::map<JobId, Key> keys_;
  uint64_t arrivals_ = 0;
};

} // namespace coalsim::diana
