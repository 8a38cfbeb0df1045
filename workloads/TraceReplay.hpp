/* Reads a workload trace for replay: the usable records of a time window (and of one partition, if asked),
 * one at a time in submit order, with their times moved onto the simulation's clock and their sizes scaled
 * to the processors they will run on. Shared by replayed background load and replayed grid workloads.
 *
 *   simulated submit time = offset + (trace submit time - window start) * time_scale
 *   simulated size        = max(1, round(trace processors * factor)), factor 1 (none), a given factor, or
 *                           target processors / the log's MaxProcs (fit)
 * Run times and requested times (the user's estimate, which EASY backfilling plans with) are kept as recorded. */
#pragma once

#include "workloads/TraceReplayConfig.hpp"
#include "workloads/swf/GwfReader.hpp"
#include "workloads/swf/SwfReader.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace coalsim {

struct ReplayedJob {
  int64_t trace_id   = -1;
  int line           = 0;
  double submit_time = 0; // simulated
  double runtime     = 0;
  double estimate    = NAN; // requested time; NaN when the log has none
  int processors     = 0;   // scaled
  std::string partition;    // as written in the log ("" when none)
  std::string origin_site;  // where the job was submitted (GWF OrigSiteID; "" when the log has none)
};

class TraceReplay {
public:
  /** `path` is the resolved file; `target_processors` is what `size_scale: fit` scales to. Reads the whole log
   *  once to check it: throws InputError when the file cannot be read, a line is malformed, the submit times go
   *  backwards, or `fit` is asked of a log without MaxProcs. */
  TraceReplay(const TraceReplayConfig& config, const std::string& path, int target_processors);
  ~TraceReplay();

  /** The next replayed job, or false after the window. */
  bool next(ReplayedJob& job);

  const std::string& path() const { return path_; }
  const TraceHeader& header() const;
  double size_factor() const { return factor_; }
  uint64_t records() const;
  /** Usable records of the window that were handed out. */
  uint64_t replayed() const { return replayed_; }
  uint64_t before_window() const { return before_window_; }
  uint64_t other_partition() const { return other_partition_; }
  const SkipCounts& unusable() const;

private:
  void open();
  bool read(ReplayedJob& job); // the next usable record, any time, any partition

  TraceReplayConfig config_;
  std::string path_;
  std::unique_ptr<SwfReader> swf_;
  std::unique_ptr<GwfReader> gwf_;
  double factor_            = 1;
  double last_submit_       = -INFINITY; // trace time
  bool finished_            = false;
  uint64_t replayed_        = 0;
  uint64_t before_window_   = 0;
  uint64_t other_partition_ = 0;
};

/** True when `path` names a Grid Workloads Archive file (".gwf", possibly gzipped). */
bool is_gwf_file(const std::string& path);

} // namespace coalsim
