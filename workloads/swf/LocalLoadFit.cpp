#include "workloads/swf/LocalLoadFit.hpp"

#include "sim/config/InputError.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <map>
#include <numeric>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_swf_local_load_fit, coalsim_swf, "LocalLoadFit");

namespace coalsim {

namespace {
std::string number(double x, int precision)
{
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.*g", precision, x);
  return buffer;
}

int hour_from_seconds(double seconds)
{
  auto hours = static_cast<int64_t>(std::floor(seconds / 3600.0));
  return static_cast<int>(((hours % 24) + 24) % 24);
}

bool zone_exists(const std::string& zone)
{
  if (zone.empty() || zone.find("..") != std::string::npos || zone.front() == '/')
    return false;
  const char* tzdir         = std::getenv("TZDIR");
  std::filesystem::path dir = tzdir != nullptr ? tzdir : "/usr/share/zoneinfo";
  std::error_code ec;
  return std::filesystem::is_regular_file(dir / zone, ec);
}

/** Sets TZ for its lifetime and restores the previous value. */
class ScopedTimeZone {
public:
  explicit ScopedTimeZone(const std::string& zone)
  {
    const char* old = std::getenv("TZ");
    if (old != nullptr)
      previous_ = old;
    setenv("TZ", zone.c_str(), 1);
    tzset();
  }
  ~ScopedTimeZone()
  {
    if (previous_)
      setenv("TZ", previous_->c_str(), 1);
    else
      unsetenv("TZ");
    tzset();
  }
  ScopedTimeZone(const ScopedTimeZone&)            = delete;
  ScopedTimeZone& operator=(const ScopedTimeZone&) = delete;

private:
  std::optional<std::string> previous_;
};
} // namespace

TraceClock TraceClock::from_header(const TraceHeader& header)
{
  TraceClock clock;
  clock.unix_start_time = header.unix_start_time();
  clock.time_zone       = header.time_zone_string();
  clock.utc_offset      = header.time_zone_offset();
  return clock;
}

std::vector<int> hours_of_day(const std::vector<double>& submit_times, const TraceClock& clock, std::string& basis)
{
  std::vector<int> hours;
  hours.reserve(submit_times.size());
  if (not clock.unix_start_time) {
    basis = "trace-relative (no UnixStartTime): hour = floor(submit / 3600) mod 24";
    for (double s : submit_times)
      hours.push_back(hour_from_seconds(s));
    return hours;
  }
  auto origin = static_cast<double>(*clock.unix_start_time);
  if (clock.time_zone && zone_exists(*clock.time_zone)) {
    basis = "local time (" + *clock.time_zone + ")";
    ScopedTimeZone zone(*clock.time_zone);
    for (double s : submit_times) {
      auto t = static_cast<time_t>(std::floor(origin + s));
      std::tm local{};
      localtime_r(&t, &local);
      hours.push_back(local.tm_hour);
    }
    return hours;
  }
  double offset = 0;
  if (clock.utc_offset) {
    offset = static_cast<double>(*clock.utc_offset);
    basis  = "UTC" + std::string(offset < 0 ? "-" : "+") + number(std::abs(offset) / 3600.0, 4) + " (TimeZone header" +
            (clock.time_zone ? "; zone '" + *clock.time_zone + "' not installed" : "") + ")";
  } else {
    basis = "UTC" + (clock.time_zone ? " (zone '" + *clock.time_zone + "' not installed)" : std::string());
  }
  for (double s : submit_times)
    hours.push_back(hour_from_seconds(origin + s + offset));
  return hours;
}

void LocalLoadFit::add(const TraceJob& job)
{
  submit_times_.push_back(job.submit_time);
  runtimes_.push_back(job.run_time);
  sizes_.push_back(job.processors);
}

LocalLoadModel LocalLoadFit::fit(const TraceClock& clock, const std::string& source) const
{
  size_t n = runtimes_.size();
  if (n < 2)
    throw_input_error("trace", source, source, 0,
                      "a local-load fit needs at least 2 usable jobs, found " + std::to_string(n));
  LocalLoadModel model;
  model.jobs = n;

  // Arrivals.
  std::vector<double> submits = submit_times_;
  std::sort(submits.begin(), submits.end());
  double mean = (submits.back() - submits.front()) / static_cast<double>(n - 1);
  if (not(mean > 0)) // exponential inter-arrivals of mean 0: endless arrivals at one instant, a run that never ends
    throw_input_error("trace", source, source, 0,
                      "a local-load fit needs usable jobs submitted at different times; all " + std::to_string(n) +
                          " were submitted at " + std::to_string(submits.front()) + " s");
  double sq = 0;
  for (size_t i = 1; i < n; ++i) {
    double d = submits[i] - submits[i - 1] - mean;
    sq += d * d;
  }
  model.mean_interarrival = mean;
  model.interarrival_cv   = mean > 0 ? std::sqrt(sq / static_cast<double>(n - 1)) / mean : 0.0;
  for (int h : hours_of_day(submit_times_, clock, model.hour_basis))
    ++model.arrivals_by_hour[static_cast<size_t>(h)];

  // Sizes.
  std::map<int64_t, uint64_t> counts;
  for (int64_t s : sizes_)
    ++counts[s];
  for (auto [size, jobs] : counts) {
    model.sizes.push_back(static_cast<double>(size));
    model.size_weights.push_back(static_cast<double>(jobs) / static_cast<double>(n));
  }

  // Run times.
  double log_sum = 0;
  for (double r : runtimes_)
    log_sum += std::log(r);
  double mu     = log_sum / static_cast<double>(n);
  double log_sq = 0;
  for (double r : runtimes_) {
    double d = std::log(r) - mu;
    log_sq += d * d;
  }
  model.log_runtime_mean = mu;
  model.log_runtime_sd   = std::sqrt(log_sq / static_cast<double>(n));
  model.runtimes         = runtimes_;

  // Correlation of log size and log run time.
  double size_mean = 0;
  for (int64_t s : sizes_)
    size_mean += std::log(static_cast<double>(s));
  size_mean /= static_cast<double>(n);
  double sxy = 0, sxx = 0;
  for (size_t i = 0; i < n; ++i) {
    double dx = std::log(static_cast<double>(sizes_[i])) - size_mean;
    double dy = std::log(runtimes_[i]) - mu;
    sxy += dx * dy;
    sxx += dx * dx;
  }
  model.size_runtime_log_correlation = (sxx > 0 && log_sq > 0) ? sxy / std::sqrt(sxx * log_sq) : 0.0;
  return model;
}

double LocalLoadModel::mean_runtime() const
{
  if (runtimes.empty())
    return 0;
  return std::accumulate(runtimes.begin(), runtimes.end(), 0.0) / static_cast<double>(runtimes.size());
}

void LocalLoadModel::write_yaml(std::ostream& out) const
{
  out << "interarrival: {dist: exponential, mean: " << number(mean_interarrival, 8) << "}\n";
  out << "size: {dist: choice, values: [";
  for (size_t i = 0; i < sizes.size(); ++i)
    out << (i ? ", " : "") << number(sizes[i], 15);
  out << "], weights: [";
  for (size_t i = 0; i < size_weights.size(); ++i)
    out << (i ? ", " : "") << number(size_weights[i], 6);
  out << "]}\n";
  out << "runtime: {dist: lognormal, mu: " << number(log_runtime_mean, 8) << ", sigma: " << number(log_runtime_sd, 8)
      << "}\n";

  out << "# fitted on " << jobs << " usable jobs\n";
  out << "# inter-arrival: mean " << number(mean_interarrival, 6) << " s, coefficient of variation "
      << number(interarrival_cv, 4) << " (1 for Poisson arrivals)\n";
  out << "# runtime: observed mean " << number(mean_runtime(), 6) << " s; lognormal mean "
      << number(std::exp(log_runtime_mean + log_runtime_sd * log_runtime_sd / 2), 6)
      << " s; corr(log size, log runtime) " << number(size_runtime_log_correlation, 3) << "\n";
  out << "# daily cycle, share of arrivals by hour of day, " << hour_basis << ":\n";
  for (size_t row = 0; row < 4; ++row) {
    out << "#  ";
    for (size_t h = row * 6; h < row * 6 + 6; ++h) {
      char cell[32];
      std::snprintf(cell, sizeof cell, " %02zu: %.4f", h,
                    static_cast<double>(arrivals_by_hour[h]) / static_cast<double>(jobs));
      out << cell;
    }
    out << "\n";
  }
}

} // namespace coalsim
