#include "policies/local/ShortestFirstBackfilling.hpp"

#include "sim/api/LocalDisciplines.hpp"

#include <cmath>

namespace coalsim {

void ShortestFirstBackfilling::push(const QueuedLocalJob& job)
{
  Seq seq = next_seq_++;
  waiting_.emplace(seq, job);
  if (seq != waiting_.begin()->first)
    behind_head_[job.request.size].emplace(job.estimate, seq);
}

void ShortestFirstBackfilling::unindex(const QueuedLocalJob& job, Seq seq)
{
  auto size_class = behind_head_.find(job.request.size);
  size_class->second.erase({job.estimate, seq});
  if (size_class->second.empty())
    behind_head_.erase(size_class);
}

void ShortestFirstBackfilling::start_job(Seq seq, LocalPass& pass, const Start& start)
{
  auto it   = waiting_.find(seq);
  bool head = it == waiting_.begin();
  if (not head)
    unindex(it->second, seq);
  pass.idle -= it->second.request.size;
  start(it->second);
  waiting_.erase(it);
  if (head && not waiting_.empty()) // the new head is no longer behind one
    unindex(waiting_.begin()->second, waiting_.begin()->first);
}

const ShortestFirstBackfilling::Key* ShortestFirstBackfilling::next_candidate(const LocalPass& pass,
                                                                              EasyReservation& head) const
{
  const Key* best = nullptr;
  for (auto it = behind_head_.begin(); it != behind_head_.end() && it->first <= pass.idle; ++it) {
    const Key& first = *it->second.begin(); // the shortest of this size; if it cannot start, no job of it can
    if (pass.shaped != nullptr && not pass.shaped->fits_now(it->first))
      continue;
    const bool extra_only = pass.shaped == nullptr ? it->first <= head.extra
                                                   : std::isfinite(head.shadow) &&
                                                         pass.shaped->fits_extra(it->first, head.host_extra, false);
    if (not extra_only && pass.now + first.first > head.shadow)
      continue;
    if (best == nullptr || first < *best)
      best = &first;
  }
  return best;
}

void ShortestFirstBackfilling::pass(LocalPass& pass, const Start& start)
{
  while (not waiting_.empty() && fits_now(pass, waiting_.begin()->second.request.size))
    start_job(waiting_.begin()->first, pass, start);
  if (behind_head_.empty() || behind_head_.begin()->first > pass.idle)
    return; // no waiting job fits the idle processors
  EasyReservation head = easy_reservation(waiting_.begin()->second.request.size, pass);
  // Starting a job only lowers the idle and extra processors, so a job passed over stays unable to start: the
  // candidates start in (estimate, queue order) until none is left.
  while (const Key* next = next_candidate(pass, head)) {
    const auto [estimate, seq] = *next;
    if (pass.now + estimate > head.shadow) {
      // It still runs at the shadow time, on processors the head does not need.
      if (pass.shaped == nullptr)
        head.extra -= waiting_.at(seq).request.size;
      else
        pass.shaped->fits_extra(waiting_.at(seq).request.size, head.host_extra, true);
    }
    start_job(seq, pass, start);
  }
}

COALSIM_REGISTER(LocalDisciplines, easy_sjbf, "easy_sjbf",
                 "EASY backfilling with the shortest job backfilled first (SJBF, Tsafrir et al. 2007): the head's "
                 "reservation as `easy`, the jobs behind it tried in order of their requested time, shortest first",
                 [] { return std::make_unique<ShortestFirstBackfilling>(); });

} // namespace coalsim
