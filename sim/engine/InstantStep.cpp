#include "sim/engine/InstantStep.hpp"

#include "sim/engine/ActivityTracker.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/simix.hpp>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_instant_step, coalsim_engine, "InstantStep");

namespace coalsim {

namespace sg4 = simgrid::s4u;

InstantStep* InstantStep::current_ = nullptr;

InstantStep::InstantStep(const ActivityTracker& tracker) : tracker_(&tracker)
{
  xbt_assert(current_ == nullptr, "One InstantStep per simulation");
  current_ = this;
}

InstantStep::~InstantStep()
{
  current_ = nullptr;
}

InstantStep::SchedulerId InstantStep::add(std::function<void()> pass)
{
  passes_.push_back(std::move(pass));
  asked_.push_back(0);
  return passes_.size() - 1;
}

void InstantStep::request(SchedulerId id)
{
  if (asked_[id])
    return;
  asked_[id] = 1;
  ++requested_;
  if (not stepping_ && not awake_)
    wake();
}

void InstantStep::wake()
{
  awake_ = true;
  if (actor_)
    wake_up_->release();
  else
    start_actor();
}

void InstantStep::start_actor()
{
  if (shut_down_)
    return;
  // Any host that is on will do: the actor computes nothing there.
  sg4::Host* host = nullptr;
  for (sg4::Host* h : sg4::Engine::get_instance()->get_all_hosts())
    if (h->is_on()) {
      host = h;
      break;
    }
  if (host == nullptr) {
    // Every host of the platform is off: the step runs from a timer due now instead (SimGrid may still fire
    // other timers of this instant after it).
    simgrid::kernel::timer::Timer::set(sg4::Engine::get_clock(), [this] { step(); });
    return;
  }
  wake_up_ = sg4::Semaphore::create(0);
  actor_   = sg4::Actor::create("instant-step", host, [this] { actor_body(); });
  actor_->on_exit([this, self = actor_.get()](bool) {
    if (actor_.get() != self)
      return;
    actor_ = nullptr;
    // Killed with its host while a step was owed: another actor takes over at this instant.
    if (awake_ && not leaving_)
      simgrid::kernel::timer::Timer::set(sg4::Engine::get_clock(), [this] {
        if (awake_ && not actor_)
          start_actor();
      });
    leaving_ = false;
  });
}

void InstantStep::actor_body()
{
  for (;;) {
    if (not awake_)
      wake_up_->acquire();
    if (leaving_)
      return;
    bool done = simgrid::kernel::actor::simcall_answered([this] {
      step();
      return nothing_can_follow();
    });
    if (done)
      return;
  }
}

void InstantStep::step()
{
  awake_    = false;
  stepping_ = true;
  try {
    while (requested_ > 0)
      for (size_t id = 0; id < passes_.size(); ++id)
        if (asked_[id]) {
          asked_[id] = 0;
          --requested_;
          passes_[id]();
        }
  } catch (...) {
    // Out of the engine's run, as from any other event, so that the run's own error handling takes over.
    simgrid::kernel::timer::Timer::set(sg4::Engine::get_clock(),
                                       [failure = std::current_exception()] { std::rethrow_exception(failure); });
  }
  stepping_ = false;
}

bool InstantStep::nothing_can_follow() const
{
  return requested_ == 0 && simgrid::kernel::timer::Timer::next() < 0 && tracker_->idle();
}

void InstantStep::after_event()
{
  if (actor_ && not awake_ && not stepping_ && nothing_can_follow())
    let_actor_leave();
}

void event_done()
{
  if (auto* step = InstantStep::current())
    step->after_event();
}

void InstantStep::let_actor_leave()
{
  leaving_ = true;
  wake_up_->release();
}

void InstantStep::shut_down()
{
  shut_down_ = true;
  if (actor_ && not leaving_) {
    awake_ = false;
    let_actor_leave();
  }
}

} // namespace coalsim
