#include "policies/common/CloseToFiles.hpp"

#include <algorithm>
#include <iterator>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_common_close_to_files, coalsim_common, "CloseToFiles");

namespace coalsim {

CloseToFiles::CloseToFiles(const std::vector<std::string>& cluster_names, InitialHistory initial)
    : names_(cluster_names)
    , history_(names_.size() * names_.size(), initial == InitialHistory::all_pairs)
    , pairs_(initial == InitialHistory::all_pairs ? history_.size() : 0)
{
}

CloseToFiles::CloseToFiles(const std::vector<std::string>& cluster_names, const std::set<Pair>& initial)
    : names_(cluster_names)
    , history_(names_.size() * names_.size(), false)
{
  for (const auto& [e, f] : initial)
    add_to_history(e, f);
}

void CloseToFiles::add_to_history(ClusterIndex e, ClusterIndex f)
{
  auto pair = history_[static_cast<size_t>(e) * names_.size() + f];
  if (not pair) {
    pair = true;
    ++pairs_;
  }
}

std::set<CloseToFiles::Pair> CloseToFiles::history() const
{
  std::set<Pair> pairs;
  for (ClusterIndex e = 0; e < static_cast<ClusterIndex>(names_.size()); ++e)
    for (ClusterIndex f = 0; f < static_cast<ClusterIndex>(names_.size()); ++f)
      if (in_history(e, f))
        pairs.insert({e, f});
  return pairs;
}

std::optional<fitting::Components> CloseToFiles::place(const JobSpec& job, std::vector<int>& idle, const GridView& view)
{
  if (not job.file || job.file->replica_sites.empty())
    return worst_fit_.place(job, idle, view);
  std::set<Pair> added;
  auto placed = close_to_files(job, idle, view, view.component_cores(), added);
  for (const auto& [e, f] : added)
    add_to_history(e, f);
  return placed;
}

std::optional<fitting::Components> CloseToFiles::plan(const JobSpec& job, std::vector<int>& idle, const GridView& view)
{
  if (not job.file || job.file->replica_sites.empty())
    return worst_fit_.plan(job, idle, view);
  std::set<Pair> added;
  return close_to_files(job, idle, view, view.capacity_cores(), added);
}

std::optional<fitting::Components> CloseToFiles::close_to_files(const JobSpec& job, std::vector<int>& idle,
                                                                const GridView& view, const ComponentCores& held,
                                                                std::set<Pair>& added) const
{
  // File sites in alphabetical order of their names: CF picks the first one with room (line 5). Replicas on
  // clusters that are down cannot be read: they are neither picked nor paired (but still enter H).
  std::vector<ClusterIndex> file_sites = job.file->replica_sites;
  std::sort(file_sites.begin(), file_sites.end(), [&](ClusterIndex a, ClusterIndex b) {
    return view.cluster(a).name != view.cluster(b).name ? view.cluster(a).name < view.cluster(b).name : a < b;
  });
  std::vector<ClusterIndex> readable;
  std::copy_if(file_sites.begin(), file_sites.end(), std::back_inserter(readable),
               [&](ClusterIndex f) { return view.cluster(f).up; });
  if (readable.empty())
    return std::nullopt;
  // The readable file sites by index, once each: H's pairs (e, f) are walked in H's order, by e then f.
  std::vector<ClusterIndex> readable_by_index = readable;
  std::sort(readable_by_index.begin(), readable_by_index.end());
  readable_by_index.erase(std::unique(readable_by_index.begin(), readable_by_index.end()), readable_by_index.end());

  std::vector<int> left = idle;
  fitting::Components placed(job.components.size());
  for (size_t i : fitting::by_decreasing_size(job.components)) { // line 1
    const int size = job.components[i].processors;
    auto has_room  = [&](ClusterIndex c) { return view.cluster(c).usable && held.fits(c, size, left[c], idle[c]); };
    ClusterIndex execution = no_cluster, file_site = no_cluster;
    auto first_with_room = std::find_if(readable.begin(), readable.end(), has_room); // line 3
    if (first_with_room != readable.end()) {
      execution = file_site = *first_with_room;
    } else {
      double best_time = 0; // lines 7-11: the potential pair of H with the smallest estimated FTT
      // H with the pairs added for earlier components, in H's order; only pairs whose execution site has room
      // and whose file site is readable are candidates. On 1,000 clusters this loop runs a thousand times for each
      // such component: the clusters' states read straight, H's row by its offset, `added` looked at only when it
      // holds something.
      const auto& states   = view.clusters();
      const size_t sites   = names_.size();
      const double bytes   = job.file->size_bytes;
      const bool any_added = not added.empty();
      for (ClusterIndex e = 0; e < static_cast<ClusterIndex>(sites); ++e) {
        if (not states.at(e).usable || not held.fits(e, size, left[e], idle[e])) // has_room(e)
          continue;
        const size_t row = static_cast<size_t>(e) * sites;
        for (ClusterIndex f : readable_by_index) {
          if (not history_[row + f] && not(any_added && added.contains({e, f})))
            continue;
          double t = view.estimated_transfer_time(f, e, bytes);
          if (execution == no_cluster || t < best_time) {
            execution = e;
            file_site = f;
            best_time = t;
          }
        }
      }
      if (execution == no_cluster)
        return std::nullopt;            // line 15
      for (ClusterIndex f : file_sites) // lines 12-13
        if (not in_history(execution, f))
          added.insert({execution, f});
    }
    left[execution] -= view.capacity_held(execution, size); // what it holds there (has_room: not unholdable)
    placed[i] = {execution, size, file_site};
  }
  idle = std::move(left);
  return placed;
}

} // namespace coalsim
