/* The `timeshared` runtime model: each process of a job is one SimGrid Exec of (runtime x core speed) flops on
 * its host, under the default host model, so several jobs may run on one host at once. An Exec's priority is
 * its CPU share: SimGrid shares a host's speed among its Execs in proportion to their priorities, each Exec
 * getting at most one core's speed. A share is a fraction of one core's speed; on a host of k cores whose
 * shares sum to at most k, every Exec gets at least its share (the weighted max-min sharing gives rate_i =
 * min(speed, lambda x share_i) with lambda >= speed), and more when the others leave speed unused.
 * Processes on cores handed out whole (space-shared claims) run at share 1, each alone on its core. Shares
 * change while a process runs (Exec::update_priority); the CPU time done is read from the Execs. The ptask
 * model of the `network` runtime model ignores priorities, so this model runs on the default one. */
#pragma once

#include "sim/engine/ActivityTracker.hpp"
#include "sim/engine/RuntimeModel.hpp"

#include <memory>
#include <unordered_map>
#include <vector>

namespace coalsim {

class TimeSharedRuntime : public RuntimeModel {
public:
  explicit TimeSharedRuntime(ActivityTracker& tracker) : tracker_(&tracker) {}
  bool needs_cores() const override { return true; }
  bool shares_hosts() const override { return true; }
  /** One Exec per entry of `cores` (a process per processor, or one per time-shared component), at share 1. */
  RunId run(const JobSpec& job, int clusters_used, const std::vector<std::vector<sg4::Host*>>& cores, RunCallback ended,
            RunCallback failed) override;
  /** Cancels the run's Execs still running; `ended` is then never called. */
  void cancel(RunId run) override;
  void set_share(RunId run, size_t component, double share) override;
  double cpu_seconds(RunId run) const override;
  double cpu_seconds(RunId run, size_t component) const override;
  const char* name() const override { return "timeshared"; }

private:
  struct Process {
    sg4::ExecPtr exec;
    uint64_t key     = 0; // the tracker's
    size_t component = 0;
    sg4::Host* host  = nullptr;
    double speed     = 0;
    double share     = 1; // its Exec's priority
    bool done        = false;
  };
  struct Run {
    std::vector<Process> processes;
    double flops = 0; // per process
    size_t left  = 0; // processes still running
    RunCallback ended, failed;
  };
  void process_done(RunId run, size_t process, const sg4::Activity& activity);

  ActivityTracker* tracker_;
  RunId next_run_ = 1;
  std::unordered_map<RunId, Run> runs_;
};

} // namespace coalsim
