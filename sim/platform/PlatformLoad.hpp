/* SimGrid's load of a platform file, with each zone sealed as soon as the file has closed it.
 *
 * SimGrid 3.32 seals the zones when the run starts (Engine::seal_platform), and each zone's seal looks for its own
 * hosts by walking every host of the platform: hosts x zones, a fifth of the load of a grid of 1,000 clusters.
 * A zone the file has closed gets nothing more (its hosts, links and routes are all read; routes to it go to its
 * parent), so sealing it then is the same seal, and its walk finds only the hosts read so far: half the work. */
#pragma once

#include <string>

namespace simgrid::s4u {
class Engine;
}

namespace coalsim {

/** engine.load_platform(path), sealing each zone once the file has closed it (an XML file; a platform library,
 *  `.so`, builds its zones in any order and is loaded as SimGrid does). SimGrid's errors pass through unchanged. */
void load_platform_file(simgrid::s4u::Engine& engine, const std::string& path);

} // namespace coalsim
