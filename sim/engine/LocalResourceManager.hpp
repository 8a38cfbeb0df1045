/* A cluster's local resource manager (openPBS/SGE on the DAS): space-shares the processors between
 * local background jobs, queued FCFS or with EASY or conservative backfilling (LocalQueue.hpp), and grid job
 * components. Its queue makes one pass per instant that changed something (InstantStep.hpp). A grid claim is
 * not queued: it gets its processors now or fails, as a DUROC submission did when local jobs had taken
 * them. During an outage of the cluster it has no idle processors: its running local jobs are killed,
 * queued ones wait for the cluster to come back. A single compute host that fails takes its cores away
 * until it is back: the local and dummy jobs on it are killed, and the cores a grid component returns
 * from it stay out of use (the scheduler aborts that component). Which cores a job gets is its cluster's core
 * map's (CoreMap.hpp: first fit); every set of cores given back is reported (CoreHolding.hpp) for the trace.
 * With a shape policy other than the pool (set_shape_policy), local jobs and grid components are shaped
 * (JobShape.hpp) and fit host by host (ShapeFit.hpp). */
#pragma once

#include "sim/api/LocalQueue.hpp"
#include "sim/engine/CoreHolding.hpp"
#include "sim/engine/CoreMap.hpp"
#include "sim/engine/InstantStep.hpp"
#include "sim/engine/RunningAtMark.hpp"
#include "sim/engine/ShapeFit.hpp"
#include "sim/engine/TimerQueue.hpp"
#include "sim/engine/power/PowerManager.hpp"
#include "sim/platform/GridPlatform.hpp"
#include "sim/trace/UtilizationRecorder.hpp"

#include <cmath>
#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace coalsim {

/** Which share of a time-shared host changed: the grid job's component that holds it, and its value now (0: it was
 *  released). */
struct ShareChange {
  int64_t job_id = -1;
  int component  = 0;
  double share   = 0;
};

/** A local job that has ended, as the trace records it. */
struct LocalJobRecord {
  int64_t id; // its number, in order of arrival at the managers that share a numbering (set_job_numbers)
  int cluster;
  int64_t trace_id;
  int size;
  double submit_time, start_time, end_time, estimate;
};

class LocalResourceManager {
public:
  /** With `track_hosts`, every job gets concrete cores and claims return them (the network runtime model
   *  runs on them, and a host failure kills what runs on that host); simulations always track hosts. */
  LocalResourceManager(const Cluster& cluster, UtilizationRecorder& recorder, InstantStep& step, bool track_hosts,
                       const std::string& scheduling = "fcfs");

