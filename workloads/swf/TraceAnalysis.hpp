/* One pass over a trace file (SWF or GWF) that feeds the statistics and, if asked, the local-load fit. */
#pragma once

#include "workloads/swf/LocalLoadFit.hpp"
#include "workloads/swf/TraceHeader.hpp"
#include "workloads/swf/TraceStatistics.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace coalsim {

enum class TraceFormat { swf, gwf };

/** GWF for names ending in ".gwf" or ".gwf.gz", SWF otherwise. */
TraceFormat trace_format_of(const std::string& path);

struct TraceAnalysis {
  std::string path;
  TraceFormat format = TraceFormat::swf;
  TraceHeader header;
  TraceStatistics statistics;
  /** Filled when the analysis was asked to keep what the fit needs. */
  std::optional<LocalLoadFit> fit_input;
};

/** Reads `path` once. Utilization is measured against `max_procs` when given, else the header's MaxProcs.
 *  Throws InputError on unreadable or malformed input. */
TraceAnalysis analyze_trace(const std::string& path, TraceFormat format, std::optional<int64_t> max_procs,
                            bool keep_fit_input);

} // namespace coalsim
