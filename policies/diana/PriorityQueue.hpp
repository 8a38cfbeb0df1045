/* A DIANA meta-scheduler's queue (report 4.7): non-preemptive, by priority (higher first), first come first
 * served among equal priorities. It answers the migration query (4.8): how many queued jobs are ahead of a job, in
 * logarithmic time (an order-statistics tree), since a peer answers it for every query. */
#pragma once

#include "sim/api/Job.hpp"

#include <ext/pb_ds/assoc_container.hpp>
#include <ext/pb_ds/tree_policy.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace coalsim::diana {

class PriorityQueue {
public:
  /** A place in the service order; it stays comparable after its job has left. */
  using Position = std::tuple<int, uint64_t, JobId>; // -priority, arrival order, job

  /** Queues `job` with `priority` behind every job of the same or a higher priority. */
  void push(JobId job, int priority);
  /** Removes `job`; false when it was not queued. */
  bool remove(JobId job);
  bool contains(JobId job) const { return keys_.contains(job); }
  size_t size() const { return keys_.size(); }
  bool empty() const { return keys_.empty(); }
  int priority(JobId job) const { return -std::get<0>(keys_.at(job)); }
  Position position(JobId job) const { return keys_.at(job); }

  /** The job served next (the queue must not be empty). */
  JobId front() const { return std::get<2>(*order_.begin()); }
  /** The jobs in service order. */
  std::vector<JobId> in_order() const;
  /** Queued jobs before `job` (which must be queued). */
  int jobs_ahead(JobId job) const;
  /** Queued jobs a newcomer of `priority` would wait behind: those of the same or a higher priority. */
  int jobs_ahead_of_newcomer(int priority) const;
  /** The first job after `after` in service order (from the front without it), wrapping around once, for which
   *  `wanted` holds. */
  std::optional<JobId> next_after(const std::optional<Position>& after, const std::function<bool(JobId)>& wanted) const;

private:
  using Tree = __gnu_pbds::tree<Position, __gnu_pbds::null_type, std::less<Position>, __gnu_pbds::rb_tree_tag,
                                __gnu_pbds::tree_order_statistics_node_update>;
  Tree order_;
  std::unordered_map<JobId, Position> keys_;
  uint64_t arrivals_ = 0;
};

} // namespace coalsim::diana