  const Cluster& cluster() const { return *cluster_; }
  int processors() const { return cluster_->processors; }
  int idle() const { return down_ ? 0 : cluster_->processors - busy_grid_ - busy_background_ - cores_.out_of_use(); }
  /** What the information service reports as idle: the idle cores, and those of hosts the power manager switched
   *  off while none boots (a claim switches them on: PowerManager.hpp), with shapes what a shaped job could take of
   *  them (as idle_for_grid() counts the hosts that are on). */
  int available() const
  {
    if (down_ || power_ == nullptr || power_->cores_booting() > 0)
      return idle_for_grid();
    const int off = power_->cores_off();
    return idle_for_grid() + (shapes_ && off > 0 ? shapes_->usable_on_free_hosts(off / cores_.cores_of(0)) : off);
  }
  /** The width the information service reports with available(): on a `nodes` cluster, the hosts with room for one
   *  more node now and those switched off (while none boots); most_nodes() on any other. */
  int available_width() const
  {
    if (not nodes_shaped() || down_ || power_ == nullptr || power_->cores_booting() > 0)
      return width_for_grid();
    return width_for_grid() + power_->cores_off() / cores_.cores_of(0);
  }
  /** A claim of jobs or components of `sizes` processors, one after the other, failed: the power manager switches
   *  hosts on for it (in the pool, as many cores as it lacked; with shapes, the hosts it needs to fit). Returns
   *  whether it switched any on (what the cluster reports as available then moved). */
  bool wake_for(const std::vector<int>& sizes);
  /** Whether the power manager has hosts switched off or booting. */
  bool hosts_switched_off() const
  {
    return power_ != nullptr && (power_->cores_off() > 0 || power_->cores_booting() > 0);
  }
  /** A grid job whose claim failed here waits; until it starts or leaves (claim_done), the hosts switched on for
   *  claims stay on (PowerManager::Hosts::claims_wait). */
  void claim_waits() { ++claims_waiting_; }
  void claim_done()
  {
    if (--claims_waiting_ == 0 && power_ != nullptr)
      power_->release();
  }
  /** Cores of failed hosts that nobody holds. */
  int off() const { return cores_.out_of_use(); }
  /** Which core is whose (with host tracking; all free without). */
  const CoreMap& core_map() const { return cores_; }
  int busy_grid() const { return busy_grid_; }
  int busy_background() const { return busy_background_; }
  size_t background_waiting() const { return queue_->size(); }
  /** Shapes every local job and grid component of `processors` by `policy` (JobShape.hpp), from now on; the pool
   *  (the default) counts processors. Needs host tracking, and hosts of one core count. */
  void set_shape_policy(const ShapePolicy& policy);
  /** The cores a job or component of `processors` holds: its shape's (whole nodes' worth), or `processors`. */
  int holds(int processors) const { return shapes_ ? shapes_->held(processors) : processors; }
  /** The most processors a job may ask for (a larger one could never fit the cluster): all of them in the pool. */
  int largest_job() const { return shapes_ ? shapes_->largest() : processors(); }
  /** The most cores grid components could hold together when the cluster is idle (the engine's never-fits capacity):
   *  with `nodes` of c cores, c x the nodes every host has room for (components share hosts); largest_job()
   *  otherwise. */
  int grid_capacity() const { return shapes_ ? shapes_->capacity() : processors(); }
  /** The most nodes a shaped job may have here (the cluster's hosts: its nodes lie on distinct ones); 0 in the pool,
   *  where a job takes any cores. */
  int most_nodes() const { return shapes_ ? cores_.hosts() : 0; }
  /** Whether jobs here are shaped as `nodes` (whose idle count is additive, and whose width moves). */
  bool nodes_shaped() const { return shapes_ && shapes_->policy().kind == ShapeKind::nodes; }
  /** The idle processors as the grid is told: in the pool, idle(); with shapes, whole nodes' worth: with `nodes` of
   *  c cores, c x the nodes each host has room for (several components may share a host; one takes at most
   *  width_for_grid() nodes), with `whole_nodes` the wholly free hosts' cores. */
  int idle_for_grid() const { return shapes_ && not down_ ? shapes_->usable_idle() : idle(); }
  /** The most nodes one component could have now, as the grid is told: on a `nodes` cluster, the hosts with room for
   *  one more node (0 while down); most_nodes() on any other. */
  int width_for_grid() const { return not nodes_shaped() ? most_nodes() : down_ ? 0 : shapes_->width(); }
  /** Whether grid components of `sizes` processors could all be claimed now, one after the other. */
  bool can_claim(const std::vector<int>& sizes) const;
  /** Whether they could all be claimed, one after the other, with every core of the cluster free: its test of a
   *  claim (ShapeFit::place) on the idle cluster, for the engine's check that a job could ever fit. */
  bool can_claim_when_idle(const std::vector<int>& sizes) const;
  /** The local discipline, by its registered name (LocalDisciplines.hpp). */
  const std::string& scheduling() const { return scheduling_; }

  /** Claims `count` processors for a grid component; false (and nothing claimed) if fewer are idle.
   *  With host tracking, appends the cores the core map gives (first fit) to `cores` and their hosts to `hosts`,
   *  one per processor, in the same order. A shaped component holds its shape's cores (whole nodes' worth), and
   *  its processes run on the first `count`. */
  bool claim(int count, std::vector<sg4::Host*>* hosts, std::vector<CoreMap::Core>* cores);
  /** Gives back a grid component's `count` processors (`cores` with host tracking), reported as `holding` ended
   *  now with `outcome`. */
  void release(int count, const std::vector<CoreMap::Core>& cores, const CoreHolding& holding, HoldingOutcome outcome);
  /** Reports cores a grid component still holds at the stop time `time` (as unfinished), keeping them. */
  void report_held(const std::vector<CoreMap::Core>& cores, const CoreHolding& holding, double time) const;
  /** At the stop time: reports the cores of the local and dummy jobs still running as unfinished. */
  void stop(double time) const;

  // Time-shared hosts (runtime_model.kind: timeshared). A share is a fraction of one core's speed; a host of k
  // cores takes shares summing to at most k. The first share taken on a host takes all its cores out of the
  // space-shared pool (they count as busy grid processors), and the last one released gives them back: a host
  // is either space-shared or time-shared, never both at once. Needs host tracking.
  /** Whether compute host `host` (its index in the cluster) may take shares now: it is on, the cluster is up, and
   *  it is time-shared already or wholly idle (no local job, no space-shared grid component on it). */
  bool host_shareable(int host) const;
  /** Whether a share can be taken on compute host `host` now: it is shareable and the share fits. */
  bool can_claim_share(int host, double share) const;
  /** Takes `share` of host `host` for component `component` of grid job `job`; false (and nothing taken) if it
   *  does not fit. Appends the host to `cores`. */
  bool claim_share(int host, double share, std::vector<sg4::Host*>* cores, int64_t job, int component);
  void release_share(int host, double share, int64_t job, int component);
  /** A running component's share changes (the sum may exceed the host's cores: shares are then weights, and
   *  only new claims are refused). */
  void update_share(int host, double from, double to, int64_t job, int component);
  /** The shares taken on host `host`, summed (0 when it is not time-shared now). */
  double shares_taken(int host) const;
  int components_sharing(int host) const;

