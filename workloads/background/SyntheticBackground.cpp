#include "workloads/background/SyntheticBackground.hpp"

#include "sim/engine/Clock.hpp"

#include <algorithm>
#include <cmath>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_background_synthetic_background, coalsim_background, "SyntheticBackground");

namespace coalsim {

SyntheticBackground::SyntheticBackground(const BackgroundModel& model, LocalResourceManager& manager, uint64_t seed)
    : model_(model)
    , manager_(&manager)
    , rng_(seed, "background." + manager.cluster().name)
{
  if (model_.kind == BackgroundModel::Kind::none)
    return;
  if (model_.interarrival) {
    interarrival_ = *model_.interarrival;
  } else if (model_.utilization > 0) {
    // Utilization = arrival rate * E[size] * E[runtime] / processors, with the sizes as drawn (rounded and
    // capped at the cluster's processors, see arrive()).
    double mean_size = model_.size.mean_of_sizes(1, manager.largest_job());
    double work      = mean_size * model_.runtime.mean();
    double rate      = model_.utilization * manager.processors() / work;
    interarrival_    = Distribution::exponential(1.0 / rate);
  }
  mean_interarrival_ = interarrival_.mean();
}

void SyntheticBackground::start(std::function<bool()> keep_going)
{
  keep_going_ = std::move(keep_going);
  if (std::isfinite(mean_interarrival_))
    at(interarrival_.sample(rng_), [this] { arrive(); });
}

void SyntheticBackground::arrive()
{
  if (not keep_going_())
    return;
  const int size = rounded_within(model_.size.sample(rng_), 1, manager_->largest_job());
  manager_->submit_background({size, model_.runtime.sample(rng_)});
  ++submitted_;
  at(now() + interarrival_.sample(rng_), [this] { arrive(); });
}

} // namespace coalsim
