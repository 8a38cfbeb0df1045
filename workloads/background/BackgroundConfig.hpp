/* The `background` section: the local users' load on each cluster, one model for all clusters and
 * per-cluster overrides. */
#pragma once

#include "sim/config/KeyList.hpp"
#include "sim/config/KeyLocation.hpp"
#include "sim/config/PerCluster.hpp"
#include "sim/config/Random.hpp"
#include "workloads/TraceReplayConfig.hpp"

#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace coalsim {

class ConfigNode;

/** One cluster's background: the model by its registered name (BackgroundModels.hpp) and the values of the keys
 *  the models read; a model reads only the keys it declares. */
struct BackgroundModel {
  std::string model      = "none"; // a background model's name
  std::string scheduling = "fcfs"; // a local discipline's name
  // band: other users' jobs (synthetic, optional) plus dummy jobs keeping the background in [low, high]
  double band_low = 0.3, band_high = 0.4, band_interval = 60;
  // band: the run is void once the background stays above `band_high` with no dummy job left to kill for this
  // long (the experimenters repeated such runs, 7.5); 0: never
  double band_void_after = 0;
  // band: the other users' model (synthetic, fitted or replay); without it, this model's own synthetic keys
  std::shared_ptr<const BackgroundModel> band_others;
  double utilization = NAN;                 // target fraction of the cluster's processors, or
  std::optional<Distribution> interarrival; // seconds between arrivals
  Distribution size    = Distribution::constant(1);
  Distribution runtime = Distribution::constant(600);
  TraceReplayConfig replay; // the log a replay plays or a fitted model is fitted to
  enum class FittedRuntime { empirical, lognormal } fitted_runtime = FittedRuntime::empirical;
};

struct BackgroundConfig : PerCluster<BackgroundModel> {};

/** The keys of `background`, with those of its subsections. */
const KeyList& background_keys();

/** Reads `background` (written back with its defaults). */
BackgroundConfig read_background(ConfigNode background);

} // namespace coalsim
