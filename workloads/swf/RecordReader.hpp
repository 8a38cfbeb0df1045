/* What the SWF and GWF readers share: streaming a log line by line (gzip read directly), collecting the header
 * comments, and handing out records, or only the usable ones while counting the others by skip reason.
 *
 * `Format` (SwfReader, GwfReader: CRTP) provides `Record`, `format_name` ("SWF"), `static bool is_comment(char first)`
 * and `static Record parse_line(std::string_view text, const std::string& file, int line)`; a Record provides
 * `skip_reason()`. The first record is read at construction, so the header comments before it are known. */
#pragma once

#include "workloads/swf/GzLineReader.hpp"
#include "workloads/swf/TraceHeader.hpp"
#include "workloads/swf/TraceJob.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace coalsim {

template <class Format, class RecordType> class RecordReader {
public:
  using Record = RecordType;

  /** Opens the file and reads the header comments that precede the first record.
   *  Throws InputError when the file cannot be opened or the first record is malformed. */
  explicit RecordReader(const std::string& path) : lines_(path) { has_pending_ = read_record(pending_); }

  const std::string& path() const { return lines_.path(); }
  /** Header comments read so far (all those before the first record as soon as the reader exists). */
  const TraceHeader& header() const { return header_; }

  /** The next record, usable or not; false at the end. Throws InputError on a malformed line. */
  bool next_record(Record& record)
  {
    bool found;
    if (has_pending_) {
      record       = std::move(pending_);
      has_pending_ = false;
      found        = true;
    } else {
      found = read_record(record);
    }
    if (found)
      ++records_read_;
    return found;
  }

  /** The next usable record, counting the skipped ones by reason; false at the end. */
  bool next_job(Record& record)
  {
    while (next_record(record)) {
      SkipReason reason = record.skip_reason();
      if (reason == SkipReason::none) {
        ++usable_jobs_;
        return true;
      }
      skipped_.add(reason);
    }
    return false;
  }

  /** Calls `on_job_cb` for each remaining usable record. */
  void for_each_job(const std::function<void(const Record&)>& on_job_cb)
  {
    Record record;
    while (next_job(record))
      on_job_cb(record);
  }

  /** Records (data lines) read so far. */
  uint64_t records_read() const { return records_read_; }
  /** Usable records handed out by next_job() so far. */
  uint64_t usable_jobs() const { return usable_jobs_; }
  /** Records skipped by next_job() so far, by reason. */
  const SkipCounts& skipped() const { return skipped_; }

private:
  bool read_record(Record& record)
  {
    std::string_view text;
    while (lines_.next_line(text)) {
      size_t first = text.find_first_not_of(" \t\r\v\f");
      if (first == std::string_view::npos)
        continue;
      if (Format::is_comment(text[first])) {
        header_.add_comment(text.substr(first + 1), lines_.path(), lines_.line_number(), Format::format_name);
        continue;
      }
      record = Format::parse_line(text, lines_.path(), lines_.line_number());
      return true;
    }
    return false;
  }

  GzLineReader lines_;
  TraceHeader header_;
  bool has_pending_ = false;
  Record pending_;
  uint64_t records_read_ = 0;
  uint64_t usable_jobs_  = 0;
  SkipCounts skipped_;
};

} // namespace coalsim
