/* What a local discipline asks of its cluster when jobs are shaped (JobShape.hpp): whether a job fits the free
 * cores host by host, and where it would fit later as the running jobs end. A discipline sees a job's size (the
 * cores it holds); its cluster's shape policy gives the shape. Every question goes through one predicate (first fit
 * by host index, or best fit: ShapeFit.hpp), so the disciplines and the manager that starts the jobs agree on which
 * hosts a job takes. Without shapes (every job a pool job) a pass has none of this, and the disciplines count
 * processors. */
#pragma once

#include "sim/api/ProcessorProfile.hpp"

#include <cmath>
#include <functional>
#include <vector>

namespace coalsim {

/** Cores taken on one host (its index in the cluster). */
struct HostCores {
  int host;
  int cores;
  bool operator==(const HostCores&) const = default;
};

class ShapedCapacity {
public:
  virtual ~ShapedCapacity() = default;

  /** Whether a job of `size` cores fits the free cores now. */
  virtual bool fits_now(int size) const = 0;

  /** EASY's reservation for the head in host terms: the shadow time is the earliest estimated end of the running
   *  local jobs (every job estimated to end by then counted) at which the head fits; `extra` is each host's free
   *  cores then beyond what the head takes there (as the predicate places it). Infinite shadow: no estimated end makes
   * room. */
  struct HeadReservation {
    double shadow = INFINITY;
    std::vector<int> extra;
  };
  virtual HeadReservation reserve_head(int head_size, double now) const = 0;
  /** Whether a job of `size`, placed now (by the predicate), takes on every host at most its `extra` cores (so that it
   *  may run past the shadow time); with `commit`, takes them from `extra`. */
  virtual bool fits_extra(int size, std::vector<int>& extra, bool commit) const = 0;

  /** Conservative planning: each host's free cores from `now` on, each running local job's cores freed at its
   *  estimated end (one past it: now). */
  virtual std::vector<ProcessorProfile> host_profiles(double now) const = 0;
  /** The earliest start s >= from at which a job of `size` fits over [s, s + duration) in `profiles`, and the
   *  cores it takes host by host then (into `take`); infinite (and `take` empty) if it never does. */
  virtual double earliest(int size, double duration, double from, const std::vector<ProcessorProfile>& profiles,
                          std::vector<HostCores>& take) const = 0;
  /** Whether the cores `take` are free now (a running job past its estimate may still hold some). */
  virtual bool free_now(const std::vector<HostCores>& take) const = 0;
};

} // namespace coalsim
