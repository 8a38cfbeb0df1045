#include "workloads/background/FittedBackgroundModel.hpp"

#include "sim/config/ConfigNode.hpp"
#include "workloads/TraceReplay.hpp"
#include "workloads/background/BackgroundModels.hpp"
#include "workloads/background/SyntheticBackground.hpp"

#include <algorithm>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_background_fitted_background_model, coalsim_background,
                                "FittedBackgroundModel");

namespace coalsim {

FittedBackground fit_background(const BackgroundModel& model, const std::string& path, int processors)
{
  TraceReplay trace(model.replay, path, processors);
  LocalLoadFit fitter;
  ReplayedJob job;
  while (trace.next(job)) {
    TraceJob fitted;
    fitted.submit_time = job.submit_time; // on the simulated clock: time_scale is applied
    fitted.run_time    = job.runtime;
    fitted.processors  = std::min(job.processors, processors);
    fitter.add(fitted);
  }
  FittedBackground out;
  out.fit = fitter.fit(TraceClock::from_header(trace.header()), path);

  out.model       = model;
  out.model.model = "synthetic";
  if (std::isnan(model.utilization))
    out.model.interarrival = out.fit.arrival();
  else
    out.model.interarrival.reset(); // the rate that gives the utilization asked for, with the log's sizes and runtimes
  out.model.size    = out.fit.size();
  out.model.runtime = model.fitted_runtime == BackgroundModel::FittedRuntime::empirical ? out.fit.runtime_empirical()
                                                                                        : out.fit.runtime();
  return out;
}

COALSIM_REGISTER(
    BackgroundModels, fitted, "fitted",
    "synthetic load fitted to a log, for clusters whose own logs are missing: exponential arrivals at the log's rate "
    "(or the one that gives `utilization`), the log's sizes, its observed or fitted run times",
    [](const BackgroundModel& model, LocalResourceManager& manager, uint64_t seed,
       const BackgroundModels::LogLocator& locate) {
      return std::make_unique<SyntheticBackground>(
          fit_background(model, locate(model.replay), manager.processors()).model, manager, seed);
    },
    {{"trace", ParameterSpec::Type::section, "-", "", "the log to fit, with its window and scaling"},
     {"fitted_runtime", ParameterSpec::Type::choice, "empirical", "empirical|lognormal",
      "run times drawn from the log's observed ones (keeps its utilization) or from the fitted lognormal"},
     {"utilization", ParameterSpec::Type::number, "-", "0..1 (below 1)",
      "the level to scale the log's arrival rate to (default: the log's own rate)", "fraction"}},
    {.check = [](ConfigNode& node, const BackgroundModel&) {
      if (node.has("interarrival") || node.has("size") || node.has("runtime"))
        node.fail("a fitted model takes its arrivals, sizes and runtimes from the trace; remove interarrival, "
                  "size and runtime here (utilization may set the level)");
    }});

} // namespace coalsim
