/* Fitting a local (background) load model to a workload trace: arrivals, job sizes and run times, as coalsim
 * Distributions and as the YAML the background-load configuration reads:
 *
 *   interarrival: {dist: exponential, mean: 612.3}
 *   size: {dist: choice, values: [1, 2, 4], weights: [0.5, 0.3, 0.2]}
 *   runtime: {dist: lognormal, mu: 5.1, sigma: 2.0}
 *
 * Arrivals: exponential inter-arrival times with the observed mean (the maximum-likelihood fit). Real logs are not
 * Poisson, so the fit also reports the coefficient of variation of the inter-arrival times (1 for Poisson) and the
 * daily cycle (arrivals per hour of day, in the site's local time when the header says where and when the log
 * starts).
 * Sizes: the empirical distribution of processor counts, as a choice over the observed sizes.
 * Run times: lognormal with mu and sigma the mean and standard deviation (maximum-likelihood, divisor n) of the
 * log run times; the observed run times are kept too, for an empirical distribution.
 * Size and run time are fitted independently; their correlation (of the logs) is reported so the user can judge. */
#pragma once

#include "sim/config/Random.hpp"
#include "workloads/swf/TraceHeader.hpp"
#include "workloads/swf/TraceJob.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace coalsim {

/** Where a trace's submit times start, and in which time zone its hours of day are read. */
struct TraceClock {
  std::optional<int64_t> unix_start_time; // UnixStartTime
  std::optional<std::string> time_zone;   // TimeZoneString (tz database name)
  std::optional<int64_t> utc_offset;      // TimeZone (deprecated fixed offset, seconds)

  static TraceClock from_header(const TraceHeader& header);
};

struct LocalLoadModel {
  uint64_t jobs = 0;

  double mean_interarrival = 0; // seconds
  double interarrival_cv   = 0; // standard deviation / mean
  /** Arrivals per hour of day, 0-23. */
  std::array<uint64_t, 24> arrivals_by_hour{};
  /** How the hours were read, e.g. "local time (Europe/Amsterdam)". */
  std::string hour_basis;

  /** Observed sizes, ascending, with their shares of the jobs. */
  std::vector<double> sizes;
  std::vector<double> size_weights;

  double log_runtime_mean = 0; // mu
  double log_runtime_sd   = 0; // sigma
  /** The observed run times, in trace order. */
  std::vector<double> runtimes;
  /** Pearson correlation of log(size) and log(run time); 0 when either is constant. */
  double size_runtime_log_correlation = 0;

  Distribution arrival() const { return Distribution::exponential(mean_interarrival); }
  Distribution size() const { return Distribution::choice(sizes, size_weights); }
  Distribution runtime() const { return Distribution::lognormal(log_runtime_mean, log_runtime_sd); }
  Distribution runtime_empirical() const { return Distribution::empirical(runtimes); }
  double mean_runtime() const;

  /** The arrival, size and runtime keys, with the diagnostics as YAML comments. */
  void write_yaml(std::ostream& out) const;
};

class LocalLoadFit {
public:
  /** Adds a usable job. */
  void add(const TraceJob& job);
  uint64_t jobs() const { return runtimes_.size(); }
  /** Fits the model; throws InputError "Invalid trace '<source>' ..." with fewer than two jobs. */
  LocalLoadModel fit(const TraceClock& clock, const std::string& source) const;

private:
  std::vector<double> submit_times_;
  std::vector<double> runtimes_;
  std::vector<int64_t> sizes_;
};

/** Hour of day (0-23) of each submit time under `clock`; `basis` tells how they were read.
 *  With a tz database name this sets the TZ environment variable for the duration of the call (not thread-safe). */
std::vector<int> hours_of_day(const std::vector<double>& submit_times, const TraceClock& clock, std::string& basis);

} // namespace coalsim
