/* The platform check: everything SimGrid 3.32 aborts or crashes on when it reads a platform, and what it takes
 * but coalsim cannot run with, refused as an InputError naming the file and line (exit code 2) before SimGrid
 * reads the file in the simulator's own process. Two layers:
 *
 * 1. check_platform_text, on the XML alone (expat, no SimGrid; the fuzzed part). It refuses, each with the line of
 *    the element: XML that is not well-formed; a root that is no <platform>; a <platform> holding no zone, or more
 *    than one; a `routing=` SimGrid does not know (it aborts, "Not a valid model!"); the elements SimGrid 3.32
 *    removed (<storage>, <storage_type>, <mount>, <include>: it aborts); a <link>, <host>/<router>, or zone id
 *    declared twice (aborts); two routes between the same pair in one zone, symmetrical ones counted both ways
 *    (aborts, "already exists"); a <zoneRoute> whose gateway is a <router> of a zone with Cluster routing (SimGrid
 *    3.32 routes only between the hosts of such a zone); two sub-zones of a Full zone, both holding hosts, with no
 *    route between them (SimGrid segfaults); a core count below 1 (aborts); a speed or bandwidth not above 0 or not
 *    finite; a latency that is negative, not finite or beyond the simulated-time horizon (the run would never end);
 *    a speed, bandwidth or latency other than 0 without a unit (SimGrid reads 12.5 as 12.5 B/s: a link a million
 *    times slower than the 12.5MBps meant);
 *    a profile file SimGrid cannot open (aborts; it looks only in the current folder and the platform's folder);
 *    a <trace_connect> to a link (aborts: the link is sealed) and a link's state profile (coalsim fails hosts, not
 *    links: a transfer over a link that is off hangs in SimGrid 3.32).
 *
 * 2. probe_platform_load: SimGrid reads the platform in a child process, seals it and computes the routes between
 *    the clusters. What it throws, aborts or crashes on there (every xbt_assert, xbt_die, THROW and stray
 *    std::stoi of its parser and routing code, whether layer 1 knows it or not) comes back as an InputError with the
 *    line SimGrid's parser was at, and SimGrid's own words. The command-line programs make this child the run
 *    (load_platform_once): the platform is then read once. */
#pragma once

#include <exception>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace simgrid::s4u {
class Engine;
}

namespace coalsim {

class GridPlatform;
class KeyLocation;

/** The profiles a platform gives SimGrid to play (a host's state or speed, a link's bandwidth or latency). */
struct PlatformProfiles {
  /** The profile files it names, as SimGrid finds them (relative to the current folder, else to the platform's). */
  std::vector<std::string> files;
  /** Whether it has any profile, in a file or in a <trace> of its own: SimGrid then brings events of its own. */
  bool any = false;
  /** The date of the last event any of them plays (seconds from 0): -infinity when there is none, infinity when one
   *  repeats (LOOPAFTER, PERIODICITY, a <trace>'s periodicity above 0), is stochastic, or cannot be read or parsed
   *  (SimGrid reports those itself). Every kind counts (state, speed, bandwidth, latency). */
  double last_event = -std::numeric_limits<double>::infinity();
};

/** The date of the last event of a profile's text as SimGrid 3.32 reads it (ProfileBuilder: "DATE VALUE" lines,
 *  blank lines and lines starting with '#' or '%' skipped), played once or, when `periodicity` is above 0, repeated:
 *  -infinity when it has no event; infinity when it repeats (`periodicity` above 0, a LOOPAFTER or PERIODICITY line),
 *  is stochastic (STOCHASTIC, a distribution), or is not one SimGrid reads (dates not increasing, a bad line). */
double profile_last_event(std::string_view text, double periodicity = -1);

/** The date of the last event of the profile file at `file` (profile_last_event); infinity when it cannot be read. */
double profile_file_last_event(const std::string& file);

/** Layer 1 on the text of a platform; `path` names the file in errors and locates its profile files. */
PlatformProfiles check_platform_text(std::string_view text, const std::string& path);

/** Layer 2: loads the platform with SimGrid in a child process, with the routes between the clusters (only the
 *  `selected` ones when not empty). */
void probe_platform_load(const std::string& path, const std::vector<std::string>& selected = {});

/** Layer 1 on the file at `path` (a folder or a file that cannot be read refused too); its profiles. */
PlatformProfiles check_platform_file_text(const std::string& path);

/** Both layers on the file at `path`; its profiles. */
PlatformProfiles check_platform_file(const std::string& path, const std::vector<std::string>& selected = {});

/** What the child that is the run holds once SimGrid has loaded the platform: its clusters, or why coalsim refuses
 *  them without a crash (GridPlatform's InputError: the run's error, as without the probe). */
struct LoadedPlatform {
  std::unique_ptr<GridPlatform> platform;
  std::exception_ptr refused;
};

/** Layer 2 that is also the run's one load (RunOptions::load_once, the command-line programs): forks; the child loads
 *  the platform into `engine` (configured already: the experiment's models and options), seals it and builds the
 *  GridPlatform under the probe's guard, then goes on as the run with it. The parent throws the probe's InputError
 *  when the child fails to load it (its engine holds no platform then); once loaded, it only waits: it passes the
 *  signals that end a process on to the child and ends as the child ends (its exit code, or the same signal).
 *  Returns in the child only. */
LoadedPlatform load_platform_once(simgrid::s4u::Engine& engine, const std::string& path,
                                  const std::vector<std::string>& selected, const KeyLocation& clusters_location);

} // namespace coalsim
