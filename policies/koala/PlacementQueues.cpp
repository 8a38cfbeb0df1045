#include "policies/koala/PlacementQueues.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_koala_placement_queues, coalsim_koala, "PlacementQueues");

namespace coalsim::koala {

PlacementQueues::PlacementQueues(QueueSettings settings) : settings_(settings)
{
  for (int h = 0; h < settings_.N_h; ++h) {
    pattern_.insert(pattern_.end(), settings_.n[0], Priority::super_high);
    pattern_.insert(pattern_.end(), settings_.n[1], Priority::high);
  }
  for (int l = 0; l < settings_.N_l; ++l) {
    pattern_.insert(pattern_.end(), settings_.n[2], Priority::low);
    pattern_.insert(pattern_.end(), settings_.n[3], Priority::super_low);
  }
  xbt_assert(not pattern_.empty(), "empty scan pattern");
}

void PlacementQueues::push(const JobSpec& job, Priority level, int tries)
{
  queue(level).push_back({&job, level, tries});
}

size_t PlacementQueues::size() const
{
  size_t total = 0;
  for (const auto& q : queues_)
    total += q.size();
  return total;
}

std::optional<Priority> PlacementQueues::next_scan()
{
  for (size_t step = 0; step < pattern_.size(); ++step) {
    Priority level = pattern_[position_];
    position_      = (position_ + 1) % pattern_.size();
    if (not queue(level).empty())
      return level;
  }
  return std::nullopt;
}

bool PlacementQueues::count_failed_try(std::list<Entry>::iterator entry, Priority level)
{
  ++entry->tries;
  bool movable = level == Priority::high || level == Priority::low;
  if (settings_.promote_after <= 0 || not movable || entry->tries % settings_.promote_after != 0)
    return false;
  auto up     = static_cast<Priority>(static_cast<int>(level) - 1);
  Entry moved = *entry;
  moved.level = up;
  queue(level).erase(entry);
  queue(up).push_back(moved);
  return true;
}

void PlacementQueues::remove(JobId job)
{
  for (auto& queue : queues_)
    queue.remove_if([job](const Entry& entry) { return entry.job->id == job; });
}

} // namespace coalsim::koala
