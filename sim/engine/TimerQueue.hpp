/* coalsim's timers, in an order of coalsim's own: by date, then in the order they were set. SimGrid 3.32 keeps its
 * timers in a Fibonacci heap that breaks ties between timers of one date by its shape, which every other timer
 * changes: the timers of one instant fired in an order no model chose, and adding or removing any timer anywhere
 * moved results. Here coalsim's timers wait in a queue of their own, and SimGrid holds one timer only, due at the
 * queue's first date, which fires every entry of that date in order (the entries an entry sets for the same date
 * included, after the others). So a timer added or dropped moves no other timer of its date, and the timers of one
 * date cost SimGrid one timer, not one each.
 *
 * Observations (add_observation(), a poll) wait in a heap of their own, and SimGrid need not stop at their dates
 * while the run's deferral check says so: they then fire in the round of the next other entry, in their place.
 *
 * One queue per process, as SimGrid allows one engine per process and keeps its own timers per process too. */
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>
#include <xbt/functional.hpp>

namespace simgrid::kernel::timer {
class Timer;
}

namespace coalsim {

class TimerQueue {
public:
  /** A timer's handle, for cancel(); the default one is no timer. */
  struct Handle {
    uint64_t seq  = 0; // the order it was set in (0: none)
    uint32_t slot = 0;
  };

  /** The process's queue (every timer and every event asks for it: an object made at the program's start, not a
   *  function's static, whose guard every call would test). */
  static TimerQueue& instance() { return queue_; }

  /** Runs `work` at simulated time `date` (not before the engine's clock: the caller clamps). */
  Handle add(double date, simgrid::xbt::Task<void()> work) { return push(heap_, date, std::move(work)); }
  /** add() for an observation: work that only reads coalsim's state and may ask for passes (the information
   *  service's poll). While the deferral check holds (set_deferral), SimGrid need not stop at its date: its timer is
   *  armed at the first other timer's date, and the observations due before that fire there first, in their place
   *  among the timers, each with now() its own date. */
  Handle add_observation(double date, simgrid::xbt::Task<void()> work)
  {
    return push(observations_, date, std::move(work));
  }
  /** Whether the observations may wait now, asked after every event when one is due before the first other timer.
   *  It must hold only when nothing but coalsim's timers can happen before that timer (no activity in flight, no
   *  actor, no profile SimGrid plays, no run_until's end) and the observations' work changes nothing SimGrid sees
   *  (the passes they ask for decide nothing): then running them late is exact. Empty (the default): they never
   *  wait. */
  void set_deferral(std::function<bool()> may_defer) { may_defer_ = std::move(may_defer); }
  /** After an event that was no timer of the queue's (an activity's completion): what it changed may let the
   *  observations wait, or no longer. */
  void rearm()
  {
    if (not firing_)
      arm();
  }
  /** Timer `handle` will not fire (nothing when it fired or was cancelled already, or is none). */
  void cancel(Handle handle);

  /** Whether a timer is due at or before `date` (one of the current instant, given its date). */
  bool due_by(double date) { return next_due(date) != nullptr; }
  /** Timers that will fire. */
  size_t pending() const { return live_; }
  /** Entries held: the pending timers and the cancelled ones not dropped yet (at most about twice as many). */
  size_t held() const { return heap_.size() + observations_.size(); }
  /** Observations the process fired later in SimGrid's time than their date (for tests). */
  uint64_t observations_fired_late() const { return observations_fired_late_; }
  /** Where SimGrid's timer is armed (for tests): the date, or a negative number when it is not. */
  double armed_date() const { return armed_ != nullptr ? armed_date_ : -1; }
  /** Whether SimGrid holds a timer other than the queue's. */
  bool simgrid_holds_others() const;

  ~TimerQueue();

private:
  TimerQueue();

  struct Entry {
    double date;
    uint64_t seq;
    uint32_t slot;
    // The heap's order: a min-heap by (date, seq). Written without a branch: which of two entries comes first is
    // as likely one way as the other, and the heap's sifts mispredicted a branch here more than anything else.
    bool operator<(const Entry& other) const
    {
      return (date > other.date) | ((date == other.date) & (seq > other.seq));
    }
  };
  using Heap = std::vector<Entry>;
  struct Slot {
    uint64_t seq = 0;                // the entry it holds (0: free)
    simgrid::xbt::Task<void()> work; // SimGrid's run-once function: an entry's work may own what it moves on
  };

  Handle push(Heap& heap, double date, simgrid::xbt::Task<void()> work);
  /** The SimGrid timer fired: every entry due by its date, in order. */
  void fire();
  bool cancelled(const Entry& entry) const { return slots_[entry.slot].seq != entry.seq; }
  /** Drops cancelled entries off the top of `heap` (asked after every event: the common case inline). */
  void prune(Heap& heap)
  {
    if (not heap.empty() && cancelled(heap.front()))
      drop_cancelled(heap);
  }
  /** The heap whose top is the next entry in order, if it is due by `date` (both pruned); null when none is. */
  Heap* next_due(double date)
  {
    prune(heap_);
    prune(observations_);
    const bool other_due       = not heap_.empty() && heap_.front().date <= date;
    const bool observation_due = not observations_.empty() && observations_.front().date <= date;
    if (observation_due && (not other_due || heap_.front() < observations_.front()))
      return &observations_;
    return other_due ? &heap_ : nullptr;
  }
  void drop_cancelled(Heap& heap);
  /** The date SimGrid's timer is to be armed at (the queue holds an entry). */
  double date_to_arm();
  /** Drops every cancelled entry (a timer cancelled and set again at each change, a manager's wake-up, leaves one
   *  behind each time until its date). The heap's order is the entries' own, so none moves. */
  void compact();
  /** Arms SimGrid's timer at the first date, unless it is armed at that date already or the queue fires now. */
  void arm();
  /** Takes SimGrid's timer back, if armed. */
  void disarm();
  /** SimGrid dropped the armed timer without firing it (abandon_run, the engine's teardown): nothing can fire. */
  void lost();

  class ArmedToken;

  static TimerQueue queue_;

  Heap heap_;         // the timers SimGrid stops for
  Heap observations_; // the observations (add_observation())
  std::function<bool()> may_defer_;
  std::vector<Slot> slots_; // reused once freed: no allocation per timer beyond its work's own
  std::vector<uint32_t> free_slots_;
  uint64_t last_seq_                    = 0;
  size_t live_                          = 0;
  bool firing_                          = false;
  simgrid::kernel::timer::Timer* armed_ = nullptr;
  double armed_date_                    = 0;
  uint64_t armed_generation_            = 0; // which arming armed_ is (ArmedToken); 0: none
  uint64_t last_generation_             = 0;
  uint64_t observations_fired_late_     = 0;
};

// Made before main() (nothing sets a timer earlier): its constructor makes SimGrid's timer heap first, which is
// then destroyed after it.
inline TimerQueue TimerQueue::queue_;

} // namespace coalsim
