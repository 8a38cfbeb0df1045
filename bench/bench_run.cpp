/* bench_run EXPERIMENT.yaml [--set key=value ...]: runs one experiment without a trace and prints the
 * throughput (grid plus background jobs per wall-clock second) and the peak resident memory. The run goes on in the
 * platform check's child (RunOptions::load_once) while the started process waits: the peak printed is the two
 * processes' peaks added, an upper bound (pages they share count twice), comparable with the one process of before;
 * the child's alone would leave out the shared libraries the parent mapped before the fork. */
#include "setup/ExperimentConfig.hpp"
#include "setup/Simulation.hpp"
#include "sim/config/InputError.hpp"

#if COALSIM_PYTHON
#include "EmbeddedPython.hpp"
#endif

#include <cstdio>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

namespace {

/** The peak resident memory of process `pid` in kB (VmHWM in /proc), 0 when it cannot be read. */
long peak_kb_of(pid_t pid)
{
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  long kb = 0;
  while (status >> key) {
    if (key == "VmHWM:") {
      status >> kb;
      return kb;
    }
    status.ignore(1 << 20, '\n');
  }
  return 0;
}

} // namespace

int main(int argc, char** argv)
{
  const pid_t started = getpid();
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
    const long waiting_kb = getpid() != started ? peak_kb_of(started) : 0; // the started process, if not this one
    double jobs           = static_cast<double>(stats.submitted + stats.background_jobs);
    std::printf("%s: %llu grid + %llu background jobs, %.1f s simulated, %.2f s wall, %.0f jobs/s, peak %.1f MB",
                config.name.c_str(), static_cast<unsigned long long>(stats.submitted),
                static_cast<unsigned long long>(stats.background_jobs), stats.end_time, stats.wall_seconds,
                jobs / stats.wall_seconds, static_cast<double>(usage.ru_maxrss + waiting_kb) / 1024.0);
    if (waiting_kb > 0)
      std::printf(" (the run %.1f + the waiting parent %.1f)", usage.ru_maxrss / 1024.0, waiting_kb / 1024.0);
    std::printf("\n");
  } catch (const coalsim::InputError& e) {
    std::fprintf(stderr, "bench_run: %s\n", e.what());
    return 2;
  }
  return 0;
}
