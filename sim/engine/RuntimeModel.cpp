#include "sim/engine/RuntimeModel.hpp"

#include "sim/engine/Clock.hpp"
#include "sim/engine/RuntimeModels.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_runtime_model, coalsim_engine, "RuntimeModel");

namespace coalsim {

void RuntimeModel::set_share(RunId, size_t, double)
{
  xbt_die("the %s runtime model has no CPU shares", name());
}

double RuntimeModel::cpu_seconds(RunId) const
{
  xbt_die("the %s runtime model does not report CPU time", name());
}

double RuntimeModel::cpu_seconds(RunId, size_t) const
{
  xbt_die("the %s runtime model does not report CPU time", name());
}

RuntimeModel::RunId DelayRuntime::run(const JobSpec& job, int clusters_used,
                                      const std::vector<std::vector<sg4::Host*>>&, RunCallback ended, RunCallback)
{
  double duration = job.runtime * (clusters_used > 1 ? slowdown_ : 1.0);
  at(now() + duration, std::move(ended).take());
  return 0;
}

RuntimeModel::RunId NetworkRuntime::run(const JobSpec& job, int, const std::vector<std::vector<sg4::Host*>>& cores,
                                        RunCallback ended, RunCallback failed)
{
  // One process per processor, in component order: a 1-D decomposition of the Poisson grid, so each
  // process exchanges its halo with the previous and the next one, across clusters at component borders.
  auto hosts = std::make_shared<std::vector<sg4::Host*>>();
  for (const auto& component : cores)
    hosts->insert(hosts->end(), component.begin(), component.end());
  xbt_assert(not hosts->empty(), "job %ld has no cores", static_cast<long>(job.id));
  // The runtime is the computation on a dedicated processor of the job's speed.
  double flops = job.runtime * hosts->front()->get_speed() / iterations_;
  RunId id     = next_run_++;
  run_iteration(id, hosts, flops, iterations_,
                std::make_shared<Outcomes>(Outcomes{std::move(ended), std::move(failed)}));
  return id;
}

void NetworkRuntime::cancel(RunId run)
{
  auto it = tasks_.find(run);
  if (it == tasks_.end())
    return;
  tracker_->cancel(it->second);
  tasks_.erase(it);
}

void NetworkRuntime::run_iteration(RunId run, std::shared_ptr<std::vector<sg4::Host*>> hosts, double flops, int left,
                                   std::shared_ptr<Outcomes> outcomes)
{
  const size_t n = hosts->size();
  std::vector<double> compute(n, flops);
  std::vector<double> bytes;
  if (halo_bytes_ > 0 && n > 1) {
    bytes.assign(n * n, 0.0);
    for (size_t i = 0; i + 1 < n; ++i) {
      bytes[i * n + i + 1]   = halo_bytes_;
      bytes[(i + 1) * n + i] = halo_bytes_;
    }
  }
  auto task = sg4::Exec::init()->set_flops_amounts(compute)->set_hosts(*hosts);
  if (not bytes.empty())
    task->set_bytes_amounts(bytes);
  tasks_[run] = tracker_->start(task, [this, run, hosts, flops, left, outcomes](const sg4::Activity& a) {
    // A job on a cluster that goes down is aborted, and its task cancelled, before the hosts are turned off;
    // a single host or a link turned off fails the task.
    if (a.get_state() != sg4::Activity::State::FINISHED) {
      tasks_.erase(run);
      outcomes->failed();
    } else if (left > 1) {
      run_iteration(run, hosts, flops, left - 1, outcomes);
    } else {
      tasks_.erase(run);
      outcomes->ended();
    }
  });
}

std::unique_ptr<RuntimeModel> make_runtime_model(const RuntimeModelConfig& config, ActivityTracker& tracker)
{
  return Registry<RuntimeModels>::instance().at(config.kind).factory(config, tracker);
}

COALSIM_REGISTER(RuntimeModels, delay, "delay",
                 "the job's runtime as a SimGrid timer, times a slowdown when it spans clusters",
                 [](const RuntimeModelConfig& config, ActivityTracker&) {
                   return std::make_unique<DelayRuntime>(config.parameter("coallocation_slowdown"));
                 },
                 {number_parameter("coallocation_slowdown", 1.0, 0.0,
                                   "runtime factor when a job spans more than one cluster", "factor")});

COALSIM_REGISTER(RuntimeModels, network, "network",
                 "the Poisson application as SimGrid parallel tasks: compute plus a halo exchange between neighbouring "
                 "processes, so that wide-area slowdown emerges from the platform's links",
                 [](const RuntimeModelConfig& config, ActivityTracker& tracker) {
                   return std::make_unique<NetworkRuntime>(tracker, static_cast<int>(config.parameter("iterations")),
                                                           config.parameter("halo_bytes"));
                 },
                 {integer_parameter("iterations", 1, 1, "sequential compute-and-exchange phases", "iterations"),
                  number_parameter("halo_bytes", 0.0, 0.0, "bytes sent to each neighbouring process per iteration",
                                   "bytes")},
                 {.simgrid_host_model = "ptask_L07"});

} // namespace coalsim
