/* The grid scheduler's engine side: it takes arriving jobs, asks the policy for decisions over the
 * information service's view, validates them and carries them out along one job life cycle (waiting,
 * claiming, staging, running, completing, and back to waiting; docs/architecture.md). The engine claims
 * a placement itself (after the submission overhead, before or after staging its files: a claim fails when
 * processors the policy believed idle are gone) or lets the policy claim component by component through
 * Claims; either way all components start together (a DUROC-like barrier), run, release, and complete
 * after the completion overhead. It holds only the jobs that are in the system, and only what it needs to run them:
 * it publishes each transition to a JobLifecycleListener, which keeps what the trace and the statistics need. */
#pragma once

#include "sim/api/Capabilities.hpp"
#include "sim/api/GridPolicy.hpp"
#include "sim/api/JobSource.hpp"
#include "sim/api/PlacementRules.hpp"
#include "sim/config/Random.hpp"
#include "sim/config/ReusedNodes.hpp"
#include "sim/engine/ClusterHealth.hpp"
#include "sim/engine/FileStager.hpp"
#include "sim/engine/InformationService.hpp"
#include "sim/engine/InstantStep.hpp"
#include "sim/engine/LocalResourceManager.hpp"
#include "sim/engine/MessageService.hpp"
#include "sim/engine/NeverFits.hpp"
#include "sim/engine/RuntimeModel.hpp"
#include "sim/engine/TimerQueue.hpp"
#include "sim/trace/JobLifecycleListener.hpp"
#include "sim/trace/UtilizationRecorder.hpp"

#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

