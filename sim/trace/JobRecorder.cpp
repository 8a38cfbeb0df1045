#include "sim/trace/JobRecorder.hpp"

#include <algorithm>
#include <boost/container/small_vector.hpp>
#include <cstring>
#include <memory>
#include <string_view>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_job_recorder, coalsim_trace, "JobRecorder");

namespace coalsim {

JobRecorder::JobRecorder(TraceWriter* trace, RunStatistics& statistics, std::vector<std::string> cluster_names)
    : trace_(trace)
    , statistics_(statistics)
    , cluster_names_(std::move(cluster_names))
{
}

JobRecorder::JobRecord& JobRecorder::of(JobId job)
{
  auto it = jobs_.find(job);
  xbt_assert(it != jobs_.end(), "job %ld is not in the system", static_cast<long>(job));
  return it->second;
}

void JobRecorder::submitted(const JobSpec& job, double time)
{
  auto [it, inserted] = reused_records_.emplace(jobs_, job.id, [](JobRecord& record) {
    auto history  = std::move(record.history); // every field as a new record's; the lists keep their room
    auto cpu_work = std::move(record.cpu_work);
    history.clear();
    cpu_work.clear();
    std::destroy_at(&record); // made anew in place: an assignment from a new one costs a move of every field
    std::construct_at(&record);
    record.history  = std::move(history);
    record.cpu_work = std::move(cpu_work);
  });
  xbt_assert(inserted, "job %ld submitted twice", static_cast<long>(job.id));
  it->second.history.queued(time);
  ++statistics_.submitted;
}

void JobRecorder::not_placed(JobId job)
{
  ++of(job).placement_tries;
}

void JobRecorder::placed(JobId job, double time)
{
  JobRecord& record     = of(job);
  record.placement_time = time;
  record.history.placed(time, record.placement_tries);
}

void JobRecorder::submission_overhead(JobId job, double overhead)
{
  of(job).submission_overhead = overhead;
}

void JobRecorder::staged(JobId job, double stage_time)
{
  of(job).stage_time = stage_time;
}

void JobRecorder::submission_failed(JobId job)
{
  ++of(job).submission_failures;
}

void JobRecorder::run_failed(JobId job)
{
  ++of(job).run_failures;
}

void JobRecorder::run_started(JobId job, double time, int running)
{
  JobRecord& record = of(job);
  record.start_time = time;
  record.end_time   = NAN;
  record.cpu_work.clear();
  record.history.started(time);
  statistics_.max_running = std::max(statistics_.max_running, running);
}

void JobRecorder::run_ended(JobId job, double time, double completion_overhead)
{
  JobRecord& record          = of(job);
  record.end_time            = time;
  record.completion_overhead = completion_overhead;
}

void JobRecorder::cpu_work(JobId job, std::vector<double> per_component)
{
  of(job).cpu_work = std::move(per_component);
}

void JobRecorder::attempt_ended(JobId job, PlacementOutcome outcome, double time)
{
  of(job).history.ended(outcome, time);
}

void JobRecorder::back_to_waiting(JobId job)
{
  JobRecord& record = of(job);
  record.start_time = NAN;
  record.end_time   = NAN;
}

void JobRecorder::done(JobId job, double time)
{
  of(job).completion_time = time;
}

void JobRecorder::turned_away(JobId job, const std::string& code)
{
  of(job).rejection = code;
}

void JobRecorder::stopped(JobId job, double time)
{
  of(job).history.stop(time);
}

void JobRecorder::finished(double time)
{
  statistics_.end_time = time;
}

void JobRecorder::metrics(JobId job, const JobMetrics& metrics)
{
  of(job).metrics = metrics;
}

void JobRecorder::economy(JobId job, const EconomyFigures& figures)
{
  of(job).economy = figures;
}

void JobRecorder::estimates(JobId job, double estimated_ftt, double estimated_start)
{
  of(job).history.estimated(estimated_ftt, estimated_start);
}

void JobRecorder::submission_site(JobId job, ClusterIndex site)
{
  of(job).submission_site = site;
}

void JobRecorder::migration(double time, JobId job, ClusterIndex from, ClusterIndex to)
{
  if (trace_)
    trace_->add_migration(MigrationRow{time, job, from, to});
}

void JobRecorder::migration_check(double time, double started, ClusterIndex site, int examined, int migrated)
{
  if (trace_)
    trace_->add_migration_check(MigrationCheckRow{time, started, site, examined, migrated});
}

void JobRecorder::failure(double time, JobId job, ClusterIndex cluster, const char* kind, const std::string& host)
{
  if (not trace_)
    return;
  FailureRow row{};
  row.time    = time;
  row.job_id  = job;
  row.cluster = cluster;
  std::strncpy(row.kind, kind, sizeof row.kind - 1);
  std::strncpy(row.host, host.c_str(), sizeof row.host - 1);
  trace_->add_failure(row);
}

void JobRecorder::message_ended(const MessageRecord& r)
{
  if (not trace_)
    return;
  MessageRow row{};
  row.sent     = r.sent;
  row.received = r.received;
  row.from     = r.from;
  row.to       = r.to;
  std::strncpy(row.kind, r.kind.c_str(), sizeof(row.kind) - 1);
  row.bytes           = r.bytes;
  row.job_id          = r.job;
  row.failed_at       = r.failed_at;
  row.route_latency   = r.route_latency;
  row.route_bandwidth = r.route_bandwidth;
  trace_->add_message(row);
}

void JobRecorder::record_economy(const JobSpec& spec, const JobRecord& job, JobStatus status)
{
  if (std::isnan(spec.deadline))
    return;
  EconomyRow row{};
  row.job_id   = spec.id;
  row.estimate = spec.estimate;
  row.deadline = spec.deadline;
  row.budget   = spec.budget;
  row.accepted = status != JobStatus::rejected;
  row.cost     = job.economy.cost;
  row.charge   = row.accepted ? job.economy.cost : NAN;
  row.load     = job.economy.load;
  // Its processes ended by the deadline (a rounding error of a billionth of the deadline still meets it: a job
  // given exactly the share it needs ends on its deadline up to the arithmetic of its rates).
  row.met =
      status == JobStatus::completed && job.end_time <= spec.deadline + 1e-9 * std::max(1.0, std::abs(spec.deadline));
  if (status == JobStatus::rejected)
    std::strncpy(row.rejection, job.rejection.c_str(), sizeof row.rejection - 1);
  statistics_.add(row);
  if (trace_)
    trace_->add_economy(row);
}

void JobRecorder::add_policy_figures(JobRow& row, const JobSpec& spec, const JobRecord& job, bool started)
{
  if (job.metrics) { // the policy's figures
    const JobMetrics& m      = *job.metrics;
    row.total_placement_time = m.total_placement_time;
    row.estimated_ftt        = m.estimated_ftt;
    row.estimated_start      = m.estimated_start;
    row.start_delay          = started ? m.start_delay : NAN;
    row.pgt                  = started ? m.pgt : NAN;
    row.pwt                  = started ? m.pwt : NAN;
    row.claiming_tries       = m.claiming_tries;
    row.placements           = m.placements;
  } else {
    row.total_placement_time = job.placement_time - spec.submit_time;
    row.estimated_ftt        = NAN;
    row.estimated_start      = NAN;
    row.start_delay          = NAN;
    row.pgt                  = NAN;
    row.pwt                  = NAN;
    row.claiming_tries       = 0;
    row.placements           = std::isnan(job.placement_time) ? 0 : 1;
  }
}

void JobRecorder::left(const JobSpec& spec, JobStatus status, const std::vector<ComponentPlacement>& placement,
                       const std::vector<double>& transfer_times)
{
  auto it = jobs_.find(spec.id);
  xbt_assert(it != jobs_.end(), "job %ld left twice", static_cast<long>(spec.id));
  const JobRecord& job = it->second;
  JobRow row{};
  row.id           = spec.id;
  row.request_type = static_cast<int8_t>(spec.type);
  row.priority     = static_cast<int8_t>(spec.priority);
  row.status       = static_cast<int8_t>(status);
  row.processors   = spec.total_processors;
  bool started     = not std::isnan(job.start_time);
  row.n_components = static_cast<int32_t>(started ? placement.size() : spec.components.size());
  boost::container::small_vector<ClusterIndex, 8> seen; // the distinct execution clusters, in component order
  for (const auto& c : placement)
    if (std::find(seen.begin(), seen.end(), c.cluster) == seen.end())
      seen.push_back(c.cluster);
  // Their names joined by '+', cut to the field's room (its last byte stays the terminating zero of the zeroed row).
  size_t joined = 0; // the length of the names joined so far, cut or not
  auto add      = [&](std::string_view text) {
    if (joined < sizeof row.clusters - 1)
      std::memcpy(row.clusters + joined, text.data(), std::min(text.size(), sizeof row.clusters - 1 - joined));
    joined += text.size();
  };
  for (ClusterIndex c : seen) {
    if (joined > 0)
      add("+");
    add(cluster_names_.at(c));
  }
  row.n_clusters          = static_cast<int32_t>(seen.size());
  row.job_spread          = started && row.n_components > 0 ? double(row.n_clusters) / row.n_components : NAN;
  row.coallocated         = row.n_clusters > 1;
  row.submit_time         = spec.submit_time;
  row.placement_time      = job.placement_time;
  row.start_time          = job.start_time;
  row.end_time            = job.end_time;
  row.completion_time     = job.completion_time;
  row.response_time       = job.completion_time - spec.submit_time;
  row.wait_time           = job.start_time - spec.submit_time;
  row.runtime             = job.end_time - job.start_time;
  row.overhead            = job.submission_overhead + job.completion_overhead;
  row.file_transfer_time  = job.stage_time;
  row.file_size           = spec.file ? spec.file->size_bytes : 0.0;
  row.placement_tries     = job.placement_tries;
  row.submission_failures = job.submission_failures;
  row.completion_failures = job.run_failures;
  add_policy_figures(row, spec, job, started);
  row.submission_site = job.submission_site;
  std::strncpy(row.rejection, job.rejection.c_str(), sizeof row.rejection - 1);
  statistics_.add(row);
  record_economy(spec, job, status);
  if (trace_) {
    trace_->add_job(row);
    for (PlacementRow p : job.history.rows()) {
      p.job_id = spec.id;
      trace_->add_placement(p);
    }
    if (started)
      for (size_t k = 0; k < placement.size(); ++k) {
        ComponentRow c{};
        c.job_id        = spec.id;
        c.index         = static_cast<int32_t>(k);
        c.cluster       = placement[k].cluster;
        c.processors    = placement[k].processors;
        c.file_site     = placement[k].file_site;
        c.transfer_time = transfer_times.empty() ? 0.0 : transfer_times[k];
        c.host          = placement[k].host >= 0 ? placement[k].host : -1;
        c.cpu_work      = k < job.cpu_work.size() ? job.cpu_work[k] : NAN;
        trace_->add_component(c);
      }
  }
  reused_records_.erase(jobs_, it);
}

} // namespace coalsim
