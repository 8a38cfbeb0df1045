/* DIANA's site selection (report 4.6, Figs 4.4-4.6): the sites sorted by the costs that matter for the job's kind,
 * and the job sent to the first live one (the printed pseudo-code lacks the break and indexes wrongly: this is what
 * its text says). Compute-intensive jobs rank by computation + network cost, data-intensive ones by data transfer
 * + network cost, jobs that are both by the total (eq. 3.5). The local-first variant (4.4, 5.3) keeps a job at its
 * submission site when that site has room now, and ranks only otherwise. */
#pragma once

#include "policies/diana/CostWeights.hpp"

#include <optional>
#include <string>
#include <vector>

namespace coalsim::diana {

enum class JobKind { compute_intensive, data_intensive, both };
JobKind job_kind_by_name(const std::string& name); // "compute", "data", "both"
/** A job's kind by its input (`job_kind: by_input`): data-intensive when the input is at least `threshold` bytes,
 *  compute-intensive otherwise (the report gives no rule; 4.6 calls a data-intensive job one with "more data and
 *  less computation"). */
JobKind job_kind_by_input(double input_bytes, double threshold);
const char* to_string(JobKind kind);

/** One candidate execution site j, seen from the submission site. */
struct SiteCosts {
  int site             = 0;
  bool alive           = true; // answered (or is the local site and up)
  double network       = 0;    // NetCost(local, j), per byte
  double computation   = 0;    // CC_j
  double data_transfer = 0;    // DTC_j
};

/** Eq. 3.5 with the network cost weighed by W4: W4 NetCost + CC + DTC. */
double total_cost(const SiteCosts& site, const CostWeights& weights);
/** The cost a job of `kind` is ranked by. */
double ranking_cost(const SiteCosts& site, JobKind kind, const CostWeights& weights);

/** Sites in increasing ranking cost; ties to the lower site index. Dead sites included (the caller skips them). */
std::vector<int> rank_sites(const std::vector<SiteCosts>& sites, JobKind kind, const CostWeights& weights);

/** The site a job goes to: with `local_first` the local site when it is alive and `local_has_room`, else the first
 *  live site of the ranking. Nothing when no site is alive. */
std::optional<int> choose_site(const std::vector<SiteCosts>& sites, JobKind kind, const CostWeights& weights, int local,
                               bool local_first, bool local_has_room);

} // namespace coalsim::diana
