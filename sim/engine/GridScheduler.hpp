/* The grid scheduler's engine side: it takes arriving jobs, asks the policy for decisions over the
 * information service's view, validates them and carries them out: claim after the submission overhead
 * (a claim fails when processors the policy believed idle are gone), stage the input files in, start
 * all components together (a DUROC-like barrier), run, release, and complete after the completion
 * overhead. It holds only the jobs that are in the system. */
#pragma once

#include "sim/engine/ClaimingQueue.hpp"
#include "sim/engine/ClusterHealth.hpp"
#include "sim/engine/FileStager.hpp"
#include "sim/api/GridPolicy.hpp"
#include "sim/engine/InformationService.hpp"
#include "sim/api/JobSource.hpp"
#include "sim/engine/LocalResourceManager.hpp"
#include "sim/engine/PlacementHistory.hpp"
#include "sim/config/Random.hpp"
#include "sim/trace/RunStatistics.hpp"
#include "sim/engine/RuntimeModel.hpp"
#include "sim/trace/TraceWriter.hpp"

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <vector>

namespace coalsim {

class GridScheduler {
public:
  struct Parts {
    const GridPlatform& platform;
    std::vector<std::unique_ptr<LocalResourceManager>>& managers;
    InformationService& info;
    GridPolicy& policy;
    RuntimeModel& runtime;
    FileStager& stager;
    UtilizationRecorder& recorder;
    TraceWriter* trace; // may be null
    RunStatistics& statistics;
  };
  GridScheduler(Parts parts, const Distribution& submission_overhead, const Distribution& completion_overhead,
                uint64_t seed);

  /** Schedules the first arrival of `source`. */
  void start(JobSource& source);
  /** True once every job of the source has left the system. */
  bool done() const { return done_; }
  /** Records the jobs still in the system as unfinished at `time` (the stop time). */
  void stop_at(double time);
  /** Without grid jobs the run ends with its background, not here: the caller records the end. */
  void set_run_ends_with_grid(bool ends) { run_ends_with_grid_ = ends; }
  /** Each run fails with this probability (a completion failure: the application or a subjob exited
   *  with an error), found out after the completion overhead. 0 by default. */
  void set_completion_failure_probability(double p) { completion_failure_probability_ = p; }
  /** Called once per job that leaves the system (for progress reports). */
  void set_on_job_done(std::function<void()> callback) { on_job_done_ = std::move(callback); }
  /** Fault injection and unusable-cluster marking (may be left unset: no faults); random outages and host
   *  failures go on while `faults_go_on` says so. */
  void set_health(ClusterHealth* health, std::function<bool()> faults_go_on);

private:
  enum class Phase { waiting, claiming, staging, running, completing };
  struct ActiveJob {
    JobSpec spec;
    Phase phase = Phase::waiting;
    std::vector<ComponentPlacement> placement;
    Claiming claiming = Claiming::immediate;
    bool staged       = false; // files are at the execution sites of `placement`
    std::vector<std::vector<sg4::Host*>> cores;
    RuntimeModel::RunId run = 0;        // the run in progress (to cancel it when the job is aborted)
    FileStager::StageId stage_id = 0;   // the stage-in under way (non-incremental claiming)
    std::vector<double> transfer_times;
    double placement_time = NAN, start_time = NAN, end_time = NAN, completion_time = NAN;
    double stage_time = 0, submission_overhead = 0, completion_overhead = 0;
    int placement_tries = 0, submission_failures = 0, completion_failures = 0;
    bool run_failed = false; // the current run ended with a completion failure
    // KOALA's incremental claiming (IncrementalClaiming.cpp)
    IncrementalClaiming incremental{};
    double jst = NAN, jct = NAN, first_jst = NAN, estimated_ftt = NAN, files_done = NAN;
    std::vector<double> claimed_at; // per component: when its processors were claimed (NaN: not yet)
    std::vector<bool> file_ready;
    // The file copies under way, by (execution cluster, file site): components on one cluster share one.
    std::map<std::pair<ClusterIndex, ClusterIndex>, FileStager::StageId> copies;
    int epoch = 0, claiming_tries = 0, placements = 0, run_failures = 0;
    double queued_since = NAN, total_placement_time = 0, pgt = 0, pwt = 0;
    PlacementHistory history; // one /placements row per placement
  };

