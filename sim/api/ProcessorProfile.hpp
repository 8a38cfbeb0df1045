/* A profile of free processors over future time: a step function from `origin` on, changed by what is
 * expected to start and end. Backfilling plans with it: a job's reservation is the earliest window in which
 * its processors are free for its whole estimated run (Mu'alem and Feitelson 2001). */
#pragma once

#include <cmath>
#include <vector>

namespace coalsim {

class ProcessorProfile {
public:
  /** `free` processors from `origin` on, for ever. */
  ProcessorProfile(double origin, int free);

  double origin() const { return steps_[first_].time; }
  /** Free processors at time t (t >= origin). */
  int free_at(double t) const;
  /** Adds `count` processors (negative: removes them) over [from, until); until may be infinite. */
  void add(double from, double until, int count);
  /** `count` processors held over [from, from + duration) are held over [to, to + duration) instead (the same as
   *  giving them back and taking them again, but only where the two windows differ is the profile touched).
   *  Returns where processors were added: the start of the stretch given back, infinite if none was. */
  double move(double from, double to, double duration, int count);
  /** Processors counted as free over [from, until) on top of the profile. */
  struct Extra {
    double from, until;
    int count;
  };
  /** The earliest start s >= from, s < before, at which `size` processors are free over [s, s + duration);
   *  infinite if none. `extra` is counted as free too: a job's own reservation, when asking whether it could
   *  move, without taking it out of the profile and putting it back. */
  double earliest(int size, double duration, double from, double before = INFINITY,
                  Extra extra = {INFINITY, INFINITY, 0}) const;
  /** The fewest free processors over [from, until) (from >= origin; at from alone when until <= from). */
  int min_free(double from, double until) const;
  /** The first time s in [from, before) at which at least `size` processors are free; infinite if none. */
  double first_free(int size, double from, double before) const;
  /** The start of the stretch of time ending at t (t >= origin) over which at least `size` processors are free
   *  throughout: t itself if fewer are free just before t, the origin at the earliest. */
  double stretch_start(int size, double t) const;
  /** The first time after t at which the free count changes; infinite if it never does. */
  double next_change(double t) const;
  /** Drops what lies before t (t >= origin): the profile starts at t. */
  void forget_before(double t);
  /** Number of steps (for tests and benchmarks). */
  size_t steps() const { return steps_.size() - first_; }

private:
  struct Step {
    double time; // from this time to the next step's
    int free;
  };
  using Iterator = std::vector<Step>::const_iterator;
  /** The first step beginning after t. */
  Iterator after(double t) const;
  /** The index of the step holding t (t >= origin). */
  size_t holding(double t) const;
  /** The first instant in [t, limit) at which at least `size` processors are free (`enough`), or fewer
   *  (not `enough`), counting `extra`; `limit` if none. `i` holds t's step on entry, the answer's on return. */
  template <bool enough> double find(double t, size_t& i, int size, double limit, const Extra& extra) const;
  /** The index of the step holding t; splits it so that one begins at t. */
  size_t split(double t);
  // The steps in time order, from steps_[first_] on: a flat array, because backfilling walks the profile far
  // more often than it changes it; the steps forgotten at the front are dropped in bulk.
  std::vector<Step> steps_;
  size_t first_ = 0;
};

} // namespace coalsim