namespace coalsim {

/** It implements every interface a policy may be granted; each policy gets only those its needs() declare. */
class GridScheduler : public Claims,
                      public HostShares,
                      public Timers,
                      public LiveView,
                      public SiteChannel,
                      public JobReports {
public:
  struct Parts {
    const GridPlatform& platform;
    std::vector<std::unique_ptr<LocalResourceManager>>& managers;
    InformationService& info;
    GridPolicy& policy;
    RuntimeModel& runtime;
    FileStager& stager;
    UtilizationRecorder& recorder;
    JobLifecycleListener& lifecycle; // hears every transition (the trace's JobRecorder)
    InstantStep& step;
    // For messages between the sites' schedulers (SiteChannel::send), created at the first one.
    ActivityTracker* tracker = nullptr;
    std::string platform_file;
    // The decision log (trace.decisions) granted to the policy; null: the log is off (DecisionLog::off()).
    DecisionLog* decisions = nullptr;
  };
  GridScheduler(Parts parts, const Distribution& submission_overhead, const Distribution& completion_overhead,
                uint64_t seed);

  /** Schedules the first arrival of `source`. */
  void start(JobSource& source);
  /** True once every job of the source has left the system. */
  bool done() const { return done_; }
  /** Whether a pass would decide nothing and change nothing, now and at any time before the next event: no message
   *  or wake-up due, nothing to refuse or check again, no stall that time alone could bring, and the policy has
   *  nothing to decide. The information service's polls may then wait (TimerQueue::set_deferral): the pass a poll
   *  asks for does nothing, whatever SimGrid's clock. */
  bool idle() const;
  /** Records the jobs still in the system as unfinished at `time` (the stop time). */
  void stop_at(double time);
  /** Without grid jobs the run ends with its background, not here: the caller records the end. */
  void set_run_ends_with_grid(bool ends) { run_ends_with_grid_ = ends; }
  /** No job may wait for ever unnoticed, whatever the policy: once every job has arrived, when `seconds` of
   *  simulated time pass without a grid job arriving, starting or ending, the jobs still waiting are given up
   *  (failed, rejection code `stalled`), and so is every job that comes back to waiting until one starts or ends
   *  again. It ends what no check of sizes can foresee: jobs placed again and again on processors that the local
   *  load always takes back before they are claimed. Checked after every event (InstantStep::watch): the stall is
   *  seen at the first event after its deadline. Only when no event is left to come (InstantStep::at_rest; exact
   *  information, which has no polls) is a timer set at the deadline. 0: never. */
  void set_stall_after(double seconds) { stall_after_ = seconds; }
  /** SimGrid plays profile events (a host's state, a link's bandwidth...) up to `date`: infinity when a profile
   *  repeats or its dates are not known, -infinity when there is none. A profile keeps no run of SimGrid's alive: when
   *  the run would end (InstantStep::at_rest) while a grid job waits and a profile has events to come, a timer at
   *  `date` keeps it going so that SimGrid plays them (a host back may start the job). Not with the stall on: its
   *  timer does that up to its deadline, past which the waiting jobs are given up. */
  void set_profiles_end(double date) { profiles_end_ = date; }
  /** Each run fails with this probability (a completion failure: the application or a subjob exited
   *  with an error), found out after the completion overhead. 0 by default. */
  void set_completion_failure_probability(double p) { completion_failure_probability_ = p; }
  /** Called once per job that leaves the system (for progress reports). */
  void set_on_job_done(std::function<void()> callback) { on_job_done_ = std::move(callback); }
  /** Fault injection and unusable-cluster marking (may be left unset: no faults); random outages and host
   *  failures go on while `faults_go_on` says so. */
  void set_health(ClusterHealth* health, std::function<bool()> faults_go_on);

  // The interfaces a policy may be granted (PolicyClaiming.cpp): Timers, LiveView, Claims, HostShares, JobReports.
  double now() const override;
  void wake_at(double time, uint64_t token) override;
  GridView view() const override { return parts_.info.fresh_view(); }
  ClusterState cluster(ClusterIndex c) const override { return parts_.info.cluster(c); }
  double estimated_transfer_time(ClusterIndex from, ClusterIndex to, double bytes) const override
  {
    return parts_.info.estimated_transfer_time(from, to, bytes);
  }
  std::vector<int> claimable() const override;
  int claimable_on(ClusterIndex c) const override;
  bool available(ClusterIndex c) const override { return not health_ || health_->available(c); }
  const ComponentCores& component_cores() const override { return parts_.info.component_cores(); } // LiveView
  const ComponentCores& claim_cores() const override;
  const ComponentCores& capacity_cores() const override { return parts_.info.capacity_cores(); } // both
  const std::vector<ComponentPlacement>& placement(JobId job) const override;
  const std::vector<double>& claimed_at(JobId job) const override;
  void stage(JobId job) override;
  void claim(JobId job, const std::vector<size_t>& components) override;
  void move(JobId job, size_t component, const ComponentPlacement& to) override;
  void abort_job(JobId job, AbortReason reason, ClusterIndex where = no_cluster) override;
  std::vector<Holding> holders(ClusterIndex c) const override;
  bool host_shareable(ClusterIndex c, int host) const override;
  RunProgress progress(JobId job) const override;
  void set_share(JobId job, size_t component, double share) override;
  void report(JobId job, const JobMetrics& metrics) override;
  void report_economy(JobId job, const EconomyFigures& figures) override;
  void report_estimates(JobId job, double estimated_ftt, double estimated_start) override;
  // SiteChannel (SiteMessaging.cpp): one scheduler per site.
  void send(ClusterIndex from, ClusterIndex to, std::shared_ptr<const Message> message) override;
  RouteQuality route(ClusterIndex from, ClusterIndex to) const override;
  void record_submission_site(JobId job, ClusterIndex site) override;
  void record_migration(JobId job, ClusterIndex from, ClusterIndex to) override;
  void record_migration_check(ClusterIndex site, double started, int examined, int migrated) override;
  /** Messages sent so far (0 when no policy sends any). */
  int64_t messages_sent() const { return messages_ ? messages_->sent() : 0; }

private:
  enum class Phase { waiting, claiming, staging, running, completing };
  struct ActiveJob {
    JobSpec spec;
    Phase phase = Phase::waiting;
    // Bumped when an attempt begins, when its run ends and when it is aborted: the callbacks made for what
    // came before go stale (see guarded()).
    uint64_t attempt = 0;
    std::vector<ComponentPlacement> placement;
    Claiming claiming       = Claiming::immediate;
    bool reserve            = true;
    bool component_failures = false;
    std::vector<double> claimed_at; // per component: when its processors were claimed (NaN: not, or released)
    bool staged = false;            // engine-claimed: the files are at the execution sites of `placement`
    std::vector<bool> file_ready;   // by_policy: per component
    std::vector<std::vector<sg4::Host*>> cores;       // per component: the host of each of its cores
    std::vector<std::vector<CoreMap::Core>> core_ids; // per component: its cores in its cluster's core map
    RuntimeModel::RunId run      = 0;                 // the run in progress (to cancel it when the job is aborted)
    FileStager::StageId stage_id = 0;                 // engine-claimed: the stage-in under way
    // by_policy: the file copies under way, by (execution cluster, file site): components on one cluster share one.
    std::map<std::pair<ClusterIndex, ClusterIndex>, FileStager::StageId> copies;
    std::vector<double> transfer_times; // per component: its file's copy (a component sharing another's copy takes it)
    double placement_time = NAN, start_time = NAN;
    double submission_overhead = 0;
    int placements             = 0;     // placements so far (the number of the last, 1-based, for /allocations)
    bool run_failed            = false; // the current run ended with a completion failure
    // Where claims of it failed (or its placement switched hosts on) since it last started: each cluster keeps hosts
    // on for it (claim_waits).
    std::vector<ClusterIndex> claims_failed_on;
  };

  /** `work` wrapped to run only while the job is in the system and in the attempt (or run) it was made for:
   *  the one guard against callbacks of aborted attempts, ended runs and cancelled timers. */
  template <class F> auto guarded(JobId id, F work)
  {
    return [this, id, attempt = active_.at(id).attempt, work = std::move(work)](auto&&... args) mutable {
      if (in_attempt(id, attempt))
        work(std::forward<decltype(args)>(args)...);
    };
  }
  /** guarded() for a step of the job that takes its id alone: small enough (24 bytes) for a timer or a run to hold
   *  without an allocation, as it is made for every grid job. */
  template <void (GridScheduler::*step)(JobId)> auto guarded(JobId id)
  {
    return [this, id, attempt = active_.at(id).attempt] {
      if (in_attempt(id, attempt))
        (this->*step)(id);
    };
  }
  bool in_attempt(JobId id, uint64_t attempt) const
  {
    auto it = active_.find(id);
    return it != active_.end() && it->second.attempt == attempt;
  }

  void schedule_next_arrival();
  void submit(JobSpec spec);
  /** The policy passes once this instant's events are all applied (InstantStep.hpp). */
  void request_pass();
  void pass();
  void validate(const ActiveJob& job, const Placement& placement) const;
  /** What the policy declares of its placements and which clusters are gone, for never_fits. Built on first use
   *  and kept until a cluster is marked unusable: every arrival asks, and building it walks every cluster. */
  const FitLimits& fit_limits();
  /** Every cluster's capacity for grid components (LocalResourceManager::grid_capacity: it never changes). */
  const std::vector<int>& whole_grid();
  /** A component taking a share of one host (time-shared runtime model) rather than whole processors. */
  static bool shares_a_host(const ComponentPlacement& c) { return c.host >= 0; }
  /** Publishes the CPU work of the job's time-shared components, read from its run (at its end, or at the stop). */
  void note_cpu_work(const ActiveJob& job) const;
  /** Gives back what component k holds (its processors, or its share of a host); its cores' holding ends with
   *  `outcome`. */
  void release_component(ActiveJob& job, size_t k, HoldingOutcome outcome);
  /** Who holds component k's cores (for the trace's /allocations). */
  static CoreHolding holding_of(const ActiveJob& job, size_t k);
  void apply(Placement placement);
  /** Engine claiming: all components at once, or none (the co-allocator cancels every component). */
  void claim_all(JobId id);
  /** Engine claiming: copies the job's input files to its execution sites in one stage-in, then calls `then`.
   *  One stage-in fails as a whole (the co-allocator cancels every component); a policy that claims by itself
   *  gets one copy per (cluster, file site) instead, so that a moved component is staged again alone. */
  void stage_together(JobId id, std::function<void()> then);
  /** by_policy: starts the copy of component k's file, unless one is on its way or there (PolicyClaiming.cpp). */
  void stage_component(JobId id, size_t k);
  /** Starts the job if every component is claimed and staged (the barrier). */
  void start_if_ready(JobId id);
  void launch(JobId id);
  void end(JobId id);
  void complete(JobId id);
  /** The policy gave the job up (at a pass, or after a failed run): a `drop` row, and it leaves as failed. */
  void drop(JobId id);
  /** The run failed: the policy takes the job back or it leaves as failed. */
  void fail_run(JobId id);
  void leave(JobId id, JobStatus status);
  void finish_run(double time);
  /** The job leaves the system (or is still in it at the stop) with `status`. */
  void publish_left(const ActiveJob& job, JobStatus status);

  // Ending an attempt: every way back to waiting goes through these.
  /** The attempt is over: its placement row ends with `outcome`, its run and copies stop, what it claimed is
   *  released and what it reserved given back. */
  void stop_attempt(ActiveJob& job, PlacementOutcome outcome);
  /** A claim of the job failed on cluster c: the hosts switched on for claims there stay on until it starts or
   *  leaves (claims_done), so that it finds them on when it is placed there again. */
  void claim_waits(ActiveJob& job, ClusterIndex c);
  void claims_done(ActiveJob& job);
  /** A placement the policy claims itself: the hosts switched off that its components need are switched on now. */
  void wake_for_placement(ActiveJob& job);
  /** The job waits again, unplaced (nothing held); its attempt's callbacks go stale. */
  void reset_to_waiting(ActiveJob& job);
  /** The job is back with the policy: the queue length is traced and a pass follows. */
  void requeued();
  /** An outage ended the attempt of an engine-claimed job (its cluster went down, or a file server it copies
   *  from or to): a job that had claimed is back with the policy as after a failed run (on_job_failed), one that
   *  had not as after a failed claim. Each cluster counts a component error. */
  void abort_attempt(JobId id, const std::vector<ClusterIndex>& clusters);
  /** The attempt of a by_policy job ends; the policy learns it with on_job_aborted. */
  void abort_to_policy(JobId id, AbortReason reason, const std::vector<ClusterIndex>& clusters);
  /** Gives the job `components` empty core lists (ActiveJob::cores and core_ids), from those of attempts that
   *  ended and jobs that left: they keep their room, so that claiming cores allocates no lists for each job. */
  void take_core_lists(ActiveJob& job, size_t components);
  /** The job's core lists, emptied, go back for later attempts. */
  void give_back_core_lists(ActiveJob& job);
  /** How many distinct clusters the job's components run on. */
  static int clusters_used(const ActiveJob& job);
  static bool all_claimed(const ActiveJob& job);
  void update_claim_series();

  // Faults (FaultHandling.cpp)
  void cluster_changed(ClusterIndex c, bool up);
  void host_changed(ClusterIndex c, const sg4::Host& host, bool up);
  /** Whether component k of the job holds processors now (claimed and not released). */
  static bool holds_processors(const ActiveJob& job, size_t k);
  /** Fails, in job order, every job with a component on cluster c that holds processors and is `hit_by` it. */
  void fail_holders(ClusterIndex c, const std::function<bool(const ActiveJob&, size_t)>& hit_by);
  /** The job's components on `clusters` died: each counts an error, the job is aborted and handed back. */
  void fail_components(JobId id, const std::vector<ClusterIndex>& clusters);
  /** SimGrid failed the job's run (a host or link turned off): the clusters with a core on a host that is off
   *  fail their components. */
  void run_failed_in_simgrid(JobId id);
  void count_error(ClusterIndex c, JobId job);
  /** A /failures event, published now. */
  void publish_failure(JobId job, ClusterIndex c, const char* kind, const std::string& host = "");

  Parts parts_;
  PolicyNeeds needs_;    // the policy's, asked once
  PlacementRules rules_; // what its placements are checked against (validate)
  std::optional<FitLimits> fit_limits_;
  std::vector<int> whole_grid_;
  InstantStep::SchedulerId step_id_;
  Distribution submission_overhead_, completion_overhead_;
  RngStream overheads_;
  RngStream completion_failures_;
  double completion_failure_probability_ = 0;
  JobSource* source_                     = nullptr;
  bool source_exhausted_                 = false;
  bool done_                             = false;
  bool run_ends_with_grid_               = true;
  int running_                           = 0; // grid jobs running
  double last_pass_time_                 = -1;
  long passes_at_this_time_              = 0;
  using ActiveJobs                       = std::unordered_map<JobId, ActiveJob>;
  ActiveJobs active_;
  ReusedNodes<ActiveJobs> reused_jobs_; // the entries of jobs that left, for the next ones
  /** A new entry of active_ for job `id` (as emplace()), in the entry of a job that left if there is one. */
  std::pair<ActiveJobs::iterator, bool> admit(JobId id);
  JobSpec next_arrival_; // the grid job whose arrival timer is set (schedule_next_arrival)
  std::vector<std::pair<ClusterIndex, std::vector<int>>> claim_sizes_; // claim_all's lists, kept for their room
  std::vector<std::vector<sg4::Host*>> spare_hosts_;                   // core lists of ended attempts (empty)
  std::vector<std::vector<CoreMap::Core>> spare_core_ids_;
  // The (empty) per-component lists of jobs that left, for the next jobs.
  std::vector<std::pair<std::vector<std::vector<sg4::Host*>>, std::vector<std::vector<CoreMap::Core>>>> spare_lists_;
  std::set<uint64_t> wakes_due_; // Timers::wake_at tokens due at this instant, delivered at its pass
  struct MessageDue {
    ClusterIndex from, to;
    std::shared_ptr<const Message> message;
    bool delivered;
  };
  std::unique_ptr<MessageService> messages_;    // at the first message
  uint64_t messages_so_far_ = 0;                // the order of sending
  std::map<uint64_t, MessageDue> messages_due_; // arrived or failed at this instant, delivered at its pass
  /** Hands this instant's arrived messages to the policy, in the order they were sent. */
  void deliver_messages();
  std::function<void()> on_job_done_;
  double stall_after_   = 0;
  double last_progress_ = 0; // the last arrival, start or end of a grid job
  bool stalled_         = false;
  /** A grid job arrived, started or ended. */
  void note_progress();
  /** The run has just stalled: every job has arrived and none arrived, started or ended for stall_after_. */
  bool stalled_now() const;
  /** decide() would return nothing and the rest of a pass would find nothing to do, unless the run stalls now. */
  bool decides_nothing() const;
  /** At a pass: once the run has stalled, gives up every waiting job. */
  void withdraw_if_stalled();
  /** The run would end now (InstantStep::at_rest) while a job waits and the stall clock runs: sets a timer at the
   *  stall's deadline, the event after which it is seen. */
  void time_the_stall();
  TimerQueue::Handle stall_timer_; // set by time_the_stall(), only in a run that would end otherwise
  /** Whether a grid job is waiting. */
  bool any_waiting() const;
  /** The run would end now (InstantStep::at_rest) while a job waits, the stall off, and a SimGrid profile has an event
   *  to come: sets a timer at the profiles' last event (set_profiles_end), so that SimGrid plays them. */
  void time_the_profiles();
  /** The timers set at rest (the stall's, the profiles') will not fire: a job arrived, started or ended, or the run is
   *  done. */
  void drop_rest_timers();
  double profiles_end_ = -INFINITY;
  TimerQueue::Handle profile_timer_; // set by time_the_profiles()
  ClusterHealth* health_ = nullptr;
  std::vector<Rejection> never_fitting_; // jobs that arrived at this instant and no placement could ever hold
  // Waiting jobs to check again at the next pass, since a cluster was marked unusable (every waiting job, when it
  // happened; a job back to waiting, after it happened).
  std::vector<JobId> recheck_;
  bool any_unusable_ = false;
  /** Withdraws from the policy the jobs of recheck_ still waiting that no placement could hold any more. */
  void withdraw_never_fitting();
  // by_policy placements: processors claimed but not yet running; placed but not yet claimed
  int held_ = 0, gained_ = 0;
  // claim_cores(): the capacity's, with each `nodes` cluster's width as its manager counts it at the call.
  mutable std::optional<ComponentCores> claim_cores_;
};

} // namespace coalsim