  void schedule_next_arrival();
  void submit(JobSpec spec);
  void request_pass();
  void pass();
  void validate(const ActiveJob& job, const Placement& placement) const;
  void apply(Placement placement);
  void claim(JobId id, int epoch);
  /** Copies the job's input files to its execution sites, then calls `then`. */
  void stage(JobId id, std::function<void()> then);
  /** An outage ended the attempt of a job placed without incremental claiming (its cluster went down, or a
   *  file server it copies from or to): what it claimed is released and its transfers and run are stopped;
   *  a job that had claimed is back with the policy as after a failed run (GridPolicy::on_job_failed), one
   *  that had not as after a failed claim. Each cluster counts a component error. */
  void abort_attempt(JobId id, const std::vector<ClusterIndex>& clusters);
  /** The job's attempt is over: its callbacks go stale and it waits again, unplaced (processors already released). */
  void reset_to_waiting(ActiveJob& job);
  void launch(JobId id);
  void end(JobId id);
  void complete(JobId id);
  /** The policy gave the job up (at a pass, or after a failed run): a `drop` row, and it leaves as failed. */
  void drop(JobId id);
  /** The run failed: the policy takes the job back or it leaves as failed. */
  void fail_run(JobId id);
  void leave(JobId id, JobStatus status);
  void finish_run(double time);
  void record(const ActiveJob& job, JobStatus status);
  /** The job's distinct execution clusters, in component order. */
  static std::vector<ClusterIndex> clusters_used(const ActiveJob& job);

  // KOALA: claiming queue, Incremental Claiming Policy, runners and fault tolerance (IncrementalClaiming.cpp)
  void admit_incremental(JobId id);
  void stage_component(JobId id, size_t k);
  /** Stops the job's file copies under way (the Data Manager cancels an aborted job's transfers). */
  void cancel_copies(ActiveJob& job);
  void arm_claiming_timer();
  void claiming_due();
  void claiming_try(JobId id);
  /** Algorithm 2, lines 9-13 for component k; updates `idle` (the try's view of idle processors). */
  bool preempt_for(ActiveJob& job, size_t k, std::vector<int>& idle);
  void maybe_start(JobId id, int epoch);
  void launch_incremental(JobId id);
  void run_failed(JobId id, int epoch, std::vector<ClusterIndex> clusters);
  /** SimGrid failed the job's run (a host or link turned off): the clusters with a core on a host that is off
   *  fail their components. */
  void run_failed_in_simgrid(JobId id, int epoch);
  /** Aborts every component of the job (releasing what it claimed) and hands it back to the policy. */
  void return_to_policy(JobId id, ReturnReason reason, const std::vector<ClusterIndex>& clusters);
  /** At the end of an attempt's claiming (its launch, or an abort before it): adds the attempt's processor
   *  gained and wasted time to the job's PGT and PWT, which sum over all its attempts. */
  void add_claim_times(ActiveJob& job);
  // Faults (FaultHandling.cpp)
  void cluster_changed(ClusterIndex c, bool up);
  void host_changed(ClusterIndex c, const sg4::Host& host, bool up);
  /** Whether component k of the job holds processors now (claimed, staging or running). */
  static bool holds_processors(const ActiveJob& job, size_t k);
  /** Fails, in job order, every job with a component on cluster c that holds processors and is `hit_by` it. */
  void fail_holders(ClusterIndex c, const std::function<bool(const ActiveJob&, size_t)>& hit_by);
  /** The job's components on `clusters` died: each counts an error, the job is aborted and handed back. */
  void fail_components(JobId id, const std::vector<ClusterIndex>& clusters);
  void count_error(ClusterIndex c, JobId job);
  void add_failure_row(JobId job, ClusterIndex c, const char* kind, const std::string& host = "");
  void update_claim_series();

  Parts parts_;
  Distribution submission_overhead_, completion_overhead_;
  RngStream overheads_;
  RngStream completion_failures_;
  double completion_failure_probability_ = 0;
  JobSource* source_ = nullptr;
  bool source_exhausted_ = false;
  bool pass_pending_     = false;
  bool done_             = false;
  bool run_ends_with_grid_ = true;
  int running_           = 0;
  double last_pass_time_   = -1;
  long passes_at_this_time_ = 0;
  std::unordered_map<JobId, ActiveJob> active_;
  std::function<void()> on_job_done_;
  ClusterHealth* health_ = nullptr;
  ClaimingQueue claiming_;
  std::set<double> claiming_timers_;
  int held_ = 0, gained_ = 0; // processors claimed but not yet running; placed but not yet claimed
};

} // namespace coalsim
