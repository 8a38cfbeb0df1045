#include "sim/engine/ClaimingQueue.hpp"

#include <algorithm>

namespace coalsim {

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

namespace claiming {

double initial_time(double jpt, double ftt, double L)
{
  return jpt + L * ftt;
}

double next_time(double jct, double jst, double L, double min_step)
{
  double next = std::max(jct + L * (jst - jct), jct + min_step);
  return jst - next < min_step ? std::max(jst, jct) : next;
}

double lowered(double L, double step, double floor)
{
  return std::max(floor, L - step);
}

bool icp_acts(size_t previously_started, size_t startable_now, size_t components, double T)
{
  if (components == 0)
    return false;
  double F = static_cast<double>(previously_started + startable_now) / static_cast<double>(components);
  return F >= T - 1e-12;
}

std::vector<JobId> preemption_victims(Priority requester, int needed, int idle, std::vector<Holder> holders)
{
  if (requester == Priority::super_low)
    return {};
  holders.erase(std::remove_if(holders.begin(), holders.end(),
                               [&](const Holder& h) { return static_cast<int>(h.priority) <= static_cast<int>(requester); }),
                holders.end());
  int available = idle;
  for (const auto& h : holders)
    available += h.processors;
  if (available < needed || idle >= needed)
    return {};
  std::sort(holders.begin(), holders.end(),
            [](const Holder& a, const Holder& b) { return a.jst != b.jst ? a.jst > b.jst : a.job > b.job; });
  std::vector<JobId> victims;
  for (const auto& h : holders) {
    if (idle >= needed)
      break;
    victims.push_back(h.job);
    idle += h.processors;
  }
  return victims;
}

} // namespace claiming
} // namespace coalsim
