#include "policies/common/PlacementRule.hpp"

#include <algorithm>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_common_placement_rule, coalsim_common, "PlacementRule");

namespace coalsim {

bool can_never_fit(const JobSpec& job, const GridView& view)
{
  // A job whose processors all fit one lasting cluster has a packing (first fit in decreasing size puts every
  // component somewhere, at worst on that cluster): no copy of the capacities nor search (on 1,000 clusters, about
  // 2% of a run). Not for ordered jobs, whose components name their clusters.
  if (job.type != RequestType::ordered && view.capacity_cores().pool() &&
      processors_needed(job) <= view.largest_lasting_capacity())
    return false;
  return not fitting::fits_capacities(job, view.lasting_capacities(), view.capacity_cores());
}

Rejection never_fitting_rejection(const JobSpec& job, const GridView& view)
{
  std::vector<int> whole_grid;
  for (const auto& c : view.clusters())
    whole_grid.push_back(c.processors);
  if (not fitting::fits_capacities(job, whole_grid, view.capacity_cores()))
    return {job.id, "larger than the grid: fits none of its clusters even when idle", false, "exceeds_grid"};
  return {job.id, "fits none of the clusters left usable", true, "no_usable_fit"};
}

void reject_never_fitting(WaitQueue& queue, const GridView& view, std::vector<Rejection>& rejections)
{
  auto never_fits = [&view](const JobSpec& job) { return can_never_fit(job, view); };
  for (const JobSpec* job : view.any_marked_unusable() ? queue.remove_if(never_fits) : queue.screen_new(never_fits))
    rejections.push_back(never_fitting_rejection(*job, view));
}

void assign_nearest_replicas(const JobSpec& job, fitting::Components& components, const GridView& view)
{
  for (auto& component : components)
    component.file_site = nearest_replica(job, component.cluster, view);
}

std::optional<fitting::Components> FitRule::place(const JobSpec& job, std::vector<int>& idle, const GridView& view)
{
  return fit(job, idle, view, view.component_cores());
}

std::optional<fitting::Components> FitRule::plan(const JobSpec& job, std::vector<int>& idle, const GridView& view)
{
  return fit(job, idle, view, view.capacity_cores());
}

std::optional<fitting::Components> FitRule::fit(const JobSpec& job, std::vector<int>& idle, const GridView& view,
                                                const ComponentCores& held) const
{
  if (not file_readable(job, view))
    return std::nullopt;
  auto placed = marked_ ? fitting::fit_unordered_marked(job.components, idle, rule_, held)
                        : fitting::fit_unordered(job.components, idle, rule_, held);
  if (placed)
    assign_nearest_replicas(job, *placed, view);
  return placed;
}

} // namespace coalsim
