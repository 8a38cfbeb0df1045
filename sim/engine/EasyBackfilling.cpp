#include "sim/engine/EasyBackfilling.hpp"

#include "sim/api/EasyReservation.hpp"
#include "sim/api/LocalDisciplines.hpp"
#include <algorithm>
#include <cmath>

namespace coalsim {

void EasyBackfilling::index(Seq seq)
{
  const QueuedLocalJob& job = waiting_.at(seq);
  SizeClass& size_class     = behind_head_[job.request.size];
  size_class.all.insert(seq);
  size_class.by_estimate[job.estimate].insert(seq);
}

void EasyBackfilling::unindex(Seq seq)
{
  const QueuedLocalJob& job = waiting_.at(seq);
  auto size_class           = behind_head_.find(job.request.size);
  size_class->second.all.erase(seq);
  auto estimate = size_class->second.by_estimate.find(job.estimate);
  estimate->second.erase(seq);
  if (estimate->second.empty())
    size_class->second.by_estimate.erase(estimate);
  if (size_class->second.all.empty())
    behind_head_.erase(size_class);
}

void EasyBackfilling::push(const QueuedLocalJob& job)
{
  Seq seq = next_seq_++;
  waiting_.emplace(seq, job);
  if (seq != waiting_.begin()->first)
    index(seq);
}

void EasyBackfilling::start_job(Seq seq, LocalPass& pass, const Start& start)
{
  bool head = seq == waiting_.begin()->first;
  if (not head)
    unindex(seq);
  auto it = waiting_.find(seq);
  pass.idle -= it->second.request.size;
  start(it->second);
  waiting_.erase(it);
  if (head && not waiting_.empty())
    unindex(waiting_.begin()->first); // the new head is no longer behind one
}

void EasyBackfilling::pass(LocalPass& pass, const Start& start)
{
  // Nothing but arrivals, and no running job past its estimate: the head's reservation is as at the last
  // pass, and time only makes backfilling harder, so the newcomers are the only jobs that may start.
  bool no_job_overdue = pass.running.empty() || pass.running.begin()->first >= pass.now;
  bool head_is_old    = not waiting_.empty() && waiting_.begin()->first < first_new_;
  bool newcomers_only = pass.only_arrivals && no_job_overdue && head_is_old;
  if (not newcomers_only)
    while (not waiting_.empty() && fits_now(pass, waiting_.begin()->second.request.size))
      start_job(waiting_.begin()->first, pass, start);
  if (waiting_.size() > 1)
    backfill(pass, start, newcomers_only);
  first_new_ = next_seq_;
}

EasyBackfilling::Seq EasyBackfilling::first_startable(const LocalPass& pass, EasyReservation& head, Seq from) const
{
  Seq first        = 0;
  double time_left = head.shadow - pass.now; // a job this long or shorter ends by the shadow time
  for (auto it = behind_head_.begin(); it != behind_head_.end() && it->first <= pass.idle; ++it) {
    const SizeClass& size_class = it->second;
    auto consider               = [&](const std::set<Seq>& seqs) {
      auto s = seqs.lower_bound(from);
      if (s != seqs.end() && (first == 0 || *s < first))
        first = *s;
    };
    if (pass.shaped != nullptr && not pass.shaped->fits_now(it->first))
      continue;
    const bool extra_only = pass.shaped == nullptr ? it->first <= head.extra
                                                   : std::isfinite(head.shadow) &&
                                                         pass.shaped->fits_extra(it->first, head.host_extra, false);
    if (extra_only) {
      consider(size_class.all);
      continue;
    }
    for (auto e = size_class.by_estimate.begin(); e != size_class.by_estimate.end() && e->first <= time_left; ++e)
      consider(e->second);
  }
  return first;
}

void EasyBackfilling::backfill(LocalPass& pass, const Start& start, bool newcomers_only)
{
  if (behind_head_.empty() || behind_head_.begin()->first > pass.idle)
    return; // no waiting job fits the idle processors
  EasyReservation head = easy_reservation(waiting_.begin()->second.request.size, pass);
  const Seq from       = newcomers_only ? first_new_ : 0;
  while (Seq seq = first_startable(pass, head, from)) {
    const QueuedLocalJob& job = waiting_.at(seq);
    if (pass.now + job.estimate > head.shadow) {
      // It still runs at the shadow time, on processors the head does not need.
      if (pass.shaped == nullptr)
        head.extra -= job.request.size;
      else
        pass.shaped->fits_extra(job.request.size, head.host_extra, true);
    }
    start_job(seq, pass, start);
  }
}

COALSIM_REGISTER(LocalDisciplines, easy, "easy",
                 "EASY backfilling (Lifka 1995): the head is promised the shadow time, when the running jobs' "
                 "estimated ends free enough processors; a later job, first in queue order first, starts now if it "
                 "ends by then or uses only the extra processors (those free at the shadow time beyond the head's "
                 "need)",
                 [] { return std::make_unique<EasyBackfilling>(); });

} // namespace coalsim
