/* How long a started job runs. `delay`: its runtime, times a slowdown when it spans clusters. `network`:
 * the Poisson application as SimGrid parallel tasks (compute plus a halo exchange between neighbouring
 * processes, in `iterations` phases), so wide-area slowdown emerges from the platform's links. */
#pragma once

#include "sim/engine/ActivityTracker.hpp"
#include "sim/engine/RuntimeModelConfig.hpp"
#include "sim/platform/GridPlatform.hpp"

#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>
#include <xbt/functional.hpp>

namespace coalsim {

/** What a run calls once, when it ends or fails: any callable, held without an allocation when it is small (up to
 *  24 bytes: a scheduler's pointer and a job's id and attempt), which a std::function would allocate for. */
class RunCallback {
public:
  RunCallback() = default;
  template <class F>
  requires std::invocable<F&> &&(not std::same_as<std::decay_t<F>, RunCallback>)
      RunCallback(F work) // NOLINT(google-explicit-constructor): a run's callers pass lambdas
      : task_(std::move(work))
  {
  }
  /** Calls it (once: it holds nothing after). */
  void operator()() { task_(); }
  /** The callable, for a timer to hold. */
  simgrid::xbt::Task<void()> take() && { return std::move(task_); }

private:
  simgrid::xbt::Task<void()> task_;
};

class RuntimeModel {
public:
  /** Identifies a started run, to cancel it (0: nothing to cancel). */
  using RunId = uint64_t;

  virtual ~RuntimeModel() = default;
  /** Whether claims must hand out concrete cores. */
  virtual bool needs_cores() const = 0;
  /** Starts the job's processes; `cores[k]` holds component k's cores (one entry per processor). Calls
   *  `ended` when all processes have ended, or `failed` when SimGrid failed them (a host or a link of the
   *  run was turned off). */
  virtual RunId run(const JobSpec& job, int clusters_used, const std::vector<std::vector<sg4::Host*>>& cores,
                    RunCallback ended, RunCallback failed) = 0;
  /** The job was aborted: its processes stop taking the resources (its `ended` may still be called; the
   *  caller ignores it). */
  virtual void cancel(RunId /*run*/) {}
  /** Whether components may take a share of a host's CPU (ComponentPlacement::host) and change it while they
   *  run (set_share). */
  virtual bool shares_hosts() const { return false; }
  /** Component k of the run now gets `share` of its host's CPU (only when shares_hosts()). */
  virtual void set_share(RunId run, size_t component, double share);
  /** The CPU seconds the run's processes have done so far, summed (only when shares_hosts()). */
  virtual double cpu_seconds(RunId run) const;
  /** The CPU seconds the processes of the run's component k have done so far, summed (only when shares_hosts();
   *  also from `ended`, before the run is gone). */
  virtual double cpu_seconds(RunId run, size_t component) const;
  virtual const char* name() const = 0;
};

class DelayRuntime : public RuntimeModel {
public:
  explicit DelayRuntime(double coallocation_slowdown) : slowdown_(coallocation_slowdown) {}
  bool needs_cores() const override { return false; }
  /** A timer: nothing to cancel (returns 0), and nothing SimGrid can fail. */
  RunId run(const JobSpec& job, int clusters_used, const std::vector<std::vector<sg4::Host*>>& cores, RunCallback ended,
            RunCallback failed) override;
  const char* name() const override { return "delay"; }

private:
  double slowdown_;
};

class NetworkRuntime : public RuntimeModel {
public:
  NetworkRuntime(ActivityTracker& tracker, int iterations, double halo_bytes)
      : tracker_(&tracker)
      , iterations_(iterations)
      , halo_bytes_(halo_bytes)
  {
  }
  bool needs_cores() const override { return true; }
  RunId run(const JobSpec& job, int clusters_used, const std::vector<std::vector<sg4::Host*>>& cores, RunCallback ended,
            RunCallback failed) override;
  /** Cancels the run's parallel task in progress; `ended` is then never called. */
  void cancel(RunId run) override;
  const char* name() const override { return "network"; }

private:
  struct Outcomes {
    RunCallback ended, failed;
  };
  void run_iteration(RunId run, std::shared_ptr<std::vector<sg4::Host*>> hosts, double flops, int left,
                     std::shared_ptr<Outcomes> outcomes);

  ActivityTracker* tracker_;
  RunId next_run_ = 1;
  std::unordered_map<RunId, uint64_t> tasks_; // run -> its parallel task in progress (the tracker's key)
  int iterations_;
  double halo_bytes_;
};

std::unique_ptr<RuntimeModel> make_runtime_model(const RuntimeModelConfig& config, ActivityTracker& tracker);

} // namespace coalsim
