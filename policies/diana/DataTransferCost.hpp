/* DIANA's data transfer cost (report 3.3.3, eq. 3.4), as its text describes it (the printed formula writes "IB" for
 * ID and "NC(local-i)" for the cost between the submission and the execution site):
 *   DTC_j = W8 ID NC(i,j) + W9 (AD + OD) NC(local,j) + W10 (N_j (ID + AD) + OD) NC(j)
 * ID, AD, OD: the input, executable ("application data") and output sizes; i: the site of the input's replica;
 * j: the execution site; local: the submission site; N_j: the jobs of the same bulk sent to j; NC(j): the network
 * cost inside site j. The report defines neither N_j nor NC(j); W10 is 0 by default. */
#pragma once

#include "policies/diana/CostWeights.hpp"

#include <functional>
#include <optional>
#include <vector>

namespace coalsim::diana {

struct JobData {
  double input      = 0; // ID (bytes)
  double executable = 0; // AD (bytes)
  double output     = 0; // OD (bytes)
};

/** The network costs eq. 3.4 needs for one execution site j. */
struct TransferCosts {
  double from_replica    = 0; // NC(i, j), i the chosen replica's site
  double from_submission = 0; // NC(local, j)
  double inside          = 0; // NC(j)
  int bulk_jobs          = 1; // N_j
};

double data_transfer_cost(const JobData& data, const TransferCosts& costs, const CostWeights& weights);

/** The replica a job at `execution` reads: the one with the lowest network cost to it (report 3.4: "the network
 *  cost ... is used to select the best replica"); ties to the first listed. Nothing when there is no replica. */
std::optional<int> best_replica(const std::vector<int>& replica_sites, int execution,
                                const std::function<double(int from, int to)>& net_cost);

} // namespace coalsim::diana