  /** Queues a local job (size at most the cluster's); it may start at this instant's pass. */
  void submit_background(const LocalJobRequest& job);

  /** The experimenters' dummy local jobs (Mohamed and Epema 2008, Section 7.5): started at once on idle processors,
   *  outside the FCFS queue, and running until killed. Counted as background. */
  void start_dummy(int size);
  /** Kills `size` processors' worth of dummy jobs (at most what runs). */
  void kill_dummy(int size);
  int dummy() const { return dummy_; }

  /** The cluster goes down: running local jobs are killed (reported as ended now) and so are the dummy
   *  jobs; nothing starts and no claim succeeds until come_up(). Grid components still hold their
   *  processors until the scheduler releases them. */
  void go_down();
  /** The cluster is back: queued local jobs start as the local policy allows, at this instant's pass. */
  void come_up();
  bool down() const { return down_; }

  /** A compute host has failed (SimGrid has turned it off): its idle cores go out of use, and the local
   *  and dummy jobs with a core on it are killed (a local job is reported as ended now, as in an outage).
   *  Grid components on it keep their cores until the scheduler releases them; the cores of a host that
   *  is off then go out of use too. Needs host tracking. */
  void host_down(const sg4::Host* host);
  /** The host is back: its cores are idle again. */
  void host_up(const sg4::Host* host);

  /** Called after every change of the idle count. */
  void set_on_change(std::function<void()> callback) { on_change_ = std::move(callback); }
  /** Called when hosts switched on for a grid claim are up (PowerManager::Hosts::switch_on). */
  void set_on_up_for_claim(std::function<void()> callback) { on_up_for_claim_ = std::move(callback); }
  /** Called after every change of a time-shared host's shares: the host's index, its shares summed, its
   *  components (0 when it is back in the space-shared pool), and the component whose share changed. */
  void
  set_on_shares_change(std::function<void(int host, double taken, int components, const ShareChange& change)> callback)
  {
    on_shares_change_ = std::move(callback);
  }
  /** Called for every set of cores given back, and at the stop time for those still held (with host tracking). */
  void set_on_cores_released(std::function<void(const HeldCores&)> callback)
  {
    on_cores_released_ = std::move(callback);
  }
  /** `observer` is told of every core of the cluster taken or given back and every host failed or back (the energy
   *  accounting, EnergyAccounting.hpp). */
  void add_core_observer(CoreObserver* observer) { cores_.add_observer(observer); }
  /** The cluster's power manager (the manager consults it; `energy` hears its switches, null without power
   *  properties). Before the run. */
  void set_power_manager(PowerManager& manager, EnergyAccounting* energy);
  /** Local and dummy jobs are numbered from `*next` on, which the managers of one run share (by default each
   *  manager numbers its own from 0). */
  void set_job_numbers(int64_t* next) { next_job_number_ = next; }
  /** Called when a local job ends. */
  void set_on_local_job_done(std::function<void(const LocalJobRecord&)> callback)
  {
    on_local_job_done_ = std::move(callback);
  }

  /** The estimated ends of the running local jobs (their requested times, as the manager would report them). */
  const RunningByEnd& running_local() const { return running_; }
  /** Marks the running local jobs as they are now (the information service's poll of the cluster). */
  void mark_running_local() { at_mark_.mark(started_); }
  /** running_local() as it was at the last mark (empty before the first). */
  const EstimatedEnds& running_local_at_mark() const
  {
    return at_mark_.read([this](auto add) {
      for (const RunningJob& job : running_jobs_)
        add({job.seq, job.slot->first, job.slot->second});
    });
  }

private:
  /** Whether shaped components of `sizes` processors fit, one after the other, hosts with `free` cores (by index),
   *  each where ShapeFit::place puts it. */
  bool shaped_claims_fit(const std::vector<int>& sizes, std::vector<int> free) const;
  struct RunningJob {
    LocalJobRecord record;
    uint64_t seq = 0; // the manager's starts, numbered from 0
    RunningByEnd::iterator slot;
    std::vector<CoreMap::Core> cores;
    TimerQueue::Handle end;                  // the timer that ends it
    ShapeFit::Running::iterator shaped = {}; // with shapes: its entry in shapes_
  };

