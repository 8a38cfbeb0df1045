/* The times from which free processors were added to a backfilling profile (an early end, a reservation moved
 * away, a late start's unused window), numbered in the order they happened. A job kind's knowledge that the
 * profile holds no window for it before some time stays true until processors are added: it asks which
 * additions it has not seen, and only the earliest of them matters. */
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

namespace coalsim {

class ReleaseLog {
public:
  /** Processors were added from `from` on. */
  void record(double from);
  /** Nobody will look before t again: the additions from before t count as from t. */
  void forget_before(double t);
  /** The number of additions recorded so far: what a reader has seen. */
  size_t count() const { return count_; }
  /** The earliest `from` of the additions numbered `seen` and after; infinite if there are none. */
  double earliest_since(size_t seen) const;
  void clear();

private:
  struct Addition {
    size_t number;
    double from;
  };
  // The additions that are earlier than every later one (a monotonic stack): the earliest since any number is
  // the first of them numbered at or after it. Once the profile moves on, the additions before its origin are
  // one, so the stack stays short.
  std::vector<Addition> earliest_;
  size_t count_ = 0;
};

} // namespace coalsim
