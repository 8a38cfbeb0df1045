/* bench_run EXPERIMENT.yaml [--set key=value ...]: runs one experiment without a trace and prints the
 * throughput (grid plus background jobs per wall-clock second) and the peak resident memory. */
#include "setup/ExperimentConfig.hpp"
#include "setup/Simulation.hpp"
#include "sim/config/InputError.hpp"

#if COALSIM_PYTHON
#include "EmbeddedPython.hpp"
#endif

#include <cstdio>
#include <string>
#include <sys/resource.h>
#include <vector>

int main(int argc, char** argv)
{
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_run EXPERIMENT.yaml [--set key=value ...]\n");
    return 2;
  }
  std::vector<coalsim::Override> overrides;
  for (int i = 2; i + 1 < argc; i += 2)
    if (std::string(argv[i]) == "--set")
      overrides.push_back(argv[i + 1]);
  try {
    auto config = coalsim::load_experiment(argv[1], overrides);
#if COALSIM_PYTHON
    if (coalsim::python::is_python_policy(config.policy.name)) // --set policy.name=python:FILE.py
      coalsim::python::register_python_policy(config.policy.name, config.source);
#endif
    coalsim::RunOptions options;
    options.load_once = true; // the run is the probe's child: its own CPU and memory below
    auto stats        = coalsim::Simulation(config, options).run();
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    double jobs = static_cast<double>(stats.submitted + stats.background_jobs);
    std::printf("%s: %llu grid + %llu background jobs, %.1f s simulated, %.2f s wall, %.0f jobs/s, peak %.1f MB\n",
                config.name.c_str(), static_cast<unsigned long long>(stats.submitted),
                static_cast<unsigned long long>(stats.background_jobs), stats.end_time, stats.wall_seconds,
                jobs / stats.wall_seconds, usage.ru_maxrss / 1024.0);
  } catch (const coalsim::InputError& e) {
    std::fprintf(stderr, "bench_run: %s\n", e.what());
    return 2;
  }
  return 0;
}
