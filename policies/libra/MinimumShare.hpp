/* The CPU share a job needs to finish its estimate by its deadline (PBS-Libra report, 5.1.1.3 and 6.2): the CPU time
 * left over the wall time left, (E - cpu_done) / (D - wall_done); a new job needs E / D. 6.2's example: 20 of 30
 * CPU seconds done in 20 s, deadline 50 s: (30 - 20) / (50 - 20) = 1/3.
 * Not in the report: a running job past its estimate or its deadline, or needing more than a whole core, needs 1
 * (it cannot be helped more; it runs as fast as a core allows; a new job needing more than a core is rejected, as
 * the report's shares sum to at most 100% of a CPU), and a job nearly done at least smallest_share (a
 * ten-thousandth of a core: SimGrid gives an Exec of a far smaller weight than its neighbours no rate at all).
 * What such a job is given (node_weights) is another matter: 5.1.1 promises every admitted job its share and
 * has the operating system enforce shares only while they sum to at most the CPU, so by default a job past its
 * estimate or deadline runs on what the other jobs' minimum shares leave (Overrun::leftover); giving it a whole
 * core's weight (Overrun::whole_core) takes CPU from its neighbours below what they were promised. */
#pragma once

#include "sim/api/Decision.hpp"

#include <vector>

namespace coalsim::libra {

/** In [smallest_share, 1]: `estimate` and `deadline` in seconds from the job's start, `cpu_done` and `wall_done` so
 * far. */
double minimum_share(double estimate, double cpu_done, double deadline, double wall_done);

/** Whether the job has run past its estimate or its deadline (the report's formula has no share for it). */
bool overran(double estimate, double cpu_done, double deadline, double wall_done);

/** What a job past its estimate or deadline is given: what the node's other jobs leave, or a whole core. */
enum class Overrun { leftover, whole_core };

/** The CPU weights (shares) a node of `cores` cores sets for its jobs: `needs` their minimum shares, `over`
 * which of them overran; `reserved` the share of a job admitted at this instant but not in `needs`. A job that
 * did not overrun gets its minimum share. With Overrun::leftover the jobs that overran split equally what the
 * others (and `reserved`) leave of the cores, each at most 1 and at least smallest_share; with
 * Overrun::whole_core each gets 1. */
std::vector<double> node_weights(const std::vector<double>& needs, const std::vector<bool>& over, int cores,
                                 Overrun rule, double reserved = 0);

} // namespace coalsim::libra
