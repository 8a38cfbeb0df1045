#include "sim/ActivityTracker.hpp"

#include "sim/Clock.hpp"

#include <xbt/asserts.h>

namespace coalsim {

ActivityTracker* ActivityTracker::current_ = nullptr;

ActivityTracker::ActivityTracker()
{
  xbt_assert(current_ == nullptr, "One ActivityTracker per simulation");
  current_ = this;
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
  for (auto& [key, entry] : running_)
    entry.activity->cancel();
}

void ActivityTracker::start(simgrid::s4u::ActivityPtr activity, Callback done)
{
  uint64_t key = next_key_++;
  activity->set_data(reinterpret_cast<void*>(key));
  running_.emplace(key, Entry{activity, std::move(done)});
  activity->start();
}

void ActivityTracker::on_completion(const simgrid::s4u::Activity& activity)
{
  auto key = reinterpret_cast<uint64_t>(activity.get_data<void>());
  auto it  = running_.find(key);
  if (it == running_.end())
    return; // not one of ours
  Entry entry = std::move(it->second);
  running_.erase(it);
  if (finished_.empty())
    at(now(), [this] { finished_.clear(); });
  finished_.push_back(std::move(entry.activity));
  entry.done(activity);
}

} // namespace coalsim
