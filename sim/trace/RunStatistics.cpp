#include "sim/trace/RunStatistics.hpp"

#include <cstdio>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_run_statistics, coalsim_trace, "RunStatistics");

namespace coalsim {

void RunStatistics::add(const JobRow& row)
{
  ++by_status[row.status];
  if (row.status != static_cast<int8_t>(JobStatus::completed))
    return;
  response.add(row.response_time);
  wait.add(row.wait_time);
  runtime.add(row.runtime);
  overhead.add(row.overhead);
  spread.add(row.job_spread);
  transfer.add(row.file_transfer_time);
  coallocated += row.coallocated;
}

double RunStatistics::grid_utilization() const
{
  return end_time > 0 ? grid_area / (processors * end_time) : 0;
}

double RunStatistics::background_utilization() const
{
  return end_time > 0 ? background_area / (processors * end_time) : 0;
}

void RunStatistics::add(const EconomyRow& row)
{
  ++economy.jobs;
  economy.accepted += row.accepted ? 1 : 0;
  if (row.met) {
    ++economy.met;
    if (not std::isnan(row.charge))
      economy.revenue += row.charge;
  }
}

void RunStatistics::print(std::ostream& out) const
{
  char line[256];
  auto row = [&](const char* name, const RunningStat& s) {
    std::snprintf(line, sizeof line, "  %-24s %12.2f %12.2f\n", name, s.mean(), s.sd());
    out << line;
  };
  uint64_t completed = by_status[static_cast<int>(JobStatus::completed)];
  std::snprintf(line, sizeof line,
                "  %-24s %llu submitted, %llu completed, %llu failed, %llu rejected, %llu unfinished\n", "grid jobs",
                static_cast<unsigned long long>(submitted), static_cast<unsigned long long>(completed),
                static_cast<unsigned long long>(by_status[1]), static_cast<unsigned long long>(by_status[2]),
                static_cast<unsigned long long>(by_status[3]));
  out << line;
  std::snprintf(line, sizeof line, "  %-24s %12s %12s\n", "", "mean", "sd");
  out << line;
  row("response time (s)", response);
  row("wait time (s)", wait);
  row("runtime (s)", runtime);
  row("overhead (s)", overhead);
  row("file transfer time (s)", transfer);
  row("job spread", spread);
  std::snprintf(line, sizeof line, "  %-24s %11.1f%%\n", "co-allocated jobs",
                completed ? 100.0 * static_cast<double>(coallocated) / static_cast<double>(completed) : 0.0);
  out << line;
  std::snprintf(line, sizeof line, "  %-24s %12d\n", "max grid jobs at once", max_running);
  out << line;
  std::snprintf(line, sizeof line, "  %-24s grid %.1f%%, background %.1f%%, total %.1f%% of %d processors\n",
                "utilization", 100 * grid_utilization(), 100 * background_utilization(),
                100 * (grid_utilization() + background_utilization()), processors);
  out << line;
  std::snprintf(line, sizeof line, "  %-24s %llu\n", "background jobs",
                static_cast<unsigned long long>(background_jobs));
  out << line;
  if (local_wait.count() > 0) {
    std::snprintf(line, sizeof line, "  %-24s %12.1f %12.1f  (%llu ended)\n", "local wait time (s)", local_wait.mean(),
                  local_wait.sd(), static_cast<unsigned long long>(local_wait.count()));
    out << line;
  }
  if (background_too_large + grid_too_large > 0) {
    std::snprintf(line, sizeof line, "  %-24s %llu local, %llu grid (larger than the clusters they may use)\n",
                  "replayed jobs left out", static_cast<unsigned long long>(background_too_large),
                  static_cast<unsigned long long>(grid_too_large));
    out << line;
  }
  if (economy.jobs > 0) {
    auto percent = [](uint64_t part, uint64_t whole) {
      return whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
    };
    std::snprintf(line, sizeof line,
                  "  %-24s %.1f%% accepted, deadlines met by %.1f%% of jobs (%.1f%% of accepted), revenue %.6g\n",
                  "economy", percent(economy.accepted, economy.jobs), percent(economy.met, economy.jobs),
                  percent(economy.met, economy.accepted), economy.revenue);
    out << line;
  }
  if (energy) {
    auto share = [&](double part) { return energy->joules > 0 ? 100 * part / energy->joules : 0.0; };
    std::snprintf(line, sizeof line,
                  "  %-24s %.6g J, mean %.6g W (grid jobs %.1f%%, local jobs %.1f%%, idle, off and boots %.1f%%)\n",
                  "energy", energy->joules, energy->mean_watts, share(energy->grid_joules), share(energy->local_joules),
                  share(energy->joules - energy->grid_joules - energy->local_joules));
    out << line;
    if (not std::isnan(energy->plugin_joules)) {
      std::snprintf(line, sizeof line, "  %-24s %.6g J (SimGrid's host energy plugin, same hosts)\n", "",
                    energy->plugin_joules);
      out << line;
    }
  }
  if (void_time) {
    std::snprintf(line, sizeof line,
                  "  %-24s at %.1f s: %s's other users held its background above the band with no dummy job left\n",
                  "void run", *void_time, void_cluster.c_str());
    out << line;
  }
  double events_per_second = wall_seconds > 0 ? static_cast<double>(submitted + background_jobs) / wall_seconds : 0;
  std::snprintf(line, sizeof line, "  %-24s %.1f s simulated in %.2f s (%.0f jobs/s)\n", "time", end_time, wall_seconds,
                events_per_second);
  out << line;
}

} // namespace coalsim
