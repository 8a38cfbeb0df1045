#include "workloads/background/FittedBackgroundModel.hpp"

#include "workloads/TraceReplay.hpp"

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

  out.model      = model;
  out.model.kind = BackgroundModel::Kind::synthetic;
  if (std::isnan(model.utilization))
    out.model.interarrival = out.fit.arrival();
  else
    out.model.interarrival.reset(); // the rate that gives the utilization asked for, with the log's sizes and runtimes
  out.model.size    = out.fit.size();
  out.model.runtime = model.fitted_runtime == BackgroundModel::FittedRuntime::empirical ? out.fit.runtime_empirical()
                                                                                        : out.fit.runtime();
  return out;
}

} // namespace coalsim
