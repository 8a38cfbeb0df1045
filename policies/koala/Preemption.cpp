#include "policies/koala/Preemption.hpp"

#include <algorithm>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_koala_preemption, coalsim_koala, "Preemption");

namespace coalsim::koala::claiming {

std::vector<JobId> preemption_victims(Priority requester, int needed, int idle, std::vector<Holder> holders)
{
  if (requester == Priority::super_low)
    return {};
  holders.erase(
      std::remove_if(holders.begin(), holders.end(),
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

} // namespace coalsim::koala::claiming
