/* The CPU share a job needs to finish its estimate by its deadline (report 004, 5.1.1.3 and 6.2): the CPU time
 * left over the wall time left, (E - cpu_done) / (D - wall_done); a new job needs E / D. 6.2's example: 20 of 30
 * CPU seconds done in 20 s, deadline 50 s: (30 - 20) / (50 - 20) = 1/3.
 * Not in the report: a job past its estimate or its deadline, or needing more than a whole core, gets 1 (it
 * cannot be helped more; it runs as fast as a core allows), and a job nearly done at least smallest_share (a
 * ten-thousandth of a core: SimGrid gives an Exec of a far smaller weight than its neighbours no rate at all). */
#pragma once

#include "sim/api/Decision.hpp"

namespace coalsim::libra {

/** In [smallest_share, 1]: `estimate` and `deadline` in seconds from the job's start, `cpu_done` and `wall_done` so
 * far. */
double minimum_share(double estimate, double cpu_done, double deadline, double wall_done);

} // namespace coalsim::libra
