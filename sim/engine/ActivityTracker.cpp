#include "sim/engine/ActivityTracker.hpp"

#include "sim/engine/Clock.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_activity_tracker, coalsim_engine, "ActivityTracker");

namespace coalsim {

ActivityTracker* ActivityTracker::current_ = nullptr;

ActivityTracker::ActivityTracker()
{
  xbt_assert(current_ == nullptr, "One ActivityTracker per simulation");
  current_              = this;
  static bool connected = false;
  if (not connected) {
    simgrid::s4u::Activity::on_completion_cb([](const simgrid::s4u::Activity& a) {
      if (current_)
        current_->on_completion(a);
    });
    connected = true;
  }
}

ActivityTracker::~ActivityTracker()
{
  current_ = nullptr;
}

void ActivityTracker::cancel_all()
{
  current_ = nullptr; // the run is over: no callbacks for what is cancelled
  for (auto& [key, entry] : running_) {
    auto& kept = cancelled_.emplace(key, std::move(entry.activity)).first->second;
    kept->cancel();
  }
  running_.clear();
}

void ActivityTracker::cancel_all_and_settle()
{
  auto* engine = simgrid::s4u::Engine::get_instance();
  for (int round = 0; round < 1000; ++round) { // new activities come from callbacks, which no longer fire
    cancel_all();
    engine->run_until(engine->get_clock());
    if (running_.empty())
      return;
  }
}

uint64_t ActivityTracker::start(simgrid::s4u::ActivityPtr activity, Callback done)
{
  uint64_t key = next_key_++;
  activity->set_data(reinterpret_cast<void*>(key));
  running_.emplace(key, Entry{activity, std::move(done)});
  activity->start();
  return key;
}

void ActivityTracker::cancel(uint64_t key)
{
  auto it = running_.find(key);
  if (it == running_.end())
    return;
  auto& kept = cancelled_.emplace(key, std::move(it->second.activity)).first->second;
  running_.erase(it);
  kept->cancel(); // signals CANCELED at once (ignored below), FAILED later
}

void ActivityTracker::release_later(simgrid::s4u::ActivityPtr activity)
{
  if (finished_.empty())
    at(now(), [this] { finished_.clear(); });
  finished_.push_back(std::move(activity));
}

void ActivityTracker::on_completion(const simgrid::s4u::Activity& activity)
{
  EventClock clock;
  auto key = reinterpret_cast<uint64_t>(activity.get_data<void>());
  auto it  = running_.find(key);
  if (it == running_.end()) {
    // A cancelled activity: its second signal (not CANCELED) is SimGrid's last use of it.
    auto c = cancelled_.find(key);
    if (c != cancelled_.end() && activity.get_state() != simgrid::s4u::Activity::State::CANCELED) {
      release_later(std::move(c->second));
      cancelled_.erase(c);
      event_done();
    }
    return; // or not one of ours
  }
  Entry entry = std::move(it->second);
  running_.erase(it);
  release_later(std::move(entry.activity));
  {
    EventScope event;
    entry.done(activity);
  }
  event_done();
}

} // namespace coalsim
