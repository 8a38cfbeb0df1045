/* Runs SimGrid activities (transfers, parallel tasks) without actors: each started activity gets a
 * callback, called from SimGrid's completion signal. Keeps the activities alive while they run and
 * releases them only after the callback has returned (SimGrid still uses an activity right after its
 * completion signal).
 * A cancelled activity signals twice in SimGrid 3.32: CANCELED from within cancel(), then FAILED when the
 * engine next updates its models (the same simulated time). Its owner is told neither; the activity is
 * kept until the second signal. */
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

namespace coalsim {

class ActivityTracker {
public:
  using Callback = std::function<void(const simgrid::s4u::Activity&)>;

  ActivityTracker();
  ~ActivityTracker();
  ActivityTracker(const ActivityTracker&)            = delete;
  ActivityTracker& operator=(const ActivityTracker&) = delete;

  /** Starts `activity` and calls `done` once it completes (finished or failed); returns a key for cancel(). */
  uint64_t start(simgrid::s4u::ActivityPtr activity, Callback done);
  /** Cancels the activity started under `key`, if still running; its `done` is not called. */
  void cancel(uint64_t key);
  size_t running() const { return running_.size(); }
  /** Whether SimGrid will still signal an activity of ours: one running, or one cancelled (its last signal). */
  bool in_flight() const { return not running_.empty() || not cancelled_.empty(); }
  /** A run stopped at stop.max_time or by an error leaves activities in flight: cancels them, without callbacks
   *  (running() is 0 after it, until another activity starts). */
  void cancel_all();
  /** cancel_all(), then the engine runs what is due now (no simulated time passes), again until nothing is left in
   *  flight: an event due now may start another activity (a decentralized scheduler's message), which SimGrid
   *  would find running when torn down. An exception from an event is left to the caller. */
  void cancel_all_and_settle();

private:
  struct Entry {
    simgrid::s4u::ActivityPtr activity;
    Callback done;
  };
  void on_completion(const simgrid::s4u::Activity& activity);
  void release_later(simgrid::s4u::ActivityPtr activity);

  static ActivityTracker* current_; // SimGrid's signal is global; one tracker per simulation
  uint64_t next_key_ = 1;
  std::unordered_map<uint64_t, Entry> running_;
  std::unordered_map<uint64_t, simgrid::s4u::ActivityPtr> cancelled_; // until SimGrid's last signal
  std::vector<simgrid::s4u::ActivityPtr> finished_;                   // released at the next timer
};

} // namespace coalsim
