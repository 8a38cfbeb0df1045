/* EASY backfilling (Lifka 1995; Mu'alem and Feitelson 2001). The head of the queue gets a reservation at
 * the shadow time, the earliest time at which the estimated ends of the running local jobs leave enough
 * processors free for it; the extra processors are those free at the shadow time beyond what the head
 * needs, counting every running job whose estimated end is at or before it. A later job starts now if it
 * fits the idle processors and either ends by the shadow time or uses only extra processors (which it then
 * takes from them); the first such job in queue order starts first. A running job past its estimated end
 * is expected to end now. Processors held by grid components have no estimated end: when only their
 * release could make room for the head, the shadow time is infinite and any job that fits may start.
 * With shaped jobs (JobShape.hpp) every count is host by host (ShapedCapacity.hpp): the head's shadow time is
 * the first estimated end at which it fits by its shape, the extra processors are each host's free cores then
 * beyond what the head takes there, and a job that runs past the shadow time may start only if the cores it takes
 * now (by the cluster's host selection) are all extra on their hosts.
 *
 * The jobs behind the head are indexed by size and estimate, so that a pass looks only at the kinds of job
 * that could start, not at every waiting job. */
#pragma once

#include "sim/api/EasyReservation.hpp"
#include "sim/api/LocalQueue.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <vector>

namespace coalsim {

class EasyBackfilling : public LocalQueue {
public:
  void push(const QueuedLocalJob& job) override;
  void pass(LocalPass& pass, const Start& start) override;
  bool arrival_may_start(const QueuedLocalJob& job, int idle) const override { return job.request.size <= idle; }
  size_t size() const override { return waiting_.size(); }
  const QueuedLocalJob& head() const override { return waiting_.begin()->second; }

private:
  using Seq = uint64_t; // queue order
  /** The waiting jobs of one size behind the head: all of them, and by estimate. */
  struct SizeClass {
    std::set<Seq> all;
    std::map<double, std::set<Seq>> by_estimate;
  };

  /** Starts, first in queue order first, the jobs behind the head that fit now without delaying its
   *  reservation; with `newcomers_only`, only jobs that arrived since the last pass. */
  void backfill(LocalPass& pass, const Start& start, bool newcomers_only);
  /** The first job in queue order behind the head that may start now (0: none). */
  Seq first_startable(const LocalPass& pass, EasyReservation& head, Seq from) const;
  void start_job(Seq seq, LocalPass& pass, const Start& start);
  void index(Seq seq);
  void unindex(Seq seq);

  std::map<Seq, QueuedLocalJob> waiting_;
  std::map<int, SizeClass> behind_head_; // by size
  Seq next_seq_  = 1;
  Seq first_new_ = 1; // the first job that arrived since the last pass
};

} // namespace coalsim