  /** The queue's pass at this instant's step: starts the waiting local jobs the local policy allows. */
  void pass();
  enum class Change {
    local_job_ended, // at or before its estimated end
    capacity_gained, // processors given back with no estimated end (grid components, dummy jobs, hosts)
    capacity_lost    // processors taken with no estimated end (or a local job killed)
  };
  /** Something changed that may let a waiting job start: a pass follows at this instant's step. */
  void needs_pass(Change change);
  /** Starts `job` on the hosts `on` (a reservation's), or where it fits now when empty. */
  void start(const QueuedLocalJob& job, const std::vector<HostCores>& on);
  /** After a pass: a timer for the queue's next due start (LocalQueue::next_due), so that a job whose
   *  reservation falls at an instant when nothing else happens still starts then; the timer of a due time that
   *  changed is removed. */
  void wake_when_due();
  /** The local job ends (at its end time, or killed by an outage): its processors are free again. */
  void finish(std::list<RunningJob>::iterator job, HoldingOutcome outcome);
  /** With host tracking: takes `count` idle cores (first fit; by shape with shapes, on the hosts `on` if not empty)
   *  into `into`, and back. */
  void take_cores(int count, std::vector<CoreMap::Core>& into, const std::vector<HostCores>& on = {});
  /** Cores of hosts that are off go out of use instead. */
  void return_cores(const std::vector<CoreMap::Core>& cores);
  /** Reports `cores` of `holding` given back (or held) at `time`. */
  void report(const std::vector<CoreMap::Core>& cores, const CoreHolding& holding, double time,
              HoldingOutcome outcome) const;
  static CoreHolding holding_of(const LocalJobRecord& job);
  int index_of(const sg4::Host* host) const;
  void changed();

  const Cluster* cluster_;
  UtilizationRecorder* recorder_;
  bool track_hosts_;
  std::string scheduling_;
  InstantStep* step_;
  InstantStep::SchedulerId step_id_;
  std::unique_ptr<LocalQueue> queue_;
  TimerQueue::Handle due_timer_; // wakes the manager at due_at_ (wake_when_due)
  double due_at_         = INFINITY;
  bool only_arrivals_    = true; // since the last pass
  bool capacity_changed_ = false;
  int busy_grid_         = 0;
  int busy_background_   = 0;
  RunningByEnd running_;
  int running_processors_ = 0; // the sum of running_'s sizes
  uint64_t started_       = 0; // local jobs started so far
  RunningAtMark at_mark_;
  std::list<RunningJob> running_jobs_; // in order of start
  std::list<RunningJob> spare_jobs_;   // ended jobs' nodes, kept for the next starts (their core lists' room too)
  std::vector<RunningByEnd::node_type> spare_slots_; // ended jobs' nodes of running_, kept for the next starts
  bool down_ = false;
  CoreMap cores_;                    // with host tracking: which core is whose
  std::unique_ptr<ShapeFit> shapes_; // where shaped jobs fit; none in the pool
  int hosts_off_          = 0;       // hosts failed on their own (host_down without host_up yet)
  int dummy_              = 0;
  PowerManager* power_    = nullptr;
  int waiting_processors_ = 0; // cores the queued local jobs hold once started
  int claims_waiting_     = 0; // grid jobs waiting whose claims failed here (claim_waits)
  bool power_off(int host);
  void power_on(int host, bool for_claim);
  /** Local jobs wait: the power manager switches hosts on for as many cores as they hold beyond the idle ones and,
   *  with shapes, for the hosts the queue's head needs to fit (LocalQueue::head). */
  void wake_for_waiting();
  /** With shapes: switches on the hosts that jobs holding `held` cores, placed one after the other, need. */
  void wake_to_place(std::span<const int> held, PowerManager::For wanted);
  struct DummyJob {
    CoreHolding holding;
    std::vector<CoreMap::Core> cores; // in the order taken: the last are killed first
  };
  std::vector<DummyJob> dummies_; // in order of start
  int64_t own_job_numbers_  = 0;
  int64_t* next_job_number_ = &own_job_numbers_;
  struct SharedHost {
    double taken   = 0; // the shares of its components, summed
    int components = 0;
    std::vector<CoreMap::Core> cores; // all the host's cores, taken from the map while it is time-shared
  };
  std::map<int, SharedHost> shared_hosts_; // time-shared hosts now, by host index
  std::function<void()> on_change_;
  std::function<void()> on_up_for_claim_;
  std::function<void(const LocalJobRecord&)> on_local_job_done_;
  std::function<void(int, double, int, const ShareChange&)> on_shares_change_;
  std::function<void(const HeldCores&)> on_cores_released_;
  void shares_changed(int host, const ShareChange& change);
};

} // namespace coalsim
