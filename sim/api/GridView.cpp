#include "sim/api/GridView.hpp"
#include <algorithm>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_api_grid_view, coalsim_api, "GridView");

namespace coalsim {

std::vector<int> GridView::idle_counts() const
{
  std::vector<int> idle;
  idle_counts(idle);
  return idle;
}

void GridView::idle_counts(std::vector<int>& into) const
{
  if (has_summary_) {
    into.assign(summary_.usable_idle.begin(), summary_.usable_idle.end());
    return;
  }
  into.clear();
  into.reserve(clusters_.size());
  for (const auto& c : clusters_)
    into.push_back(c.usable ? c.idle : 0);
}

bool GridView::any_marked_unusable() const
{
  if (has_summary_)
    return summary_.marked_unusable > 0;
  for (const auto& c : clusters_)
    if (c.marked_unusable)
      return true;
  return false;
}

std::vector<int> GridView::lasting_capacities() const
{
  std::vector<int> capacity;
  capacity.reserve(clusters_.size());
  for (const auto& c : clusters_)
    capacity.push_back(c.marked_unusable ? 0 : c.processors);
  return capacity;
}

int GridView::largest_lasting_capacity() const
{
  if (has_summary_)
    return summary_.largest_lasting;
  int largest = 0;
  for (const auto& c : clusters_)
    if (not c.marked_unusable)
      largest = std::max(largest, c.processors);
  return largest;
}

const EstimatedEnds& GridView::running_local(ClusterIndex c) const
{
  static const EstimatedEnds none;
  return local_jobs_ ? local_jobs_->running_local(c) : none;
}

} // namespace coalsim
