/* A wait-queue of jobs in arrival order, tried FCFS (only the head) or FPFS (the first jobs that fit), with
 * each job's submission and completion failures counted: a failure sends the job back to the tail, or at
 * the maximum removes it (DCS thesis 4.3.4, 4.3.5). The wait-queue of QueuedPolicy and of the DCS
 * scheduler, so that both count and re-queue alike; what a placement is, and what to report for a removed
 * job, stays with them.
 *
 * Cost: the jobs not yet screened (pushed or re-queued since the last screen_new()) are kept apart, so that
 * screening costs O(new jobs), not O(queue); offer() does not ask the caller to place a job that cannot fit
 * the room it was given (an O(1) check on sizes kept with each waiting job). */
#pragma once

#include "sim/api/Job.hpp"

#include <climits>
#include <list>
#include <string>
#include <unordered_map>
#include <vector>

namespace coalsim {

class WaitQueue {
public:
  /** FCFS offers only the head; the others go on after a job that was not placed: FPFS places the first jobs that
   *  fit, EASY and conservative backfilling (GridBackfilling) those that also delay no reservation. */
  enum class Discipline { fcfs, fpfs, easy, conservative };
  /** The values of the `queue` policy parameter, in the order of Discipline. */
  static const std::vector<std::string>& discipline_names();
  static Discipline discipline_from_name(const std::string& name);
  static bool backfilling(Discipline d) { return d == Discipline::easy || d == Discipline::conservative; }
  struct Limits {
    int max_submission_failures = 0; // 0: no limit
    int max_completion_failures = 0; // 0: no limit
  };
  /** What a failure did to a job: sent it back to the tail, or removed it at the maximum. */
  struct Outcome {
    bool removed                          = false;
    int failures                          = 0; // of the failure's kind, this one included
    bool operator==(const Outcome&) const = default;
  };

  /** The most processors a placement could take before a scan: on one cluster, and over all of them. */
  struct Room {
    int largest;
    int total;
    /** The room of idle counts (negative ones count as none). */
    static Room of(const std::vector<int>& idle);
    /** No bound: every job is offered. */
    static Room unbounded() { return {INT_MAX, INT_MAX}; }
  };

  WaitQueue(Discipline discipline, Limits limits) : discipline_(discipline), limits_(limits) {}

  /** A job arrived: to the tail, with no failures. */
  void push(const JobSpec& job) { append(job, {}); }

  /** Offers the waiting jobs in queue order to `place(const JobSpec&) -> bool`, which says whether it
   *  placed the job. A placed job leaves the queue (its failure counts are kept until its outcome). FCFS
   *  stops at the first job not placed, FPFS goes on; the jobs not placed are appended to `not_placed`.
   *  With `stop_after_placement` the scan ends at the first placed job.
   *  `room` is what the idle processors allowed when the scan began (placements only take processors): a
   *  job with a component larger than `room.largest` (each component goes whole to one cluster) or more
   *  processors than `room.total` is not placed without asking `place`. This assumes what every placement
   *  rule here does: a job whose largest component fits no cluster fails at its first step, before any
   *  side effect. */
  template <class Place>
  void offer(Place&& place, std::vector<JobId>& not_placed, bool stop_after_placement = false,
             Room room = {INT_MAX, INT_MAX})
  {
    for (auto it = waiting_.begin(); it != waiting_.end();) {
      if (it->largest <= room.largest && it->total <= room.total && place(*it->job)) {
        hand_out(it->job->id, it->failures);
        erase(it++);
        if (stop_after_placement)
          return;
        continue;
      }
      not_placed.push_back(it->job->id);
      if (discipline_ == Discipline::fcfs)
        return;
      ++it;
    }
  }

  /** Removes the waiting jobs for which `pred(const JobSpec&)` holds (with their failure counts); returns
   *  them, in queue order. */
  template <class Pred> std::vector<const JobSpec*> remove_if(Pred&& pred) { return remove_where(pred, false); }
  /** As remove_if(), but asks only about the jobs not asked about before (those pushed or re-queued since). */
  template <class Pred> std::vector<const JobSpec*> screen_new(Pred&& pred) { return remove_where(pred, true); }

  /** A placed job's submission failed: it goes back to the tail with one more submission failure, or is
   *  removed (and forgotten) when that reaches the maximum. */
  Outcome submission_failed(const JobSpec& job);
  /** A started job's run failed: as submission_failed(), with its completion failures. */
  Outcome completion_failed(const JobSpec& job);
  /** Takes the waiting job `id` out of the queue, with its failure counts (the engine withdrew it). */
  void withdraw(JobId id);
  /** The failure counts of a placed job are no longer needed (it started and cannot fail again). */
  void forget(JobId id) { handed_out_.erase(id); }
  /** Placed jobs whose failure counts are kept (for tests). */
  size_t remembered() const { return handed_out_.size(); }

  size_t size() const { return waiting_.size(); }
  bool empty() const { return waiting_.empty(); }
  /** Waiting jobs that screen_new() would ask about (for tests). */
  size_t unscreened() const { return unscreened_.size(); }

private:
  struct Failures {
    int submission = 0;
    int completion = 0;
  };
  struct Waiting {
    const JobSpec* job;
    Failures failures;
    int largest   = 0;     // processors of its largest component (1: a flexible job, split as clusters have room)
    int total     = 0;     // processors of all its components
    bool screened = false; // asked about by remove_if() or screen_new(), so not in unscreened_
  };
  using Position = std::list<Waiting>::iterator;

  template <class Pred> std::vector<const JobSpec*> remove_where(Pred& pred, bool new_only)
  {
    std::vector<const JobSpec*> removed;
    auto ask = [&](Position it) {
      it->screened = true;
      if (pred(*it->job)) {
        removed.push_back(it->job);
        unlink(it);
      }
    };
    if (new_only) {
      for (Position it : unscreened_) // in queue order: jobs only ever join at the tail
        ask(it);
    } else {
      for (auto it = waiting_.begin(); it != waiting_.end();)
        ask(it++); // past it before it may be erased
    }
    unscreened_.clear();
    return removed;
  }
  void append(const JobSpec& job, const Failures& failures);
  /** Takes `it` out of waiting_, its node kept in spare_ for a job that joins later (no allocation per job). */
  void unlink(Position it)
  {
    if (spare_.size() < max_spare)
      spare_.splice(spare_.end(), waiting_, it);
    else
      waiting_.erase(it);
  }
  /** Takes a job out of the queue (and out of unscreened_ if it was never screened). */
  void erase(Position it);
  void hand_out(JobId id, const Failures& failures);
  Failures take_back(JobId id);
  /** Back to the tail with `failures`, unless `count` (of the failure's kind) reached `max` (0: none). */
  Outcome requeue(const JobSpec& job, const Failures& failures, int count, int max);

  Discipline discipline_;
  Limits limits_;
  std::list<Waiting> waiting_;
  static constexpr size_t max_spare = 16;
  std::list<Waiting> spare_;         // nodes of jobs that left the queue (unlink())
  std::vector<Position> unscreened_; // jobs pushed or re-queued since they were last screened, in queue order
  std::unordered_map<JobId, Failures> handed_out_; // placed jobs with failures so far (none: not kept)
};

} // namespace coalsim
