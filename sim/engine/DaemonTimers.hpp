/* Timers that do not keep the run alive, as SimGrid's daemon actors do not: the power managers' switches. The
 * simulation runs while SimGrid holds a timer; a switch-off due after the last job would be the run's last event and
 * push the end of a run without grid jobs (its end_time is the simulation's end) up to idle_timeout later.
 *
 * So after each event, when every timer SimGrid still holds is a daemon timer, no activity runs, no actor lives and
 * the run says its work is done (no job waits, and the grid's jobs are all gone), the daemon timers are dropped: the
 * simulation ends with that event, where it would have ended without them. */
#pragma once

#include "sim/engine/Clock.hpp"

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <utility>

namespace coalsim {

class DaemonTimers {
public:
  /** A timer's handle; 0 is none. */
  using Id = uint64_t;

  DaemonTimers();
  ~DaemonTimers();
  DaemonTimers(const DaemonTimers&)            = delete;
  DaemonTimers& operator=(const DaemonTimers&) = delete;

  /** The daemon timers of the running simulation (null outside one). */
  static DaemonTimers* current() { return current_; }

  /** Whether the run's work is done (asked only when nothing else is left to happen); without it, the daemon
   *  timers are never dropped. */
  void set_work_done(std::function<bool()> done) { work_done_ = std::move(done); }

  /** Runs `work` at `date`, unless the run ends before (at(), Clock.hpp). */
  template <class F> Id at(double date, F work)
  {
    const Id id  = ++last_id_;
    pending_[id] = coalsim::at(date, [this, id, work = std::move(work)]() mutable {
      pending_.erase(id);
      work();
    });
    return id;
  }
  /** Timer `id` will not fire (nothing when it fired or was dropped already, or is 0). */
  void cancel(Id id);
  size_t pending() const { return pending_.size(); }

  /** Called after each event: drops the daemon timers when nothing else is left to happen and the work is done. */
  void after_event();

private:
  /** Whether SimGrid holds anything but the daemon timers: another timer, an activity, an actor. */
  bool anything_else() const;

  std::unordered_map<Id, TimerQueue::Handle> pending_;
  std::function<bool()> work_done_;
  Id last_id_ = 0;
  static DaemonTimers* current_;
};

} // namespace coalsim
