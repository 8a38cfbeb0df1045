#include "sim/trace/ProgressReporter.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <cstdio>
#include <unistd.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_progress_reporter, coalsim_trace, "ProgressReporter");

namespace coalsim {

ProgressReporter::ProgressReporter(bool enabled, int64_t total_jobs)
    : enabled_(enabled && isatty(STDERR_FILENO))
    , total_(total_jobs)
    , last_(std::chrono::steady_clock::now())
{
}

void ProgressReporter::maybe_print()
{
  auto t = std::chrono::steady_clock::now();
  if (t - last_ < std::chrono::milliseconds(500))
    return;
  last_    = t;
  printed_ = true;
  std::fprintf(stderr, "\r[coalsim] %lld/%lld jobs done (%.0f%%), simulated time %.0f s   ",
               static_cast<long long>(done_), static_cast<long long>(total_),
               total_ > 0 ? 100.0 * static_cast<double>(done_) / static_cast<double>(total_) : 0.0,
               simgrid::s4u::Engine::get_clock());
}

void ProgressReporter::finish()
{
  if (printed_)
    std::fprintf(stderr, "\r%80s\r", "");
}

} // namespace coalsim
