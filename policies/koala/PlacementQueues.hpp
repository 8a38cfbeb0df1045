/* KOALA's four placement queues (Mohamed and Epema 2008, Section 5.2): one per priority, scanned in the pattern
 * N_h x (super-high n1 times, high n2 times), then N_l x (low n3 times, super-low n4 times); a limit on
 * placement tries; promotion one level up after every P tries (super-low jobs never move). */
#pragma once

#include "sim/api/Job.hpp"

#include <array>
#include <cstddef>
#include <list>
#include <optional>
#include <vector>

namespace coalsim::koala {

struct QueueSettings {
  int N_h = 1, N_l = 1;
  std::array<int, 4> n{1, 1, 1, 1}; // n1..n4: scans of super-high, high, low, super-low in a turn
  int max_tries     = 0;            // a job fails at its try in the queues that exceeds this (0: no limit)
  int promote_after = 0;            // P: tries between promotions (0: never, the paper's infinity)
};

class PlacementQueues {
public:
  struct Entry {
    const JobSpec* job;
    Priority level; // current queue (may be above the job's own priority after promotions)
    int tries = 0;  // placement tries in the queues so far
  };

  explicit PlacementQueues(QueueSettings settings);
  /** The scan pattern as a sequence of queues, one per scan (length N_h(n1+n2) + N_l(n3+n4)). */
  const std::vector<Priority>& pattern() const { return pattern_; }

  /** Appends to the tail of the queue of `level`. */
  void push(const JobSpec& job, Priority level, int tries = 0);
  /** The queue to scan next: the pattern's next entry, passing over empty queues (a scan of an empty
   *  queue takes no time); none when all queues are empty. Advances the pattern. */
  std::optional<Priority> next_scan();
  std::list<Entry>& queue(Priority level) { return queues_[static_cast<size_t>(level)]; }
  size_t size() const;

  /** Counts a failed placement try of the entry: promotes it (moving it to the tail of the next queue
   *  up, returning true) after every P tries. */
  bool count_failed_try(std::list<Entry>::iterator entry, Priority level);
  /** Takes the job out of whichever queue holds it. */
  void remove(JobId job);
  /** True when the entry has used up its placement tries. */
  bool exhausted(const Entry& entry) const { return settings_.max_tries > 0 && entry.tries >= settings_.max_tries; }

private:
  QueueSettings settings_;
  std::array<std::list<Entry>, 4> queues_;
  std::vector<Priority> pattern_;
  size_t position_ = 0;
};

} // namespace coalsim::koala
