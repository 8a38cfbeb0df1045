#include "sim/engine/TimerQueue.hpp"

#include "sim/engine/Clock.hpp"

#include <algorithm>
#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <utility>

namespace coalsim {

namespace sgtimer = simgrid::kernel::timer;

/** Held by the armed SimGrid timer's callback. SimGrid destroys a timer it fired, one taken back with remove(),
 *  and also one it drops on its own (the engine's teardown, abandon_run): the last is the one the queue must
 *  hear of, as its entries can never fire then. */
class TimerQueue::ArmedToken {
public:
  explicit ArmedToken(uint64_t generation) : generation_(generation) {}
  ArmedToken(ArmedToken&& other) noexcept : generation_(std::exchange(other.generation_, 0)) {}
  ArmedToken(const ArmedToken&)            = delete;
  ArmedToken& operator=(const ArmedToken&) = delete;
  ArmedToken& operator=(ArmedToken&&)      = delete;
  ~ArmedToken()
  {
    // Fired or taken back, the queue forgot this arming first (fire(), disarm()).
    TimerQueue& queue = TimerQueue::instance();
    if (generation_ != 0 && queue.armed_ != nullptr && queue.armed_generation_ == generation_)
      queue.lost();
  }

private:
  uint64_t generation_;
};

TimerQueue::TimerQueue()
{
  // SimGrid's heap made first, so that it outlives the queue, whose end takes its timer back (the process's end).
  sgtimer::kernel_timers();
}

TimerQueue::~TimerQueue()
{
  disarm();
}

TimerQueue::Handle TimerQueue::push(Heap& heap, double date, simgrid::xbt::Task<void()> work)
{
  uint32_t slot;
  if (free_slots_.empty()) {
    slot = static_cast<uint32_t>(slots_.size());
    slots_.emplace_back();
  } else {
    slot = free_slots_.back();
    free_slots_.pop_back();
  }
  const uint64_t seq = ++last_seq_;
  slots_[slot].seq   = seq;
  slots_[slot].work  = std::move(work);
  heap.push_back({date, seq, slot});
  std::push_heap(heap.begin(), heap.end());
  ++live_;
  // Firing, the queue arms SimGrid's timer once done; else an earlier date moves it, and so may any timer when
  // observations wait (the first may now wait for it).
  if (not firing_ && (armed_ == nullptr || date < armed_date_ || not observations_.empty()))
    arm();
  return {seq, slot};
}

void TimerQueue::cancel(Handle handle)
{
  if (handle.seq == 0 || handle.slot >= slots_.size() || slots_[handle.slot].seq != handle.seq)
    return;
  Slot& slot = slots_[handle.slot];
  slot.seq   = 0;
  slot.work  = simgrid::xbt::Task<void()>(); // its heap entry stays, skipped (prune())
  free_slots_.push_back(handle.slot);
  --live_;
  if (held() > 2 * live_ + 1024)
    compact();
  if (not firing_)
    arm(); // the first date may be later now, or none
}

void TimerQueue::compact()
{
  for (Heap* heap : {&heap_, &observations_}) {
    std::erase_if(*heap, [this](const Entry& e) { return cancelled(e); });
    std::make_heap(heap->begin(), heap->end());
  }
}

bool TimerQueue::simgrid_holds_others() const
{
  return sgtimer::kernel_timers().size() > (armed_ != nullptr ? 1U : 0U);
}

void TimerQueue::drop_cancelled(Heap& heap)
{
  while (not heap.empty() && cancelled(heap.front())) {
    std::pop_heap(heap.begin(), heap.end());
    heap.pop_back();
  }
}

double TimerQueue::date_to_arm()
{
  if (observations_.empty())
    return heap_.front().date;
  if (heap_.empty())
    return observations_.front().date; // nothing later to carry them: SimGrid stops for them
  const double observation = observations_.front().date;
  const double other       = heap_.front().date;
  if (observation >= other)
    return other;
  // SimGrid holding a timer of its own might fire it in between: asked first, as it costs least.
  return not simgrid_holds_others() && may_defer_ && may_defer_() ? other : observation;
}

void TimerQueue::arm()
{
  prune(heap_);
  prune(observations_);
  if (heap_.empty() && observations_.empty()) {
    disarm();
    return;
  }
  const double date = date_to_arm();
  if (armed_ != nullptr && armed_date_ == date)
    return;
  disarm();
  const uint64_t generation = ++last_generation_;
  armed_                    = sgtimer::Timer::set(date, [token = ArmedToken(generation)] { instance().fire(); });
  armed_date_               = date;
  armed_generation_         = generation;
}

void TimerQueue::disarm()
{
  if (armed_ == nullptr)
    return;
  auto* timer       = std::exchange(armed_, nullptr);
  armed_generation_ = 0;
  timer->remove();
}

void TimerQueue::fire()
{
  armed_            = nullptr; // SimGrid took it off its heap, and deletes it once this returns
  armed_generation_ = 0;
  firing_           = true;
  struct Done { // also when an entry throws: the error leaves the engine's run as from any event
    TimerQueue& queue;
    ~Done()
    {
      queue.firing_ = false;
      queue.arm();
    }
  } done{*this};
  const double date = simgrid::s4u::Engine::get_clock();
  while (Heap* heap = next_due(date)) {
    const bool observation = heap == &observations_; // fired late, it has its own date
    std::pop_heap(heap->begin(), heap->end());
    const Entry entry = heap->back();
    heap->pop_back();
    auto work              = std::move(slots_[entry.slot].work); // out of the slot: the entries it sets may move it
    slots_[entry.slot].seq = 0;
    free_slots_.push_back(entry.slot);
    --live_;
    if (observation && entry.date < date)
      ++observations_fired_late_;
    EventClock clock(observation ? entry.date : date); // SimGrid's clock stays where it is while it fires
    {
      EventScope event;
      work();
    }
    event_done();
  }
}

void TimerQueue::lost()
{
  armed_            = nullptr;
  armed_generation_ = 0;
  // Moved out first: destroying the works may not reach back into a queue half cleared.
  auto slots = std::move(slots_);
  slots_.clear();
  heap_.clear();
  observations_.clear();
  free_slots_.clear();
  live_ = 0;
}

} // namespace coalsim
