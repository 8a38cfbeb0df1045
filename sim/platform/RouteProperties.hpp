/* What a route between two hosts offers a transfer: its latency and bottleneck bandwidth (SimGrid's), and its
 * packet loss and jitter, which SimGrid does not model and which a platform may give as link properties
 * (`<prop id="loss" value="0.001"/>`, a fraction in [0, 1); `<prop id="jitter" value="0.002"/>`, seconds). A
 * route's loss is that of its links in series, 1 - prod(1 - loss); its jitter the sum of theirs (the worst case:
 * delays that add up). Links without the properties have neither. */
#pragma once

#include "sim/api/RouteQuality.hpp"

#include <simgrid/s4u.hpp>
#include <string>
#include <vector>

namespace coalsim {

/** The quality of the route from `from` to `to`. A property that is not a number in its range is an input error
 *  naming the link's line in `platform_file`. */
RouteQuality route_quality(simgrid::s4u::Host* from, simgrid::s4u::Host* to, const std::string& platform_file);
/** The same, of a route already found (its links in route order, its latency as SimGrid sums it): for a caller that
 *  composes routes instead of asking SimGrid for each (GridPlatform::host_route). */
RouteQuality route_quality(const std::vector<simgrid::s4u::Link*>& links, double latency,
                           const std::string& platform_file);

/** Checks the loss and jitter properties of every link of the loaded platform as route_quality reads them, so that
 *  a bad one is an input error before the run rather than when a route through it is first asked for. */
void check_route_properties(const std::string& platform_file);

} // namespace coalsim
