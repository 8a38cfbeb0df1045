#include "setup/RunLimits.hpp"

#include "sim/config/InputError.hpp"
#include "workloads/WorkloadGenerators.hpp"
#include "workloads/background/BackgroundModels.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_setup_run_limits, coalsim_setup, "RunLimits");

#include <simgrid/kernel/Timer.hpp>

namespace coalsim {

namespace {

void check(double seconds, const std::string& key, const std::string& origin, const std::string& what)
{
  check_within_horizon(seconds, "key", key, origin, what);
}

} // namespace

void check_run_limits(const ExperimentConfig& config)
{
  const std::string& file = config.source;
  auto workload_origin    = [&](const std::string& key) {
    KeyLocation at = config.workload.location(key);
    return at.given() ? at.where() : file;
  };
  check(config.info_service.poll_interval, "info_service.poll_interval", file, "a poll interval of");
  check(config.info_service.bandwidth_expiry, "info_service.bandwidth_expiry", file, "an expiry of");
  check(typical_max(config.overheads.submission), "overheads.submission",
        config.overheads.submission_location.given() ? config.overheads.submission_location.where() : file,
        "an overhead of");
  check(typical_max(config.overheads.completion), "overheads.completion", file, "an overhead of");
  check(config.trace.sample_interval, "trace.sample_interval", file, "a sample interval of");
  if (const auto& times = generator_traits(config.workload).times)
    for (const auto& time : times(config.workload))
      check(time.seconds, "workload." + time.key, workload_origin(time.key), time.what);
  auto check_background = [&](const BackgroundModel& model, const std::string& key, const std::string& origin) {
    const auto& times = Registry<BackgroundModels>::instance().at(model.model).traits.times;
    if (times)
      for (const auto& time : times(model))
        check(time.seconds, key + "." + time.key, origin, time.what);
  };
  check_background(config.background.defaults, "background", file);
  for (const auto& [name, model] : config.background.per_cluster) {
    auto at = config.background.cluster_locations.find(name);
    check_background(model, "background.clusters." + name,
                     at != config.background.cluster_locations.end() && at->second.given() ? at->second.where() : file);
  }
}

void abandon_run(ActivityTracker& tracker)
{
  // Transfers and parallel tasks in flight are cancelled and the engine runs what is due now, so that SimGrid
  // meets no running action when it is torn down; a timer due now may fail again.
  for (int attempt = 0; attempt < 1000; ++attempt) {
    try {
      tracker.cancel_all_and_settle();
      break;
    } catch (const std::exception&) {
    }
  }
  // SimGrid frees a timer only when it fires: those still pending would leak. Taking back the timer queue's own
  // drops its entries too (TimerQueue.hpp).
  auto& timers = simgrid::kernel::timer::kernel_timers();
  while (not timers.empty())
    timers.top().second->remove();
}

void throw_beyond_horizon(const TimeHorizonError& error, const ExperimentConfig& config, ActivityTracker& tracker)
{
  abandon_run(tracker);
  throw InputError("Invalid experiment '" + config.source + "': the run stopped at " + describe_seconds(error.now()) +
                   " of simulated time: " + error.what() +
                   "; a run time, overhead, interval, latency or bandwidth of the experiment or its platform, or a "
                   "replayed log, puts it there (see docs/errors.md)");
}

} // namespace coalsim
