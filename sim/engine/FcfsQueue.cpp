/* First come, first served: the head starts when it fits (by its shape, with shaped jobs); nothing overtakes it. */
#include "sim/api/LocalDisciplines.hpp"

#include <deque>

namespace coalsim {

namespace {

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
    while (not waiting_.empty() && fits_now(pass, waiting_.front().request.size)) {
      pass.idle -= waiting_.front().request.size;
      start(waiting_.front());
      waiting_.pop_front();
    }
  }
  size_t size() const override { return waiting_.size(); }
  const QueuedLocalJob& head() const override { return waiting_.front(); }

private:
  std::deque<QueuedLocalJob> waiting_; // not a list: no allocation per job
};

} // namespace

COALSIM_REGISTER(LocalDisciplines, fcfs, "fcfs", "first come, first served: only the head of the queue starts",
                 [] { return std::make_unique<FcfsQueue>(); });

} // namespace coalsim
