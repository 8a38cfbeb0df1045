/* Synthetic local load: Poisson-like arrivals (an inter-arrival distribution, or the exponential rate that
 * gives a target utilization), and size and runtime distributions. */
#pragma once

#include "sim/config/Random.hpp"
#include "sim/engine/LocalResourceManager.hpp"
#include "workloads/background/BackgroundConfig.hpp"
#include "workloads/background/BackgroundLoad.hpp"
#include "workloads/background/BackgroundModels.hpp"

#include <string>
#include <vector>

namespace coalsim {

class SyntheticBackground : public BackgroundLoad {
public:
  SyntheticBackground(const BackgroundModel& model, LocalResourceManager& manager, uint64_t seed);
  void start(std::function<bool()> keep_going) override;
  uint64_t submitted() const override { return submitted_; }
  bool finite() const override { return not std::isfinite(mean_interarrival_); }
  /** The mean inter-arrival time used (s); +inf without load. */
  double mean_interarrival() const { return mean_interarrival_; }

private:
  void arrive();

  BackgroundModel model_;
  LocalResourceManager* manager_;
  RngStream rng_;
  Distribution interarrival_ = Distribution::constant(INFINITY);
  double mean_interarrival_  = INFINITY;
  uint64_t submitted_        = 0;
  std::function<bool()> keep_going_;
};

/** The keys of synthetic jobs (utilization or interarrival, size, runtime), for every model that draws them;
 *  `whose` begins their help ("" or "own users: "). */
std::vector<ParameterSpec> synthetic_job_parameters(const std::string& whose);

/** The simulated times the synthetic jobs' keys set (the largest runtime and inter-arrival time). */
std::vector<BackgroundTime> synthetic_job_times(const BackgroundModel& model);

} // namespace coalsim
