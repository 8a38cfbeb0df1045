/* Simulated time and deferred work, on SimGrid's timers: no actor per job, no event loop of ours. coalsim's timers
 * wait in a queue of its own (TimerQueue.hpp) over one SimGrid timer, and those due at one date fire in the order
 * they were set. Schedulers decide only once every event of an instant is applied (InstantStep.hpp); what the timers
 * of one date carry out themselves (claims after no overhead, messages) follows that order (docs/architecture.md,
 * "What a policy sees at an instant"). */
#pragma once

#include "sim/config/TimeHorizon.hpp"
#include "sim/engine/InstantStep.hpp"
#include "sim/engine/TimerQueue.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <utility>

namespace coalsim {

/** After each event: lets the instant step end with the run (InstantStep.cpp). */
void event_done();

namespace detail {
inline bool event_clock_known = false;
inline double event_clock     = 0;
} // namespace detail

/** The simulated time now: within an event (EventClock below), the date read at its start. */
inline double now()
{
  return detail::event_clock_known ? detail::event_clock : simgrid::s4u::Engine::get_clock();
}

/** Reads SimGrid's clock once for the handling of one event (a timer's callback, an activity's completion, with
 *  the step that may follow it), which then reads now() from there: SimGrid moves its clock only between its rounds,
 *  never while it runs a callback, and a job's path reads the time dozens of times (each core map change tells the
 *  energy accounting, which reads it). Nested handling (an engine run from within one) reads it anew and restores
 *  the outer one's. */
class EventClock {
public:
  EventClock() : EventClock(simgrid::s4u::Engine::get_clock()) {}
  /** An event of an earlier date than SimGrid's clock: an observation the timer queue fires late (TimerQueue.hpp). */
  explicit EventClock(double date) : known_(detail::event_clock_known), clock_(detail::event_clock)
  {
    detail::event_clock       = date;
    detail::event_clock_known = true;
  }
  ~EventClock()
  {
    detail::event_clock_known = known_;
    detail::event_clock       = clock_;
  }
  EventClock(const EventClock&)            = delete;
  EventClock& operator=(const EventClock&) = delete;

private:
  bool known_;
  double clock_;
};

namespace detail {
/** `date` as a timer's: not before now; past the simulated-time horizon or no number at all, TimeHorizonError. */
[[noreturn, gnu::cold]] inline void beyond_horizon(double date)
{
  throw TimeHorizonError(date, now());
}
inline double timer_date(double date)
{
  if (not(date <= time_horizon))
    beyond_horizon(date);
  return date < now() ? now() : date;
}
} // namespace detail

/** Runs `work` in the engine at simulated time `date` (not before now), after the timers set before it for that
 *  date. Throws TimeHorizonError, out of the engine's run, for a date past the simulated-time horizon or no number
 *  at all. */
template <class F> TimerQueue::Handle at(double date, F work)
{
  return TimerQueue::instance().add(detail::timer_date(date), simgrid::xbt::Task<void()>(std::move(work)));
}

/** at() for an observation: `work` only reads coalsim's state and may ask for passes (a poll). SimGrid need not stop
 *  at its date when nothing else could happen before the next timer: it may then run later in SimGrid's time, in its
 *  place among the timers, with now() its own date (TimerQueue::add_observation). */
template <class F> TimerQueue::Handle observe_at(double date, F work)
{
  return TimerQueue::instance().add_observation(detail::timer_date(date), simgrid::xbt::Task<void()>(std::move(work)));
}

/** Timer `handle` (from at()) will not fire; nothing when it fired or was cancelled already, or is none. */
inline void cancel(TimerQueue::Handle handle)
{
  TimerQueue::instance().cancel(handle);
}

} // namespace coalsim
