/* The experimenters' control of the background load (KOALA paper, Section 7.5): other users' jobs (a
 * synthetic model, optional), and every `band_interval` seconds, a cluster whose background utilization
 * (other users plus dummies) is below the band's low end gets dummy jobs up to the middle of the band (as
 * far as idle processors allow); above its high end, dummy jobs are killed down to the middle. Other users'
 * jobs are never touched. With `band_void_after` > 0, checks that find the background above the high end with
 * no dummy job left to kill, for at least that long (the first such check to the current one), make the run
 * void: "the experiment is declared void and is repeated" (7.5). The run goes on; the trace says so. */
#pragma once

#include "sim/engine/LocalResourceManager.hpp"
#include "workloads/background/BackgroundConfig.hpp"
#include "workloads/background/BackgroundLoad.hpp"

#include <functional>
#include <memory>
#include <optional>

namespace coalsim {

class BandBackground : public BackgroundLoad {
public:
  /** `others`: the other users' jobs on this cluster (any other model; may submit nothing). */
  BandBackground(const BackgroundModel& model, LocalResourceManager& manager, std::unique_ptr<BackgroundLoad> others);
  /** Starts the other users' arrivals and the checks at time 0; both stop once `keep_going` returns false. */
  void start(std::function<bool()> keep_going) override;
  uint64_t submitted() const override { return others_->submitted(); }
  uint64_t too_large() const override { return others_->too_large(); }
  bool finite() const override { return false; }
  /** One check (exposed for tests). */
  void adjust();
  std::optional<double> voided_at() const override { return voided_at_; }

private:
  void tick();

  std::unique_ptr<BackgroundLoad> others_;
  LocalResourceManager* manager_;
  double low_, high_, interval_, void_after_;
  std::function<bool()> keep_going_;
  std::optional<double> above_without_dummies_since_; // the first of the checks in a row that found it so
  std::optional<double> voided_at_;
};

} // namespace coalsim
