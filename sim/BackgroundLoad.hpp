/* Local jobs of other users on each cluster: a synthetic workload with Poisson-like arrivals (an
 * inter-arrival distribution, or the rate that gives a target utilization), and size and runtime
 * distributions. Arrivals are generated one at a time, so memory does not grow with the run. */
#pragma once

#include "sim/ExperimentConfig.hpp"
#include "sim/LocalResourceManager.hpp"
#include "sim/Random.hpp"

#include <functional>
#include <memory>
#include <vector>

namespace coalsim {

class BackgroundLoad {
public:
  BackgroundLoad(const BackgroundModel& model, LocalResourceManager& manager, uint64_t seed);
  /** Starts the arrivals at time 0; they stop once `keep_going` returns false. */
  void start(std::function<bool()> keep_going);
  /** The mean inter-arrival time used (s); +inf without load. */
  double mean_interarrival() const { return mean_interarrival_; }
  uint64_t submitted() const { return submitted_; }

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

} // namespace coalsim
