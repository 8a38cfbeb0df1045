#include "sim/engine/TimeSharedRuntime.hpp"

#include "sim/engine/RuntimeModels.hpp"
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_time_shared_runtime, coalsim_engine, "TimeSharedRuntime");

namespace coalsim {

RuntimeModel::RunId TimeSharedRuntime::run(const JobSpec& job, int, const std::vector<std::vector<sg4::Host*>>& cores,
                                           RunCallback ended, RunCallback failed)
{
  RunId id = next_run_++;
  Run& r   = runs_[id];
  r.ended  = std::move(ended);
  r.failed = std::move(failed);
  for (size_t k = 0; k < cores.size(); ++k)
    for (sg4::Host* host : cores[k])
      r.processes.push_back({nullptr, 0, k, host, host->get_speed(), 1.0, false});
  xbt_assert(not r.processes.empty(), "job %ld has no cores", static_cast<long>(job.id));
  // The runtime is the CPU time on a dedicated core of the job's hosts.
  r.flops = job.runtime * r.processes.front().speed;
  r.left  = r.processes.size();
  for (size_t p = 0; p < r.processes.size(); ++p) {
    Process& process = r.processes[p];
    process.exec     = sg4::Exec::init()->set_flops_amount(r.flops)->set_host(process.host);
    process.exec->set_priority(1.0);
    process.key = tracker_->start(process.exec, [this, id, p](const sg4::Activity& a) { process_done(id, p, a); });
  }
  return id;
}

void TimeSharedRuntime::process_done(RunId run, size_t process, const sg4::Activity& activity)
{
  auto it = runs_.find(run);
  if (it == runs_.end())
    return;
  Run& r = it->second;
  if (activity.get_state() != sg4::Activity::State::FINISHED) {
    // A host turned off fails the process: the run fails, its other processes stop.
    auto failed = std::move(r.failed);
    cancel(run);
    failed();
    return;
  }
  r.processes[process].done = true;
  if (--r.left > 0)
    return;
  // `ended` may still read the run's CPU time (the trace's cpu_work); the run goes once it has returned.
  auto ended = std::move(r.ended);
  ended();
  runs_.erase(run);
}

void TimeSharedRuntime::cancel(RunId run)
{
  auto it = runs_.find(run);
  if (it == runs_.end())
    return;
  for (const Process& p : it->second.processes)
    if (not p.done)
      tracker_->cancel(p.key);
  runs_.erase(it);
}

void TimeSharedRuntime::set_share(RunId run, size_t component, double share)
{
  xbt_assert(share > 0, "share %g", share);
  auto it = runs_.find(run);
  xbt_assert(it != runs_.end(), "no run %lu to share", static_cast<unsigned long>(run));
  // SimGrid 3.32 keeps a priority as the sharing penalty 1 / priority. Action::set_sharing_penalty takes the action
  // off the lazy model's heap, and System::update_variable_penalty returns at once when the new penalty equals the
  // old one, without marking the action modified: it never goes back on the heap and never ends. Two shares an
  // ulp apart (a share recomputed from the job's progress) can have the same penalty, so a share is set only when
  // its penalty, computed as SimGrid computes it, changes.
  const double penalty = 1.0 / share;
  for (Process& p : it->second.processes)
    if (p.component == component && not p.done && 1.0 / p.share != penalty) {
      p.exec->update_priority(share);
      p.share = share;
    }
}

double TimeSharedRuntime::cpu_seconds(RunId run) const
{
  auto it = runs_.find(run);
  xbt_assert(it != runs_.end(), "no run %lu", static_cast<unsigned long>(run));
  const Run& r   = it->second;
  double seconds = 0;
  for (const Process& p : r.processes)
    seconds += (p.done ? r.flops : r.flops - p.exec->get_remaining()) / p.speed;
  return seconds;
}

double TimeSharedRuntime::cpu_seconds(RunId run, size_t component) const
{
  auto it = runs_.find(run);
  xbt_assert(it != runs_.end(), "no run %lu", static_cast<unsigned long>(run));
  const Run& r   = it->second;
  double seconds = 0;
  for (const Process& p : r.processes)
    if (p.component == component)
      seconds += (p.done ? r.flops : r.flops - p.exec->get_remaining()) / p.speed; // SimGrid zeroes a finished one
  return seconds;
}

COALSIM_REGISTER(RuntimeModels, timeshared, "timeshared",
                 "each process an Exec on its host, so that several jobs can share a host's CPU at shares a policy "
                 "sets",
                 [](const RuntimeModelConfig&, ActivityTracker& tracker) {
                   return std::make_unique<TimeSharedRuntime>(tracker);
                 },
                 {}, {.shares_hosts = true});

} // namespace coalsim
