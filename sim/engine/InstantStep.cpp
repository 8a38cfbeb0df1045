#include "sim/engine/InstantStep.hpp"

#include "sim/engine/Clock.hpp"
#include "sim/engine/DaemonTimers.hpp"

#include <simgrid/kernel/resource/Model.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <xbt/asserts.h>

#include <bit>

namespace coalsim {

namespace sg4 = simgrid::s4u;

InstantStep* InstantStep::current_ = nullptr;

InstantStep::InstantStep()
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
  if (asked_.size() * 64 < passes_.size())
    asked_.push_back(0);
  return passes_.size() - 1;
}

void InstantStep::request(SchedulerId id)
{
  const uint64_t bit = uint64_t{1} << (id % 64);
  if (asked_[id / 64] & bit)
    return;
  asked_[id / 64] |= bit;
  ++requested_;
  // Within an event, that event's end checks for the step; outside any, a timer due now is that event.
  if (not stepping_ && not timer_posted_ && EventScope::outermost()) {
    timer_posted_ = true;
    at(now(), [this] { timer_posted_ = false; });
  }
}

bool InstantStep::instant_has_more_events()
{
  if (TimerQueue::instance().due_by(now()))
    return true; // a timer due now
  if (models_ == nullptr)
    models_ = &sg4::Engine::get_instance()->get_all_models();
  for (auto* model : *models_)
    if (not model->get_finished_action_set()->empty() || not model->get_failed_action_set()->empty())
      return true; // a completion SimGrid has yet to signal
  return false;
}

bool InstantStep::nothing_left()
{
  const TimerQueue& timers = TimerQueue::instance();
  return timers.pending() == 0 && not timers.simgrid_holds_others() && not simgrid_at_work();
}

bool simgrid_at_work()
{
  auto* engine = sg4::Engine::get_instance();
  if (engine->get_actor_count() > 0)
    return true;
  for (auto* model : engine->get_all_models())
    if (not model->get_started_action_set()->empty() || not model->get_finished_action_set()->empty() ||
        not model->get_failed_action_set()->empty())
      return true;
  return false;
}

void InstantStep::watch(std::function<void()> check)
{
  watchers_.push_back(std::move(check));
}

void InstantStep::at_rest(std::function<void()> check)
{
  at_rest_.push_back(std::move(check));
}

void InstantStep::after_event()
{
  if (stepping_ || not EventScope::outermost())
    return;
  for (const auto& check : watchers_)
    check();
  if (requested_ > 0 && not instant_has_more_events())
    step();
  // After the step, which may have set timers or started activities: asked only when the run would end here.
  if (not at_rest_.empty() && requested_ == 0 && nothing_left())
    for (const auto& check : at_rest_)
      check();
}

void InstantStep::step()
{
  stepping_ = true;
  struct Done { // also when a pass throws: the error leaves the engine's run as from any event
    bool& stepping;
    ~Done() { stepping = false; }
  } done{stepping_};
  // In order of addition, again while any asks: a pass that asks for a later scheduler runs it in this round, one
  // that asks for an earlier one (or itself) in the next.
  while (requested_ > 0)
    for (size_t id = next_asked(0); id < passes_.size(); id = next_asked(id + 1)) {
      asked_[id / 64] &= ~(uint64_t{1} << (id % 64));
      --requested_;
      passes_[id]();
    }
}

size_t InstantStep::next_asked(size_t from) const
{
  size_t word = from / 64;
  if (word >= asked_.size())
    return passes_.size();
  uint64_t bits = asked_[word] & (~uint64_t{0} << (from % 64));
  while (bits == 0) {
    if (++word == asked_.size())
      return passes_.size();
    bits = asked_[word];
  }
  return word * 64 + static_cast<size_t>(std::countr_zero(bits));
}

void event_done()
{
  if (auto* step = InstantStep::current())
    step->after_event();
  if (auto* daemons = DaemonTimers::current())
    daemons->after_event();
  TimerQueue::instance().rearm(); // after an activity's completion: the observations may wait now, or no longer
}

} // namespace coalsim
