/* The trace's side of the grid jobs: it listens to the grid scheduler (JobLifecycleListener) and keeps, for each job
 * in the system, what the trace and the run's statistics need of it and the engine does not; when the job leaves it
 * writes the job's /jobs, /placements, /components and /economy rows and adds it to the statistics. The /failures,
 * /messages, /migrations and /migration_checks rows it writes as they happen. */
#pragma once

#include "sim/config/ReusedNodes.hpp"
#include "sim/trace/JobLifecycleListener.hpp"
#include "sim/trace/PlacementHistory.hpp"
#include "sim/trace/RunStatistics.hpp"
#include "sim/trace/TraceWriter.hpp"

#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace coalsim {

class JobRecorder : public JobLifecycleListener {
public:
  /** `trace` may be null (a run without a trace keeps its statistics); `cluster_names` in index order. */
  JobRecorder(TraceWriter* trace, RunStatistics& statistics, std::vector<std::string> cluster_names);

  void submitted(const JobSpec& job, double time) override;
  void not_placed(JobId job) override;
  void placed(JobId job, double time) override;
  void submission_overhead(JobId job, double overhead) override;
  void staged(JobId job, double stage_time) override;
  void submission_failed(JobId job) override;
  void run_failed(JobId job) override;
  void run_started(JobId job, double time, int running) override;
  void run_ended(JobId job, double time, double completion_overhead) override;
  void cpu_work(JobId job, std::vector<double> per_component) override;
  void attempt_ended(JobId job, PlacementOutcome outcome, double time) override;
  void back_to_waiting(JobId job) override;
  void done(JobId job, double time) override;
  void turned_away(JobId job, const std::string& code) override;
  void stopped(JobId job, double time) override;
  void left(const JobSpec& job, JobStatus status, const std::vector<ComponentPlacement>& placement,
            const std::vector<double>& transfer_times) override;
  void finished(double time) override;

  void metrics(JobId job, const JobMetrics& metrics) override;
  void economy(JobId job, const EconomyFigures& figures) override;
  void estimates(JobId job, double estimated_ftt, double estimated_start) override;
  void submission_site(JobId job, ClusterIndex site) override;
  void migration(double time, JobId job, ClusterIndex from, ClusterIndex to) override;
  void migration_check(double time, double started, ClusterIndex site, int examined, int migrated) override;

  void failure(double time, JobId job, ClusterIndex cluster, const char* kind, const std::string& host) override;
  void message_ended(const MessageRecord& message) override;

private:
  /** What the trace keeps of a job in the system. */
  struct JobRecord {
    double placement_time = NAN, start_time = NAN, end_time = NAN, completion_time = NAN;
    double stage_time = 0, submission_overhead = 0, completion_overhead = 0;
    int placement_tries = 0, submission_failures = 0, run_failures = 0;
    std::vector<double> cpu_work;              // per component, of the last run (NaN: not on a share of a host)
    std::optional<JobMetrics> metrics;         // as the policy reported them
    EconomyFigures economy;                    // as the policy reported them (economy policies)
    std::string rejection;                     // the rejection's code, when it was rejected or given up at a pass
    ClusterIndex submission_site = no_cluster; // as the policy recorded it (one scheduler per site)
    PlacementHistory history;                  // one /placements row per placement
  };

  JobRecord& of(JobId job);
  /** The job's /economy row, when it has a deadline. */
  void record_economy(const JobSpec& spec, const JobRecord& job, JobStatus status);
  /** The /jobs figures the policy reported (JobMetrics), or the engine's own when it reported none. */
  static void add_policy_figures(JobRow& row, const JobSpec& spec, const JobRecord& job, bool started);

  TraceWriter* trace_;
  RunStatistics& statistics_;
  std::vector<std::string> cluster_names_;
  using JobRecords = std::unordered_map<JobId, JobRecord>;
  JobRecords jobs_;
  ReusedNodes<JobRecords> reused_records_; // the records of jobs that left, for the next ones
};

} // namespace coalsim
