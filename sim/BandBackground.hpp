/* The experimenters' control of the background load (KOALA paper, Section 7.5): every `interval` seconds,
 * a cluster whose background utilization (other users plus dummies) is below `low` gets dummy jobs up to
 * the middle of the band (as far as idle processors allow); above `high`, dummy jobs are killed down to
 * the middle. Other users' jobs are never touched. */
#pragma once

#include "sim/LocalResourceManager.hpp"

#include <functional>

namespace coalsim {

class BandBackground {
public:
  BandBackground(LocalResourceManager& manager, double low, double high, double interval);
  /** Starts the checks at time 0; they stop once `keep_going` returns false. */
  void start(std::function<bool()> keep_going);
  /** One check (exposed for tests). */
  void adjust();

private:
  void tick();

  LocalResourceManager* manager_;
  double low_, high_, interval_;
  std::function<bool()> keep_going_;
};

} // namespace coalsim
