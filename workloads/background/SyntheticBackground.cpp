#include "workloads/background/SyntheticBackground.hpp"

#include "sim/config/ConfigNode.hpp"
#include "sim/engine/Clock.hpp"
#include "workloads/background/BackgroundModels.hpp"

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

std::vector<ParameterSpec> synthetic_job_parameters(const std::string& whose)
{
  using Type = ParameterSpec::Type;
  return {{"utilization", Type::number, "-", "0..1 (below 1)",
           whose + "target fraction of the cluster's processors kept busy (or interarrival, not both)", "fraction"},
          {"interarrival", Type::distribution, "-", "mean >= 0.001",
           whose + "distribution of the time between local arrivals (or utilization, not both)", "s"},
          {"size", Type::distribution, "1", ">= 1", whose + "distribution of local job sizes, capped at the cluster's",
           "processors"},
          {"runtime", Type::distribution, "600", ">= 0 (mean >= 0.001 with utilization)",
           whose + "distribution of local job runtimes", "s"}};
}

std::vector<BackgroundTime> synthetic_job_times(const BackgroundModel& model)
{
  std::vector<BackgroundTime> times = {{"runtime", typical_max(model.runtime), "a run time of"}};
  if (model.interarrival)
    times.push_back({"interarrival", typical_max(*model.interarrival), "an interarrival time of"});
  return times;
}

COALSIM_REGISTER(BackgroundModels, synthetic, "synthetic",
                 "other users' jobs drawn from distributions: arrivals (an inter-arrival distribution, or the "
                 "exponential rate that gives a utilization), sizes and runtimes",
                 [](const BackgroundModel& model, LocalResourceManager& manager, uint64_t seed,
                    const BackgroundModels::LogLocator&) {
                   return std::make_unique<SyntheticBackground>(model, manager, seed);
                 },
                 synthetic_job_parameters(""),
                 {.check =
                      [](ConfigNode& node, const BackgroundModel& model) {
                        if (std::isnan(model.utilization) && not model.interarrival)
                          node.fail("a synthetic background needs utilization or interarrival");
                      },
                  .times = synthetic_job_times});

} // namespace coalsim
