#include "sim/engine/LocalQueue.hpp"

#include "sim/engine/ConservativeBackfilling.hpp"
#include "sim/engine/EasyBackfilling.hpp"

#include <list>

namespace coalsim {

namespace {

/** First come, first served: the head starts when it fits; nothing overtakes it. */
class FcfsQueue : public LocalQueue {
public:
  void push(const QueuedLocalJob& job) override { waiting_.push_back(job); }
  bool arrival_may_start(const QueuedLocalJob& job, int idle) const override
  {
    return waiting_.size() == 1 && job.request.size <= idle; // behind a head that waits, nothing starts
  }
  bool passes_on_capacity_loss() const override { return false; }
  void pass(LocalPass& pass, const Start& start) override
  {
    while (not waiting_.empty() && waiting_.front().request.size <= pass.idle) {
      pass.idle -= waiting_.front().request.size;
      start(waiting_.front());
      waiting_.pop_front();
    }
  }
  size_t size() const override { return waiting_.size(); }

private:
  std::list<QueuedLocalJob> waiting_;
};

} // namespace

std::unique_ptr<LocalQueue> make_local_queue(LocalScheduling scheduling)
{
  switch (scheduling) {
    case LocalScheduling::easy:
      return std::make_unique<EasyBackfilling>();
    case LocalScheduling::conservative:
      return std::make_unique<ConservativeBackfilling>();
    default:
      return std::make_unique<FcfsQueue>();
  }
}

} // namespace coalsim
