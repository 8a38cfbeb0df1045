/* The clock and the wake-ups of a policy that acts between its decisions. Granted only to a policy that declares
 * PolicyNeeds::timers. */
#pragma once

#include <cstdint>

namespace coalsim {

class Timers {
public:
  virtual ~Timers() = default;

  /** The simulated time now. */
  virtual double now() const = 0;
  /** Calls GridPolicy::on_wake(token) at `time` (not before now), in the engine's event order. */
  virtual void wake_at(double time, uint64_t token) = 0;
};

} // namespace coalsim
