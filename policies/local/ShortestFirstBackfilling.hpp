/* EASY backfilling with the shortest jobs backfilled first (SJBF; Tsafrir, Etsion and Feitelson, "Backfilling
 * using system-generated predictions rather than user runtime estimates", IEEE TPDS 18(6), 2007,
 * and Srinivasan et al., "Characterization of backfilling strategies for parallel job scheduling", ICPP
 * Workshops 2002). The head of the queue gets EASY's reservation at the shadow time (sim/api/EasyReservation.hpp);
 * the jobs behind it are then tried in order of their estimated runtime, shortest first (queue order among
 * equal estimates), and one starts if it fits the idle processors and either ends by the shadow time or uses
 * only the extra processors. Only the order in which the candidates are tried differs from `easy`, so the head's
 * start is never delayed by a backfilled job, as under EASY. With shaped jobs the reservation and the extra
 * processors are EASY's, host by host. */
#pragma once

#include "sim/api/EasyReservation.hpp"
#include "sim/api/LocalQueue.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace coalsim {

class ShortestFirstBackfilling : public LocalQueue {
public:
  void push(const QueuedLocalJob& job) override;
  void pass(LocalPass& pass, const Start& start) override;
  bool arrival_may_start(const QueuedLocalJob& job, int idle) const override { return job.request.size <= idle; }
  size_t size() const override { return waiting_.size(); }
  const QueuedLocalJob& head() const override { return waiting_.begin()->second; }

private:
  using Seq = uint64_t; // queue order
  void start_job(Seq seq, LocalPass& pass, const Start& start);
  void unindex(const QueuedLocalJob& job, Seq seq);

  using Key = std::pair<double, Seq>; // (estimate, queue order): the order in which candidates are tried

  /** The job to start next behind the head: the first in (estimate, queue order) that fits the idle processors
   *  and ends by the shadow time or uses only extra processors; nullptr for none. */
  const Key* next_candidate(const LocalPass& pass, EasyReservation& head) const;

  std::map<Seq, QueuedLocalJob> waiting_;
  /** The jobs behind the head by size, each size's in (estimate, queue order): in a size class only the first
   *  can be the next to start (a later one is no shorter), so a pass looks at one job per size that fits. */
  std::map<int, std::set<Key>> behind_head_;
  Seq next_seq_ = 1;
};

} // namespace coalsim
