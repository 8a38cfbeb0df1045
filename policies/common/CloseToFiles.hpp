/* KOALA's Close-to-Files placement (Mohamed and Epema 2008, Section 5.1, Algorithm 1) with its history table H. */
#pragma once

#include "policies/common/PlacementRule.hpp"

#include <set>
#include <utility>

namespace coalsim {

class CloseToFiles : public PlacementRule {
public:
  enum class InitialHistory { all_pairs, empty };
  using Pair = std::pair<ClusterIndex, ClusterIndex>; // (execution site, file site)

  CloseToFiles(const std::vector<std::string>& cluster_names, InitialHistory initial);
  CloseToFiles(const std::vector<std::string>& cluster_names, std::set<Pair> initial)
      : names_(cluster_names)
      , history_(std::move(initial))
  {
  }
  /** Jobs without an input file have no file sites to be close to: they are placed by worst-fit. */
  std::optional<fitting::Components> place(const JobSpec& job, std::vector<int>& idle, const GridView& view) override;
  /** As place(), with the pairs it would add to H seen by its later components but not kept. */
  std::optional<fitting::Components> plan(const JobSpec& job, std::vector<int>& idle, const GridView& view) override;
  /** A failed try keeps the pairs it added to H, until H holds every pair (as it does from the start with the
   *  initial history `all_pairs`): then there is nothing left to add. */
  bool remembers_failed_tries() const override { return history_.size() < names_.size() * names_.size(); }
  const std::set<Pair>& history() const { return history_; }

private:
  /** Algorithm 1; the pairs it adds to H go to `added` (and H is H plus them) instead of `history_`. */
  std::optional<fitting::Components> close_to_files(const JobSpec& job, std::vector<int>& idle, const GridView& view,
                                                    std::set<Pair>& added) const;

  std::vector<std::string> names_;
  std::set<Pair> history_;
  FitRule worst_fit_{fitting::Rule::worst_fit, false};
};

} // namespace coalsim
