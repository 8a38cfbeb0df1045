/* A host's electrical power, read from the platform's properties as SimGrid's host energy plugin reads them
 * (SimGrid 3.32, src/plugins/host_energy.cpp): `wattage_per_state` holds one `Idle:Epsilon:AllCores` triple per
 * pstate (or `Idle:AllCores`, Epsilon then being Idle), comma-separated, and `wattage_off` the power of a host that
 * is off (0 W without it). A host that is on draws Idle with no busy core, and Epsilon + (busy / cores) x
 * (AllCores - Epsilon) with `busy` cores busy; a host that is off draws Off. The pstate is the host's current one
 * (coalsim never changes it). A `<prop>` inside a `<cluster>` is every host's. */
#pragma once

#include <optional>
#include <simgrid/s4u/Host.hpp>
#include <string>

namespace coalsim {

struct HostPower {
  double idle      = 0; // W, on, no core busy
  double epsilon   = 0; // W, on, the static part once any core is busy
  double all_cores = 0; // W, on, every core busy
  double off       = 0; // W, switched off (or failed)
  int cores        = 1;

  /** The power drawn with `busy` of its cores busy while it is on (busy is at most cores). */
  double watts(int busy) const
  {
    return busy <= 0 ? idle : epsilon + (all_cores - epsilon) * static_cast<double>(busy) / cores;
  }
};

/** The host's power from its properties, or nothing when it has no `wattage_per_state`. A malformed value (not a
 *  list of 2 or 3 non-negative numbers per pstate, one per pstate, or a bad `wattage_off`) is an InputError naming
 *  the host, the property and `platform_file`. */
std::optional<HostPower> read_host_power(const simgrid::s4u::Host& host, const std::string& platform_file);

} // namespace coalsim
