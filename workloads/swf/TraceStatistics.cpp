#include "workloads/swf/TraceStatistics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_swf_trace_statistics, coalsim_swf, "TraceStatistics");

namespace coalsim {

namespace {
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

double mean_of(const std::vector<double>& values)
{
  if (values.empty())
    return nan;
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

/** Shortest text that reads back as the same double; ".nan" (YAML) for NaN. */
std::string number(double x)
{
  if (std::isnan(x))
    return ".nan";
  char buffer[32];
  for (int precision = 6; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, x);
    if (std::strtod(buffer, nullptr) == x || precision == 17)
      break;
  }
  return buffer;
}
} // namespace

double median_of(std::vector<double> values)
{
  if (values.empty())
    return nan;
  size_t n = values.size();
  auto mid = values.begin() + static_cast<std::ptrdiff_t>(n / 2);
  std::nth_element(values.begin(), mid, values.end());
  double upper = *mid;
  if (n % 2 == 1)
    return upper;
  double lower = *std::max_element(values.begin(), mid);
  return (lower + upper) / 2;
}

void TraceStatistics::add(const TraceJob& job)
{
  if (run_times_.empty()) {
    first_submit_ = job.submit_time;
    last_end_     = job.end_time();
  } else {
    first_submit_ = std::min(first_submit_, job.submit_time);
    last_end_     = std::max(last_end_, job.end_time());
  }
  run_times_.push_back(job.run_time);
  if (job.has_wait())
    wait_times_.push_back(job.wait_time);
  processor_seconds_ += job.run_time * static_cast<double>(job.processors);
  size_sum_ += static_cast<double>(job.processors);
  max_size_ = std::max(max_size_, job.processors);
  ++size_counts_[job.processors];
}

void TraceStatistics::set_records(uint64_t records, const SkipCounts& skipped)
{
  records_ = records;
  skipped_ = skipped;
}

std::optional<double> TraceStatistics::utilization() const
{
  if (not max_procs_ || *max_procs_ <= 0 || span() <= 0)
    return std::nullopt;
  return processor_seconds_ / (static_cast<double>(*max_procs_) * span());
}

uint64_t TraceStatistics::jobs_larger_than_max_procs() const
{
  if (not max_procs_)
    return 0;
  uint64_t count = 0;
  for (auto it = size_counts_.upper_bound(*max_procs_); it != size_counts_.end(); ++it)
    count += it->second;
  return count;
}

std::map<int64_t, uint64_t> TraceStatistics::size_histogram() const
{
  std::map<int64_t, uint64_t> histogram;
  for (auto [size, jobs] : size_counts_)
    histogram[size_bin(size)] += jobs;
  return histogram;
}

double TraceStatistics::mean_runtime() const
{
  return mean_of(run_times_);
}
double TraceStatistics::median_runtime() const
{
  return median_of(run_times_);
}
double TraceStatistics::mean_size() const
{
  return run_times_.empty() ? nan : size_sum_ / static_cast<double>(run_times_.size());
}
double TraceStatistics::mean_wait() const
{
  return mean_of(wait_times_);
}
double TraceStatistics::median_wait() const
{
  return median_of(wait_times_);
}

int64_t TraceStatistics::size_bin(int64_t size)
{
  int64_t bin = 1;
  while (bin < size)
    bin *= 2;
  return bin;
}

std::string TraceStatistics::size_bin_label(int64_t bin)
{
  if (bin <= 2)
    return std::to_string(bin);
  return std::to_string(bin / 2 + 1) + "-" + std::to_string(bin);
}

void TraceStatistics::write_yaml(std::ostream& out) const
{
  out << "records: " << records_ << "\n";
  out << "usable_jobs: " << usable_jobs() << "\n";
  out << "skipped: {total: " << skipped_.total();
  for (size_t i = 1; i < skip_reason_count; ++i) {
    auto reason = static_cast<SkipReason>(i);
    out << ", " << skip_reason_name(reason) << ": " << skipped_.count(reason);
  }
  out << "}\n";
  out << "first_submit_s: " << number(first_submit()) << "\n";
  out << "last_end_s: " << number(last_end()) << "\n";
  char days[32];
  std::snprintf(days, sizeof days, "%.2f", span() / 86400.0);
  out << "span_s: " << number(span()) << "  # " << days << " days\n";
  out << "max_procs: " << (max_procs_ ? std::to_string(*max_procs_) : std::string("null")) << "\n";
  out << "processor_seconds: " << number(processor_seconds_) << "\n";
  auto u = utilization();
  out << "utilization: " << (u ? number(*u) : std::string("null")) << "\n";
  if (max_procs_)
    out << "jobs_larger_than_max_procs: " << jobs_larger_than_max_procs() << "\n";
  out << "runtime_s: {mean: " << number(mean_runtime()) << ", median: " << number(median_runtime()) << "}\n";
  out << "wait_s: {jobs_with_wait: " << jobs_with_wait() << ", mean: " << number(mean_wait())
      << ", median: " << number(median_wait()) << "}\n";
  out << "size: {mean: " << number(mean_size()) << ", max: " << max_size_ << "}\n";
  auto histogram = size_histogram();
  out << "size_histogram:";
  if (histogram.empty())
    out << " {}";
  out << "\n";
  for (auto [bin, jobs] : histogram)
    out << "  \"" << size_bin_label(bin) << "\": " << jobs << "\n";
}

} // namespace coalsim
