/* One instant, one step. SimGrid applies the events of a simulated instant (timers, ends of transfers and
 * parallel tasks) in an order of its own; a scheduler that acted on each event as it came would decide on
 * a state that never existed. So an event only records what changed and asks for a pass; once every event
 * of the instant has been applied, each scheduler that asked makes one pass, in the order they were added
 * (the local resource managers, then the grid scheduler). A pass whose decisions free or take processors
 * at once asks for further passes in the same step; decisions carried out by timers at the same instant
 * (a claim after no overhead) lead to another step at that instant, until nothing changes.
 *
 * The passes run in an actor: SimGrid runs actors only after it has handled every timer and every
 * activity completion due at the current time, which is exactly "after all events of the instant". The
 * actor holds no simulated resource; when the host it sits on is turned off (and kills it), the next
 * request starts it again on a host that is on. */
#pragma once

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <cstddef>
#include <functional>
#include <vector>

namespace coalsim {

class ActivityTracker;

class InstantStep {
public:
  using SchedulerId = size_t;

  explicit InstantStep(const ActivityTracker& tracker);
  ~InstantStep();
  InstantStep(const InstantStep&)            = delete;
  InstantStep& operator=(const InstantStep&) = delete;

  /** Adds a scheduler whose `pass` runs at each step it asked for; passes run in the order added. */
  SchedulerId add(std::function<void()> pass);
  /** Scheduler `id` saw a change: it passes once the current instant's events have all been applied. */
  void request(SchedulerId id);
  /** Whether a step is owed (for tests). */
  bool pending() const { return requested_ > 0; }

  /** Called after each event: when none can follow (no timer, no activity, no pass owed), the actor ends,
   *  so that SimGrid ends the run as it would without it. */
  void after_event();
  /** The run is over or abandoned: the actor ends when the engine next runs. */
  void shut_down();

  /** The step of the running simulation (null outside one); events report to it. */
  static InstantStep* current() { return current_; }

private:
  void wake();
  void start_actor();
  void let_actor_leave();
  void actor_body();
  /** The passes: every scheduler that asked, in order, again while any asks. */
  void step();
  bool nothing_can_follow() const;

  static InstantStep* current_;
  const ActivityTracker* tracker_;
  std::vector<std::function<void()>> passes_;
  std::vector<char> asked_;
  size_t requested_ = 0;     // schedulers that asked
  bool awake_       = false; // the actor is released (or being started) and has not stepped yet
  bool stepping_    = false;
  bool leaving_     = false; // the actor is told to end (nothing can follow, or shut down)
  bool shut_down_   = false;
  simgrid::s4u::ActorPtr actor_;
  simgrid::s4u::SemaphorePtr wake_up_;
};

} // namespace coalsim
