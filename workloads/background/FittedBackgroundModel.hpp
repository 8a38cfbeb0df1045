/* A synthetic local load fitted to a real log, for clusters whose own logs are missing (e.g. DAS-2 fs0 and
 * fs2-fs4 from the fs1 log): exponential inter-arrival times with the log's mean (times `time_scale`), the
 * log's size distribution (scaled like a replay, capped at the cluster), and its run times, either the
 * observed ones (empirical: keeps the log's utilization) or the fitted lognormal (smoother, but its mean can
 * be far from the observed one for heavy-tailed logs). The log's window and partition select what is fitted.
 * With `utilization` set, the arrival rate is the one that gives it with the fitted sizes and runtimes (e.g. a
 * busier season than the log's average). */
#pragma once

#include "workloads/background/BackgroundConfig.hpp"
#include "workloads/swf/LocalLoadFit.hpp"

#include <string>

namespace coalsim {

struct FittedBackground {
  LocalLoadModel fit;    // as fitted on the (scaled) log
  BackgroundModel model; // the synthetic model a cluster of `processors` runs
};

/** Fits `model.replay`'s log (the resolved `path`) for a cluster of `processors`. Throws InputError when the
 *  log cannot be read or has fewer than two usable jobs in the window. */
FittedBackground fit_background(const BackgroundModel& model, const std::string& path, int processors);

} // namespace coalsim
