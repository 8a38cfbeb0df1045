#include "policies/common/CloseToFiles.hpp"

#include <algorithm>
#include <iterator>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_common_close_to_files, coalsim_common, "CloseToFiles");

namespace coalsim {

CloseToFiles::CloseToFiles(const std::vector<std::string>& cluster_names, InitialHistory initial)
    : names_(cluster_names)
{
  if (initial == InitialHistory::all_pairs)
    for (ClusterIndex e = 0; e < static_cast<int>(names_.size()); ++e)
      for (ClusterIndex f = 0; f < static_cast<int>(names_.size()); ++f)
        history_.insert({e, f});
}

std::optional<fitting::Components> CloseToFiles::place(const JobSpec& job, std::vector<int>& idle, const GridView& view)
{
  if (not job.file || job.file->replica_sites.empty())
    return worst_fit_.place(job, idle, view);
  std::set<Pair> added;
  auto placed = close_to_files(job, idle, view, added);
  history_.insert(added.begin(), added.end());
  return placed;
}

std::optional<fitting::Components> CloseToFiles::plan(const JobSpec& job, std::vector<int>& idle, const GridView& view)
{
  if (not job.file || job.file->replica_sites.empty())
    return worst_fit_.plan(job, idle, view);
  std::set<Pair> added;
  return close_to_files(job, idle, view, added);
}

std::optional<fitting::Components> CloseToFiles::close_to_files(const JobSpec& job, std::vector<int>& idle,
                                                                const GridView& view, std::set<Pair>& added) const
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

  std::vector<int> left = idle;
  fitting::Components placed(job.components.size());
  for (size_t i : fitting::by_decreasing_size(job.components)) { // line 1
    const int size         = job.components[i].processors;
    auto has_room          = [&](ClusterIndex c) { return view.cluster(c).usable && left[c] >= size; };
    ClusterIndex execution = no_cluster, file_site = no_cluster;
    auto first_with_room = std::find_if(readable.begin(), readable.end(), has_room); // line 3
    if (first_with_room != readable.end()) {
      execution = file_site = *first_with_room;
    } else {
      double best_time = 0; // lines 7-11: the potential pair of H with the smallest estimated FTT
      auto consider    = [&](ClusterIndex e, ClusterIndex f) {
        if (not has_room(e) || std::find(readable.begin(), readable.end(), f) == readable.end())
          return;
        double t = view.estimated_transfer_time(f, e, job.file->size_bytes);
        if (execution == no_cluster || t < best_time) {
          execution = e;
          file_site = f;
          best_time = t;
        }
      };
      if (added.empty()) {
        for (const auto& [e, f] : history_)
          consider(e, f);
      } else { // H with the pairs added for earlier components, in H's order
        std::vector<Pair> merged;
        std::set_union(history_.begin(), history_.end(), added.begin(), added.end(), std::back_inserter(merged));
        for (const auto& [e, f] : merged)
          consider(e, f);
      }
      if (execution == no_cluster)
        return std::nullopt;            // line 15
      for (ClusterIndex f : file_sites) // lines 12-13
        if (not history_.contains({execution, f}))
          added.insert({execution, f});
    }
    left[execution] -= size;
    placed[i] = {execution, size, file_site};
  }
  idle = std::move(left);
  return placed;
}

} // namespace coalsim
