#include "workloads/TraceReplay.hpp"

#include "sim/config/Random.hpp"
#include "sim/config/TimeHorizon.hpp"

#include "sim/config/InputError.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_workloads_trace_replay, coalsim_workloads, "TraceReplay");

namespace coalsim {

bool is_gwf_file(const std::string& path)
{
  auto ends_with = [&](const std::string& suffix) {
    return path.size() >= suffix.size() && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  return ends_with(".gwf") || ends_with(".gwf.gz");
}

void TraceReplay::open()
{
  if (is_gwf_file(path_))
    gwf_ = std::make_unique<GwfReader>(path_);
  else
    swf_ = std::make_unique<SwfReader>(path_);
  last_submit_ = -INFINITY;
}

TraceReplay::TraceReplay(const TraceReplayConfig& config, const std::string& path, int target_processors)
    : config_(config)
    , path_(path)
{
  // A whole first pass, so that a malformed line or a record out of order is reported before the simulation
  // starts (not from inside it, hours of simulated time later); the readers stream, so memory stays flat.
  open();
  uint64_t in_window = 0;
  for (ReplayedJob job; read(job);)
    in_window += job.submit_time >= config_.window_start && job.submit_time < config_.window_end &&
                 (not config_.partition || job.partition == *config_.partition);
  // A replay with nothing to replay is a mistake in the window, the partition or the file, not a run.
  if (in_window == 0)
    config_.location.fail(path + " has no usable record " +
                          (config_.partition ? "of partition " + *config_.partition + " " : std::string()) +
                          "in the window to replay");
  swf_.reset();
  gwf_.reset();
  open();
  const TraceHeader* header = &this->header();
  switch (config_.size_scaling) {
    case TraceReplayConfig::SizeScaling::none:
      factor_ = 1;
      break;
    case TraceReplayConfig::SizeScaling::factor:
      factor_ = config_.size_factor;
      break;
    case TraceReplayConfig::SizeScaling::fit: {
      auto max_procs = header->max_procs();
      if (not max_procs || *max_procs <= 0)
        config_.location.below("size_scale")
            .fail("'fit' needs the log's MaxProcs header, and " + path + " has none; give a factor instead");
      factor_ = static_cast<double>(target_processors) / static_cast<double>(*max_procs);
      break;
    }
  }
}

TraceReplay::~TraceReplay() = default;

uint64_t TraceReplay::records() const
{
  return swf_ ? swf_->records_read() : gwf_->records_read();
}

const TraceHeader& TraceReplay::header() const
{
  return swf_ ? swf_->header() : gwf_->header();
}

const SkipCounts& TraceReplay::unusable() const
{
  return swf_ ? swf_->skipped() : gwf_->skipped();
}

namespace {

int64_t id_of(const SwfRecord& r)
{
  return r.job_number;
}
int64_t id_of(const GwfRecord& r)
{
  return r.job_id;
}
std::string partition_of(const SwfRecord& r)
{
  return r.partition_number >= 0 ? std::to_string(r.partition_number) : "";
}
std::string partition_of(const GwfRecord& r)
{
  return r.partition_id == "-1" ? "" : r.partition_id;
}
std::string origin_site_of(const SwfRecord&)
{
  return ""; // SWF records no site
}
std::string origin_site_of(const GwfRecord& r)
{
  return r.orig_site_id == "-1" ? "" : r.orig_site_id;
}

/** The next usable record of either format, as a ReplayedJob with its trace submit time and unscaled size. */
template <class Reader> bool next_usable(Reader& reader, ReplayedJob& job, double& submit, int64_t& processors)
{
  typename Reader::Record r{};
  if (not reader.next_job(r))
    return false;
  job.trace_id    = id_of(r);
  job.line        = r.line;
  submit          = r.submit_time;
  job.runtime     = r.run_time;
  job.estimate    = r.requested_time > 0 ? r.requested_time : NAN;
  processors      = r.processors();
  job.partition   = partition_of(r);
  job.origin_site = origin_site_of(r);
  return true;
}

} // namespace

bool TraceReplay::read(ReplayedJob& job)
{
  int64_t processors;
  double submit;
  if (not(swf_ ? next_usable(*swf_, job, submit, processors) : next_usable(*gwf_, job, submit, processors)))
    return false;
  if (submit < last_submit_)
    throw_input_error("trace", path_, path_, job.line,
                      "field 'submit time' goes back in time (" + std::to_string(submit) + " after " +
                          std::to_string(last_submit_) + "); a replay needs the records in submit order");
  last_submit_    = submit;
  job.submit_time = submit;
  job.processors  = rounded_within(static_cast<double>(processors) * factor_, 1, std::numeric_limits<int>::max());
  return true;
}

bool TraceReplay::next(ReplayedJob& job)
{
  while (not finished_ && read(job)) {
    if (job.submit_time < config_.window_start) {
      ++before_window_;
      continue;
    }
    if (job.submit_time >= config_.window_end)
      break; // the records are in submit order: nothing later is in the window
    if (config_.partition && job.partition != *config_.partition) {
      ++other_partition_;
      continue;
    }
    job.submit_time = config_.offset + (job.submit_time - config_.window_start) * config_.time_scale;
    std::string id = std::to_string(job.trace_id), where = path_ + ":" + std::to_string(job.line);
    if (not(job.submit_time <= time_horizon))
      throw InputError("Invalid record '" + id + "' in " + where + ": its simulated submit time " +
                       describe_seconds(job.submit_time) + " lies beyond the simulated-time horizon of " +
                       describe_seconds(time_horizon) +
                       " (a log of absolute dates? start the replay at its first date with trace.window.start)");
    check_within_horizon(job.runtime, "record", id, where, "its run time");
    check_within_horizon(job.submit_time + job.runtime, "record", id, where, "its simulated end");
    ++replayed_;
    return true;
  }
  finished_ = true;
  return false;
}

} // namespace coalsim
