/* KOALA's Close-to-Files placement (Mohamed and Epema 2008, Section 5.1, Algorithm 1) with its history table H. */
#pragma once

#include "policies/common/PlacementRule.hpp"

#include <set>
#include <utility>
#include <vector>

namespace coalsim {

class CloseToFiles : public PlacementRule {
public:
  enum class InitialHistory { all_pairs, empty };
  using Pair = std::pair<ClusterIndex, ClusterIndex>; // (execution site, file site)

  CloseToFiles(const std::vector<std::string>& cluster_names, InitialHistory initial);
  CloseToFiles(const std::vector<std::string>& cluster_names, const std::set<Pair>& initial);
  /** Jobs without an input file have no file sites to be close to: they are placed by worst-fit. */
  std::optional<fitting::Components> place(const JobSpec& job, std::vector<int>& idle, const GridView& view) override;
  /** As place(), with the pairs it would add to H seen by its later components but not kept. */
  std::optional<fitting::Components> plan(const JobSpec& job, std::vector<int>& idle, const GridView& view) override;
  /** A failed try keeps the pairs it added to H, until H holds every pair (as it does from the start with the
   *  initial history `all_pairs`): then there is nothing left to add. */
  bool remembers_failed_tries() const override { return pairs_ < names_.size() * names_.size(); }
  /** H as a set of pairs (for tests: the rule itself keeps a matrix). */
  std::set<Pair> history() const;

private:
  /** Algorithm 1; the pairs it adds to H go to `added` (and H is H plus them) instead of `history_`. A component
   *  has room where `held` (the view's component_cores() to place now, its capacity_cores() to plan) fits. */
  std::optional<fitting::Components> close_to_files(const JobSpec& job, std::vector<int>& idle, const GridView& view,
                                                    const ComponentCores& held, std::set<Pair>& added) const;

  bool in_history(ClusterIndex e, ClusterIndex f) const { return history_[static_cast<size_t>(e) * names_.size() + f]; }
  void add_to_history(ClusterIndex e, ClusterIndex f);

  std::vector<std::string> names_;
  /** H as a matrix, execution site by file site: Algorithm 1 asks only about pairs whose file site holds a
   *  replica, so a lookup per (cluster, replica) replaces a walk of every pair (1M at 1,000 clusters), and
   *  the matrix takes a bit per pair where a std::set node took 40 bytes (46 MB at 1,000 clusters). */
  std::vector<bool> history_;
  size_t pairs_ = 0;
  FitRule worst_fit_{fitting::Rule::worst_fit, false};
};

} // namespace coalsim
