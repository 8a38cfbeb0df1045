#include "sim/engine/DaemonTimers.hpp"

#include "sim/engine/InstantStep.hpp"

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
  return timers.pending() != pending_.size() || timers.simgrid_holds_others() || simgrid_at_work();
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
