/* Simulated time and deferred work, on SimGrid's own timers: no actor per job, no event loop of ours.
 * Timers due at the same date fire in an order SimGrid fixes (deterministic, but not FIFO): no schedule
 * depends on it, as schedulers decide only once every event of an instant is applied (InstantStep.hpp). */
#pragma once

#include "sim/config/TimeHorizon.hpp"
#include "sim/engine/InstantStep.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <utility>

namespace coalsim {

/** After each event: lets the instant step end with the run (InstantStep.cpp). */
void event_done();

inline double now()
{
  return simgrid::s4u::Engine::get_clock();
}

/** Runs `work` in the engine at simulated time `date` (not before now). Throws TimeHorizonError, out of
 *  the engine's run, for a date past the simulated-time horizon or no number at all. */
template <class F> simgrid::kernel::timer::Timer* at(double date, F work)
{
  if (not(date <= time_horizon))
    throw TimeHorizonError(date, now());
  return simgrid::kernel::timer::Timer::set(date < now() ? now() : date, [work = std::move(work)]() mutable {
    {
      EventScope event;
      work();
    }
    event_done();
  });
}

} // namespace coalsim
