/* How long a started job runs. `delay`: its runtime, times a slowdown when it spans clusters. `network`:
 * the Poisson application as SimGrid parallel tasks (compute plus a halo exchange between neighbouring
 * processes, in `iterations` phases), so wide-area slowdown emerges from the platform's links. */
#pragma once

#include "sim/ActivityTracker.hpp"
#include "sim/ExperimentConfig.hpp"
#include "sim/GridPlatform.hpp"

#include <functional>
#include <memory>
#include <vector>

namespace coalsim {

class RuntimeModel {
public:
  virtual ~RuntimeModel() = default;
  /** Whether claims must hand out concrete cores. */
  virtual bool needs_cores() const = 0;
  /** Starts the job's processes; `cores[k]` holds component k's cores (one entry per processor) when
   *  needs_cores(). Calls `ended` when all processes have ended. */
  virtual void run(const JobSpec& job, int clusters_used, const std::vector<std::vector<sg4::Host*>>& cores,
                   std::function<void()> ended) = 0;
  virtual const char* name() const = 0;
};

class DelayRuntime : public RuntimeModel {
public:
  explicit DelayRuntime(double coallocation_slowdown) : slowdown_(coallocation_slowdown) {}
  bool needs_cores() const override { return false; }
  void run(const JobSpec& job, int clusters_used, const std::vector<std::vector<sg4::Host*>>& cores,
           std::function<void()> ended) override;
  const char* name() const override { return "delay"; }

private:
  double slowdown_;
};

class NetworkRuntime : public RuntimeModel {
public:
  NetworkRuntime(ActivityTracker& tracker, int iterations, double halo_bytes)
      : tracker_(&tracker), iterations_(iterations), halo_bytes_(halo_bytes)
  {
  }
  bool needs_cores() const override { return true; }
  void run(const JobSpec& job, int clusters_used, const std::vector<std::vector<sg4::Host*>>& cores,
           std::function<void()> ended) override;
  const char* name() const override { return "network"; }

private:
  void run_iteration(std::shared_ptr<std::vector<sg4::Host*>> hosts, double flops, int left,
                     std::function<void()> ended);

  ActivityTracker* tracker_;
  int iterations_;
  double halo_bytes_;
};

std::unique_ptr<RuntimeModel> make_runtime_model(const RuntimeModelConfig& config, ActivityTracker& tracker);

} // namespace coalsim
