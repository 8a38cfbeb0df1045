/* Conservative backfilling (Mu'alem and Feitelson 2001): every waiting job holds a reservation in a profile
 * of future free processors, made at its arrival at the earliest time its processors are free for its
 * estimated run given the running jobs and the reservations before it. A job starts when its reservation
 * comes; it starts early only by moving into room nobody before it holds. When a job ends before its
 * estimated end, the reservations are compressed: in queue order, each moves to the earliest time it fits,
 * never later than it was. Processors taken or given back with no estimated end (grid components, dummy
 * jobs, failed hosts, outages) change the profile for ever: the reservations are kept where they still fit
 * and the others moved to the earliest time they do. */
#pragma once

#include "sim/api/ProcessorProfile.hpp"
#include "sim/engine/LocalQueue.hpp"

#include <list>
#include <optional>

namespace coalsim {

class ConservativeBackfilling : public LocalQueue {
public:
  void push(const QueuedLocalJob& job) override;
  /** Every arrival is planned at once: its reservation is made at its arrival. */
  bool arrival_may_start(const QueuedLocalJob&, int) const override { return true; }
  void pass(LocalPass& pass, const Start& start) override;
  void ended(double estimated_end, int size, double now) override;
  size_t size() const override { return waiting_.size(); }

  /** The reservation of the i-th waiting job (for tests): its start, infinite if it has none yet. */
  double reservation(size_t i) const;

private:
  struct Waiting {
    QueuedLocalJob job;
    double start = NAN; // the reservation: [start, start + estimate); NaN until the job is first planned
  };
  /** The profile rebuilt from the running jobs, and every waiting job planned again in queue order. */
  void replan(const LocalPass& pass);
  /** Moves each reservation, in queue order, to the earliest time it fits (not later, if it fitted). */
  void compress(double now);
  void reserve(Waiting& w, double now);
  /** Starts the jobs whose reservation has come, if their processors are idle. */
  void start_due(LocalPass& pass, const Start& start);

  std::list<Waiting> waiting_;
  std::optional<ProcessorProfile> profile_;
  bool improved_ = false; // a job ended before its estimated end since the last pass
};

} // namespace coalsim
