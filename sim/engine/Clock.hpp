/* Simulated time and deferred work, on SimGrid's own timers: no actor per job, no event loop of ours.
 * Timers due at the same date fire in an order SimGrid fixes (deterministic, but not FIFO): nothing here
 * relies on that order. */
#pragma once

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <utility>

namespace coalsim {

inline double now()
{
  return simgrid::s4u::Engine::get_clock();
}

/** Runs `work` in the engine at simulated time `date` (not before now). */
template <class F> simgrid::kernel::timer::Timer* at(double date, F work)
{
  return simgrid::kernel::timer::Timer::set(date < now() ? now() : date, std::move(work));
}

} // namespace coalsim
