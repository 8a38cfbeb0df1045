/* Reader for the Standard Workload Format (SWF 2.2) of the Parallel Workloads Archive.
 *
 * A record is one line of 18 whitespace-separated numeric fields; -1 means "not recorded". Lines whose first
 * non-blank character is ';' are header comments ("; Key: value"), parsed into a TraceHeader; blank lines are
 * ignored. Plain and gzip-compressed files are read alike.
 *
 * Streaming: next_job() hands out the usable jobs one at a time (next_record() every record), so that a large log
 * need not be held in memory; the header comments before the first record are available right after
 * construction. Which records are usable, and why the others are skipped, is documented in TraceJob.hpp. */
#pragma once

#include "workloads/swf/RecordReader.hpp"
#include "workloads/swf/TraceHeader.hpp"
#include "workloads/swf/TraceJob.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace coalsim {

/** One SWF line. Field names follow the SWF 2.2 definition. */
struct SwfRecord {
  int64_t job_number           = -1;
  double submit_time           = -1;
  double wait_time             = -1;
  double run_time              = -1;
  int64_t allocated_processors = -1;
  double average_cpu_time      = -1;
  double used_memory           = -1; // KB per processor
  int64_t requested_processors = -1;
  double requested_time        = -1;
  double requested_memory      = -1; // KB per processor
  int64_t status               = -1; // 1 completed, 0 failed, 5 cancelled, 2/3/4 partial executions
  int64_t user_id              = -1;
  int64_t group_id             = -1;
  int64_t executable_number    = -1;
  int64_t queue_number         = -1;
  int64_t partition_number     = -1;
  int64_t preceding_job_number = -1;
  double think_time            = -1;
  int line                     = 0; // line in the file

  /** Allocated processors, else requested, else -1. */
  int64_t processors() const { return effective_processors(allocated_processors, requested_processors); }
  SkipReason skip_reason() const
  {
    return classify_record(submit_time, run_time, status, allocated_processors, requested_processors);
  }
  TraceJob job() const;
};

class SwfReader : public RecordReader<SwfReader, SwfRecord> {
public:
  static constexpr size_t field_count = 18;
  /** The names used in error messages, in field order: "job number", "submit time", ... */
  static const std::array<const char*, field_count>& field_names();

  static constexpr const char* format_name = "SWF"; // in errors: "Invalid SWF header 'MaxProcs' in ..."

  using RecordReader::RecordReader;

  /** Whether a line whose first non-blank character is `first` is a header comment. */
  static bool is_comment(char first) { return first == ';'; }
  /** Parses one data line (no comment, not blank); throws InputError naming `file`, `line` and the field. */
  static SwfRecord parse_line(std::string_view text, const std::string& file, int line);
};

/** A whole trace in memory: the usable jobs, in file order. */
struct SwfTrace {
  std::string path;
  TraceHeader header;
  std::vector<SwfRecord> jobs;
  uint64_t records = 0;
  SkipCounts skipped;
};

/** Reads every record of `path`, keeping the usable ones. */
SwfTrace read_swf(const std::string& path);

} // namespace coalsim
