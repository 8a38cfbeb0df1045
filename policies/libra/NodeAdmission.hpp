/* Whether a node takes one more job (PBS-Libra report, 5.1.1.3 and 6.2). Proportional shares (an operating system
 * that enforces CPU percentages): the minimum shares of its jobs plus the new job's sum to at most the node's
 * capacity. Equal slices (6.2: stock Linux gave n jobs 1/n of the CPU each): n jobs with the new one, each
 * getting capacity / n, so it accepts iff n x (the largest share) <= capacity. The capacity is the node's cores
 * (a share is a fraction of one core; Libra's nodes had one). A sum over the capacity by less than a billionth
 * still fits: shares are sums of rounded quotients. */
#pragma once

#include <vector>

namespace coalsim::libra {

enum class Sharing { proportional, equal_slices };

struct NodeLoad {
  bool accepts = false;
  /** The fraction of the node's capacity its jobs would be guaranteed with the new one (1 - the report's
   *  loadfree): the sum of shares, or n x the largest share with equal slices, over the capacity. */
  double load = 0;
};

/** `shares`: the minimum shares of the node's jobs now; `added`: the new job's. */
NodeLoad admit(const std::vector<double>& shares, double added, int cores, Sharing sharing);

/** The share each of a node's `jobs` jobs gets with equal slices: capacity / n, at most one core. */
double equal_slice(int jobs, int cores);

} // namespace coalsim::libra
