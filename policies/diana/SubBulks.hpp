/* Sub-bulk sizes (report 5.3, Ch. 6): a bulk of n jobs split over the sites in proportion to each site's rank. The
 * report does not define the rank; here it is 1 / C_j (the site's total cost), and the shares are rounded by
 * largest remainders (Hamilton's method), so the sizes always add up to n. */
#pragma once

#include <vector>

namespace coalsim::diana {

/** Ranks 1 / cost; a site of cost 0 outranks every other: the sites of cost 0 share the bulk (rank 1 each, the
 *  others 0). An infinite cost (a dead site) gives rank 0. Costs must not be negative. */
std::vector<double> ranks_from_costs(const std::vector<double>& costs);

/** Sizes proportional to `ranks` (>= 0, not all 0) summing to `jobs`: each site gets the floor of its quota, and the
 *  jobs left go one each to the largest remainders; ties to the larger rank, then to the lower index. */
std::vector<int> sub_bulk_sizes(int jobs, const std::vector<double>& ranks);

} // namespace coalsim::diana
