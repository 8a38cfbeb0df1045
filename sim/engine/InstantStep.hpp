/* One instant, one step. The events of a simulated instant (timers, in the order they were set (TimerQueue.hpp),
 * then the ends of transfers and parallel tasks, in SimGrid's order) come one by one; a scheduler that acted on each
 * event as it came would decide on a state that never existed. So an event only records what changed and asks for a
 * pass; once every event of the instant has been applied, each scheduler that asked makes one pass, in the order they
 * were added (the local resource managers, then the grid scheduler). A pass whose decisions free or take processors at
 * once asks for further passes in the same step; decisions carried out by timers at the same instant (a claim after no
 * overhead) lead to another step at that instant, until nothing changes.
 *
 * "Every event applied" is read off the timer queue and SimGrid: after each event (a timer's work, an activity's
 * completion) the step runs if no timer is due at the current time any more and no model holds a finished
 * or failed action still to be handled. SimGrid handles an instant's timers first and its completions next,
 * so the last event of the instant runs the step, whichever it is. A request made outside any event posts
 * a timer due now, so that some event follows it. */
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace simgrid::kernel::resource {
class Model;
}

namespace coalsim {

class InstantStep {
public:
  using SchedulerId = size_t;

  InstantStep();
  ~InstantStep();
  InstantStep(const InstantStep&)            = delete;
  InstantStep& operator=(const InstantStep&) = delete;

  /** Adds a scheduler whose `pass` runs at each step it asked for; passes run in the order added. */
  SchedulerId add(std::function<void()> pass);
  /** Scheduler `id` saw a change: it passes once the current instant's events have all been applied. */
  void request(SchedulerId id);
  /** Whether a step is owed (for tests). */
  bool pending() const { return requested_ > 0; }

  /** Adds a check made after every event, before the step: it may request a pass (a condition that time alone
   *  brings about, seen at the first event after it without a timer of its own). */
  void watch(std::function<void()> check);
  /** Adds a check made after an event that leaves nothing else to happen (no timer in coalsim's queue or SimGrid's,
   *  no activity in flight, no actor): SimGrid's run would end with that event. It may set a timer, for a condition
   *  that time alone brings about and that no later event would show any more (a stall's deadline). */
  void at_rest(std::function<void()> check);
  /** Called after each event: runs the watchers, then the owed step if it was the instant's last event, then, if
   *  nothing else is left to happen, the checks at rest. */
  void after_event();
  /** Whether the run would end with the current event as things stand: no pass owed and nothing left to happen
   *  (no timer in coalsim's queue or SimGrid's, no activity in flight, no actor). Asked from a timer's work, that
   *  timer no longer counts: it has left the queue. A profile SimGrid plays is not seen: the caller knows its dates. */
  bool would_end() { return requested_ == 0 && nothing_left(); }

  /** The step of the running simulation (null outside one); events report to it. */
  static InstantStep* current() { return current_; }

private:
  /** The passes: every scheduler that asked, in order, again while any asks. */
  void step();
  /** Whether SimGrid still has an event of the current instant to apply. */
  bool instant_has_more_events();
  /** Whether nothing is left to happen: no timer, no activity in flight (started, or ended and not yet signalled),
   *  no actor. A profile SimGrid plays keeps no run alive. */
  bool nothing_left();
  /** The first scheduler from `from` on that asked for a pass, or passes_.size(). */
  size_t next_asked(size_t from) const;

  static InstantStep* current_;
  std::vector<std::function<void()>> passes_;
  std::vector<std::function<void()>> watchers_;
  std::vector<std::function<void()>> at_rest_;
  // One bit per scheduler that asked: a step on a grid of many clusters looks at the few that asked, not at every
  // scheduler's flag in turn.
  std::vector<uint64_t> asked_;
  size_t requested_  = 0; // schedulers that asked
  bool stepping_     = false;
  bool timer_posted_ = false; // a timer due now makes sure an event follows the requests
  // SimGrid's models, looked up at the first event (Engine::get_instance() costs more than the look at them).
  const std::vector<simgrid::kernel::resource::Model*>* models_ = nullptr;
};

/** Whether SimGrid has work of its own under way, timers apart: an actor, or an activity started, or ended and not yet
 *  signalled. (A profile SimGrid plays keeps no run alive.) */
bool simgrid_at_work();

/** Marks the handling of one event (a timer's callback, an activity's completion): an event that causes
 *  another synchronously (a host turned off fails the runs on it) is one event, whose end alone may run the
 *  step. */
class EventScope {
public:
  EventScope() { ++depth_; }
  ~EventScope() { --depth_; }
  EventScope(const EventScope&)            = delete;
  EventScope& operator=(const EventScope&) = delete;
  static bool outermost() { return depth_ == 0; }

private:
  static inline int depth_ = 0;
};

} // namespace coalsim
