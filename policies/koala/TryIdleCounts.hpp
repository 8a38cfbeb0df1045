/* The idle processors a claiming try sees (Algorithm 2): each cluster's as the local resource managers had it when
 * the try began, less what the try counts for the components it will claim, plus what its preemptions free. A try
 * touches a few clusters (its job's components, a re-placement's, its victims') of maybe a thousand, so each cluster
 * is read from the engine at its first use: a try costs what it touches, not the grid's size. That equals a copy of
 * every cluster taken at the try's start because nothing changes a cluster between the two but the try's own
 * preemptions, and a try counts what a victim frees on each of its clusters (reading them) before aborting it. */
#pragma once

#include "sim/api/Claims.hpp"

#include <cstdint>
#include <vector>

namespace coalsim::koala {

class TryIdleCounts {
public:
  /** A new try on `claims`: every cluster is read again at its first use. */
  void begin(const Claims& claims)
  {
    claims_ = &claims;
    ++try_;
  }
  /** Cluster c's idle processors in this try, read from the engine at its first use. */
  int& operator[](ClusterIndex c)
  {
    const auto at = static_cast<size_t>(c);
    if (at >= count_.size()) {
      count_.resize(at + 1, 0);
      read_in_.resize(at + 1, 0);
    }
    if (read_in_[at] != try_) {
      read_in_[at] = try_;
      count_[at]   = claims_->claimable_on(c);
    }
    return count_[at];
  }

private:
  const Claims* claims_ = nullptr;
  std::vector<int> count_;
  std::vector<uint64_t> read_in_; // the try that read count_[c] (0: none)
  uint64_t try_ = 0;
};

} // namespace coalsim::koala
