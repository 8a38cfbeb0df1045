#include "policies/diana/PriorityQueue.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

#include <limits>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_diana_priority_queue, coalsim_diana, "PriorityQueue");

namespace coalsim::diana {

void PriorityQueue::push(JobId job, int priority)
{
  xbt_assert(!contains(job), "job %ld is queued already", static_cast<long>(job));
  Position key{-priority, arrivals_++, job};
  order_.insert(key);
  keys_.emplace(job, key);
}

bool PriorityQueue::remove(JobId job)
{
  auto it = keys_.find(job);
  if (it == keys_.end())
    return false;
  order_.erase(it->second);
  keys_.erase(it);
  return true;
}

std::vector<JobId> PriorityQueue::in_order() const
{
  std::vector<JobId> jobs;
  for (const auto& key : order_)
    jobs.push_back(std::get<2>(key));
  return jobs;
}

int PriorityQueue::jobs_ahead(JobId job) const
{
  return static_cast<int>(order_.order_of_key(keys_.at(job)));
}

int PriorityQueue::jobs_ahead_of_newcomer(int priority) const
{
  Position first_behind{-priority, std::numeric_limits<uint64_t>::max(), 0};
  return static_cast<int>(order_.order_of_key(first_behind));
}

std::optional<JobId> PriorityQueue::next_after(const std::optional<Position>& after,
                                               const std::function<bool(JobId)>& wanted) const
{
  auto start = after ? order_.upper_bound(*after) : order_.begin();
  for (auto it = start; it != order_.end(); ++it)
    if (wanted(std::get<2>(*it)))
      return std::get<2>(*it);
  for (auto it = order_.begin(); it != start; ++it)
    if (wanted(std::get<2>(*it)))
      return std::get<2>(*it);
  return std::nullopt;
}

} // namespace coalsim::diana
