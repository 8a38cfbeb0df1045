/* Conservative backfilling (Mu'alem and Feitelson 2001): every waiting job holds a reservation in a profile
 * of future free processors, made at its arrival at the earliest time its processors are free for its
 * estimated run given the running jobs and the reservations before it. A job starts when its reservation
 * comes; it starts early only by moving into room nobody before it holds. When a job ends before its
 * estimated end, the reservations are compressed: in queue order, each moves to the earliest time it fits,
 * never later than it was. Processors taken or given back with no estimated end (grid components, dummy
 * jobs, failed hosts, outages) change the profile for ever: the reservations are kept where they still fit
 * and the others moved to the earliest time they do.
 * A compression visits every waiting job, but most cannot move: what each kind of job (size and estimate) knows
 * of the profile lets their searches begin late or not at all, with the same schedule (bench/README.md, (f)).
 * With shaped jobs (JobShape.hpp) the profile is one per host (ConservativeByHost.cpp): at every pass each waiting
 * job, in queue order, is planned again from now at the earliest time it fits by its shape on the hosts' profiles
 * (by the cluster's host selection), and a job whose reservation is now starts on the hosts it reserved. */
#pragma once

#include "sim/api/LocalQueue.hpp"
#include "sim/api/ProcessorProfile.hpp"

#include "sim/engine/ReleaseLog.hpp"

#include <limits>
#include <list>
#include <map>
#include <optional>
#include <utility>

namespace coalsim {

class ConservativeBackfilling : public LocalQueue {
public:
  /** How a job's search for an earlier window begins: where its kind's knowledge allows, or from now every time
   *  (slower, the same schedule: what tests check the knowledge against). */
  enum class Search { remembering, from_now };
  explicit ConservativeBackfilling(Search search = Search::remembering) : search_(search) {}
  void push(const QueuedLocalJob& job) override;
  /** Every arrival is planned at once: its reservation is made at its arrival. */
  bool arrival_may_start(const QueuedLocalJob&, int) const override { return true; }
  void pass(LocalPass& pass, const Start& start) override;
  void ended(double estimated_end, int size, double now) override;
  size_t size() const override { return waiting_.size(); }
  const QueuedLocalJob& head() const override { return waiting_.front().job; }
  /** The earliest reservation still to come (one compression can leave it at an instant when nothing happens). */
  double next_due() const override { return next_due_; }

  /** The reservation of the i-th waiting job (for tests): its start, infinite if it has none yet. */
  double reservation(size_t i) const;

private:
  /** What is known of the profile for one kind of job (size and estimate), so that its jobs need not search it
   *  from now each time: no window of its size and length begins before `none_before`, as of the
   *  `seen`-th addition of free processors. */
  struct KindKnowledge {
    double none_before = -INFINITY;
    size_t seen        = 0;
  };
  struct Waiting {
    QueuedLocalJob job;
    KindKnowledge* kind;
    double start = NAN; // the reservation: [start, start + estimate); NaN until the job is first planned
  };
  /** The profile rebuilt from the running jobs, and every waiting job planned again in queue order. */
  void replan(const LocalPass& pass);
  /** Moves each reservation, in queue order, to the earliest time it fits (not later, if it fitted). */
  void compress(double now);
  void reserve(Waiting& w, double now);
  /** Where a search for a window of `w`'s kind may begin: the kind's knowledge brought up to date with the
   *  processors added since it was gained. */
  double no_window_before(const Waiting& w, double now);
  /** Processors were added to the profile over [from, until). */
  void add_free(double from, double until, int count);
  /** With shaped jobs: every waiting job planned again in queue order on the hosts' profiles, and those whose
   *  reservation is now started on the hosts they reserved. */
  void pass_by_host(LocalPass& pass, const Start& start);
  /** Starts the jobs whose reservation has come, if their processors are idle. */
  void start_due(LocalPass& pass, const Start& start);

  Search search_;
  std::list<Waiting> waiting_;
  std::map<std::pair<int, double>, KindKnowledge> kinds_; // by size and estimate; nodes stay put
  ReleaseLog releases_;
  size_t unplanned_ = 0;        // the last jobs of the queue, pushed since the last pass
  double next_due_  = INFINITY; // the earliest reservation still to come: no job falls due before it
  // The smallest job whose reservation has come but that could not start for want of idle processors (a running
  // job past its estimate holds them): no late job starts while fewer are idle.
  int smallest_late_ = std::numeric_limits<int>::max();
  std::optional<ProcessorProfile> profile_;
  bool improved_ = false; // a job ended before its estimated end since the last pass
};

} // namespace coalsim
