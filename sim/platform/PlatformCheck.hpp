/* What SimGrid 3.32's platform parser aborts on (xbt_die, no exception) or silently mishandles, checked before
 * it reads the file, so that a bad platform is an InputError naming the file and line (exit code 2):
 * - a file that is no platform XML;
 * - a profile file (`state_file`, `speed_file`, `bandwidth_file`, ..., `<trace file=...>`) it cannot open.
 *   SimGrid looks for it relative to the current folder and to the platform's folder only, so an absolute
 *   path fails too;
 * - a `<trace_connect>` to a link: SimGrid 3.32 aborts ("Cannot set a ... profile once the Link is sealed");
 * - a state profile of a link: coalsim fails hosts and clusters, not links (a transfer or a parallel task
 *   started over a link that is off would hang in SimGrid 3.32, with no completion and no failure);
 * - a core count below 1 (SimGrid aborts), a speed or bandwidth not above 0, a negative latency;
 * - two sub-zones of a zone with Full routing, both holding hosts, with no <zoneRoute> between them (SimGrid
 *   crashes with a segmentation fault when asked for the route). */
#pragma once

#include <string>

namespace coalsim {

/** Throws InputError when the platform file at `path` has one of the problems above. */
void check_platform_file(const std::string& path);

} // namespace coalsim
