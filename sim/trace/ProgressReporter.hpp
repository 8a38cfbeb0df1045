/* A progress line on stderr for long runs, refreshed at most twice a second, only on a terminal. */
#pragma once

#include <chrono>
#include <cstdint>

namespace coalsim {

class ProgressReporter {
public:
  ProgressReporter(bool enabled, int64_t total_jobs);
  void job_done()
  {
    if (enabled_ && (++done_ & 1023) == 0)
      maybe_print();
  }
  void finish();

private:
  void maybe_print();
  bool enabled_;
  int64_t total_;
  int64_t done_ = 0;
  bool printed_ = false;
  std::chrono::steady_clock::time_point last_;
};

} // namespace coalsim
