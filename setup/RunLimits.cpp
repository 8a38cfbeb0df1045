#include "setup/RunLimits.hpp"

#include "sim/config/InputError.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_setup_run_limits, coalsim_setup, "RunLimits");

#include <simgrid/kernel/Timer.hpp>

namespace coalsim {

namespace {

/** The largest value a distribution gives, or its mean when it is unbounded (a lognormal may draw past the
 *  horizon by chance; the run then stops at that draw). */
double typical_max(const Distribution& d)
{
  double most = d.max_value();
  return std::isfinite(most) ? most : d.mean();
}

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
  if (not config.workload.replay) {
    check(typical_max(config.workload.runtime), "workload.runtime", workload_origin("runtime"), "a run time of");
    check(config.workload.start, "workload.start", workload_origin("start"), "a start at");
  }
  auto check_background = [&](const BackgroundModel& model, const std::string& key, const std::string& origin) {
    if (model.kind == BackgroundModel::Kind::synthetic || model.kind == BackgroundModel::Kind::band) {
      check(typical_max(model.runtime), key + ".runtime", origin, "a run time of");
      if (model.interarrival)
        check(typical_max(*model.interarrival), key + ".interarrival", origin, "an interarrival time of");
    }
    if (model.kind == BackgroundModel::Kind::band)
      check(model.band_interval, key + ".band_interval", origin, "an interval of");
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
  // SimGrid frees a timer only when it fires: those still pending would leak.
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
