#include "policies/koala/ClaimingQueue.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_koala_claiming_queue, coalsim_koala, "ClaimingQueue");

namespace coalsim::koala {

void ClaimingQueue::push(double jct, JobId job)
{
  queue_.emplace(jct, job); // multimap inserts equal keys at the end of their range: FIFO among ties
}

bool ClaimingQueue::remove(JobId job)
{
  for (auto it = queue_.begin(); it != queue_.end(); ++it)
    if (it->second == job) {
      queue_.erase(it);
      return true;
    }
  return false;
}

std::optional<double> ClaimingQueue::next_time() const
{
  if (queue_.empty())
    return std::nullopt;
  return queue_.begin()->first;
}

std::vector<JobId> ClaimingQueue::pop_due(double now)
{
  std::vector<JobId> due;
  while (not queue_.empty() && queue_.begin()->first <= now) {
    due.push_back(queue_.begin()->second);
    queue_.erase(queue_.begin());
  }
  return due;
}

} // namespace coalsim::koala
