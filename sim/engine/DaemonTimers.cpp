#include "sim/engine/DaemonTimers.hpp"

#include "sim/engine/InstantStep.hpp"

#include <simgrid/kernel/resource/Model.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <xbt/asserts.h>

namespace coalsim {

DaemonTimers* DaemonTimers::current_ = nullptr;

DaemonTimers::DaemonTimers()
{
  xbt_assert(current_ == nullptr, "One DaemonTimers per simulation");
  current_ = this;
}

DaemonTimers::~DaemonTimers()
{
  for (auto& [id, timer] : pending_)
    coalsim::cancel(timer);
  current_ = nullptr;
}

void DaemonTimers::cancel(Id id)
{
  if (auto found = pending_.find(id); found != pending_.end()) {
    coalsim::cancel(found->second);
    pending_.erase(found);
  }
}

bool DaemonTimers::anything_else() const
{
  const TimerQueue& timers = TimerQueue::instance();
  if (timers.pending() != pending_.size() || timers.simgrid_holds_others())
    return true;
  auto* engine = simgrid::s4u::Engine::get_instance();
  if (engine->get_actor_count() > 0)
    return true;
  for (auto* model : engine->get_all_models())
    if (not model->get_started_action_set()->empty() || not model->get_finished_action_set()->empty() ||
        not model->get_failed_action_set()->empty())
      return true;
  return false;
}

void DaemonTimers::after_event()
{
  if (pending_.empty() || not work_done_ || not EventScope::outermost() || anything_else() || not work_done_())
    return;
  for (auto& [id, timer] : pending_)
    coalsim::cancel(timer);
  pending_.clear();
}

} // namespace coalsim
