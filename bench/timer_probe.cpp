/* timer_probe JOBS [PLATFORM.xml]: the floor under coalsim's event loop. A bare SimGrid S4U program that sets two
 * timers per job (its arrival and its end) for JOBS jobs and does nothing else: no scheduler, no resources, no trace.
 * Jobs arrive one after another (exponential gaps, one arrival timer pending at a time, as coalsim's workloads
 * do), as often as benchmark (a)'s grid and background jobs together, and each ends 90 to 192 s after its
 * arrival: about as many timers are pending at once as jobs run in (a), some twenty. Compared with `bench_run
 * bench/das2-100k-delay.yaml` given the same number of jobs (grid plus background): bench/README.md, "The engine's own
 * cost". Prints the jobs, the simulated and the wall time. */
#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <xbt/log.h>

namespace {

struct Probe {
  long long jobs_left;
  long long ended = 0;
  std::mt19937_64 random{1};
  std::exponential_distribution<double> gap{1.0 / 6.2}; // (a)'s 534k jobs in 3.3M simulated seconds
  std::uniform_real_distribution<double> runtime{90, 192};

  void arrive()
  {
    const double now = simgrid::s4u::Engine::get_clock();
    simgrid::kernel::timer::Timer::set(now + runtime(random), [this] { ++ended; });
    if (--jobs_left > 0)
      simgrid::kernel::timer::Timer::set(now + gap(random), [this] { arrive(); });
  }
};

} // namespace

int main(int argc, char** argv)
{
  if (argc < 2 || std::atoll(argv[1]) < 1) {
    std::fprintf(stderr, "usage: timer_probe JOBS [PLATFORM.xml]\n");
    return 2;
  }
  const long long jobs = std::atoll(argv[1]);
  xbt_log_control_set("root.thres:critical");
  int engine_argc     = 1;
  char* engine_argv[] = {argv[0], nullptr};
  simgrid::s4u::Engine engine(&engine_argc, engine_argv);
  engine.load_platform(argc > 2 ? argv[2] : "platforms/das2.xml");
  auto start = std::chrono::steady_clock::now();
  Probe probe{jobs};
  simgrid::kernel::timer::Timer::set(0, [&probe] { probe.arrive(); });
  engine.run();
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("timer_probe: %lld jobs, %lld ended, %.1f s simulated, %.2f s wall, %.0f jobs/s\n", jobs, probe.ended,
              simgrid::s4u::Engine::get_clock(), wall, static_cast<double>(jobs) / wall);
  return probe.ended == jobs ? 0 : 1;
}
