/* Summary statistics of a workload trace, computed over its usable jobs (see TraceJob.hpp for the rules). */
#pragma once

#include "workloads/swf/TraceJob.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace coalsim {

class TraceStatistics {
public:
  /** Adds a usable job. */
  void add(const TraceJob& job);
  /** How many records the trace had and why the others were skipped. */
  void set_records(uint64_t records, const SkipCounts& skipped);
  /** The processor count utilization is measured against (from the header's MaxProcs, or given by the user). */
  void set_max_procs(std::optional<int64_t> max_procs) { max_procs_ = max_procs; }

  uint64_t records() const { return records_; }
  uint64_t usable_jobs() const { return run_times_.size(); }
  const SkipCounts& skipped() const { return skipped_; }
  std::optional<int64_t> max_procs() const { return max_procs_; }

  /** Earliest submit time and latest end time (start + run) of the usable jobs; 0 when there are none. */
  double first_submit() const { return usable_jobs() ? first_submit_ : 0.0; }
  double last_end() const { return usable_jobs() ? last_end_ : 0.0; }
  double span() const { return last_end() - first_submit(); }
  /** Sum over usable jobs of run time x processors. */
  double processor_seconds() const { return processor_seconds_; }
  /** processor_seconds / (max_procs x span); nullopt without max_procs or with an empty span. */
  std::optional<double> utilization() const;
  /** Usable jobs with more processors than max_procs (a sign of a wrong MaxProcs). */
  uint64_t jobs_larger_than_max_procs() const;

  /** NaN when there are no usable jobs. */
  double mean_runtime() const;
  double median_runtime() const;
  double mean_size() const;
  int64_t max_size() const { return max_size_; }
  /** Jobs per size (processor count). */
  const std::map<int64_t, uint64_t>& size_counts() const { return size_counts_; }
  /** Jobs per power-of-two size bin: key k holds sizes in (k/2, k], i.e. 1, 2, 3-4, 5-8, ... */
  std::map<int64_t, uint64_t> size_histogram() const;

  /** Usable jobs whose wait time was recorded (>= 0), and the mean and median of those waits (NaN if none). */
  uint64_t jobs_with_wait() const { return wait_times_.size(); }
  double mean_wait() const;
  double median_wait() const;

  /** YAML: counts, span, utilization, runtime, wait and size histogram. */
  void write_yaml(std::ostream& out) const;

  /** The power-of-two bin of a size: the smallest power of two >= size. */
  static int64_t size_bin(int64_t size);
  /** "1", "2", "3-4", "5-8", ... */
  static std::string size_bin_label(int64_t bin);

private:
  uint64_t records_ = 0;
  SkipCounts skipped_;
  std::optional<int64_t> max_procs_;
  double first_submit_      = 0;
  double last_end_          = 0;
  double processor_seconds_ = 0;
  double size_sum_          = 0;
  int64_t max_size_         = 0;
  std::vector<double> run_times_;
  std::vector<double> wait_times_;
  std::map<int64_t, uint64_t> size_counts_;
};

/** The median of `values` (mean of the two middle ones for an even count); NaN when empty. */
double median_of(std::vector<double> values);

} // namespace coalsim
