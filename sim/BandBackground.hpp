/* The experimenters' control of the background load (KOALA paper, Section 7.5): other users' jobs (a
 * synthetic model, optional), and every `band_interval` seconds, a cluster whose background utilization
 * (other users plus dummies) is below the band's low end gets dummy jobs up to the middle of the band (as
 * far as idle processors allow); above its high end, dummy jobs are killed down to the middle. Other users'
 * jobs are never touched. */
#pragma once

#include "sim/BackgroundLoad.hpp"
#include "sim/ExperimentConfig.hpp"
#include "sim/LocalResourceManager.hpp"
#include "sim/SyntheticBackground.hpp"

#include <functional>

namespace coalsim {

class BandBackground : public BackgroundLoad {
public:
  BandBackground(const BackgroundModel& model, LocalResourceManager& manager, uint64_t seed);
  /** Starts the other users' arrivals and the checks at time 0; both stop once `keep_going` returns false. */
  void start(std::function<bool()> keep_going) override;
  uint64_t submitted() const override { return others_.submitted(); }
  bool finite() const override { return false; }
  /** One check (exposed for tests). */
  void adjust();

private:
  void tick();

  SyntheticBackground others_;
  LocalResourceManager* manager_;
  double low_, high_, interval_;
  std::function<bool()> keep_going_;
};

} // namespace coalsim
