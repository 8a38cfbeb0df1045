/* Small SWF logs written under the running test's name, for trace replays: grid jobs (ordered on the
 * cluster their partition maps to) and local jobs. */
#pragma once

#include "SimulationFixture.hpp"

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace coalsim::testing {

struct LocalJob {
  double submit, runtime;
  int processors;
};

struct GridJob {
  double submit, runtime;
  int processors, partition;
};

/** A log of grid jobs for a replay (SWF: job, submit, wait, run time, processors, ..., requested time; field
 *  16 is the partition, which the experiment maps to a cluster: those jobs are ordered on it), written under
 *  the test's name. Jobs are numbered from 0 in log order. */
inline std::string grid_log(const std::string& name, const std::vector<GridJob>& jobs)
{
  std::string path = test_temp_file(name + ".swf");
  std::ofstream out(path);
  out << "; MaxProcs: 4\n";
  int id = 1;
  for (const auto& j : jobs)
    out << id++ << ' ' << j.submit << " -1 " << j.runtime << ' ' << j.processors << " -1 -1 " << j.processors << ' '
        << j.runtime << " -1 1 -1 -1 -1 -1 " << j.partition << " -1 -1\n";
  return path;
}

/** A log of local jobs for a replay: the same format without partitions. */
inline std::string local_log(const std::string& name, const std::vector<LocalJob>& jobs)
{
  std::vector<GridJob> records;
  for (const auto& j : jobs)
    records.push_back({j.submit, j.runtime, j.processors, -1});
  return grid_log(name, records);
}

/** An SWF line: job, submit, run time, processors, requested time, partition (the other fields -1, status 1). */
inline std::string swf(int job, double submit, double run, int processors, double requested, int partition = -1)
{
  std::ostringstream line;
  line << job << ' ' << submit << " -1 " << run << ' ' << processors << " -1 -1 " << processors << ' ' << requested
       << " -1 1 -1 -1 -1 -1 " << partition << " -1 -1\n";
  return line.str();
}

/** A log of SWF lines (swf()) under the test's temporary folder; returns its path. */
inline std::string write_log(const std::string& name, const std::string& body)
{
  std::string path = test_temp_file(name);
  std::ofstream(path) << "; Version: 2.2\n; MaxProcs: 8\n" << body;
  return path;
}

/** The experiment that replays `log` as the local jobs of cluster a, served by `scheduler`. */
inline std::string replay_on_a(const std::string& log, const std::string& scheduler, const std::string& extra = "")
{
  return "workload: {jobs: 0}\n"
         "trace: {local_jobs: true}\n"
         "background:\n"
         "  clusters:\n"
         "    a: {model: replay, scheduler: " +
         scheduler + ", trace: {file: " + log + extra + "}}\n";
}

/** Start times of the local jobs by trace job number. */
inline std::map<int64_t, double> starts(const Trace& t)
{
  std::map<int64_t, double> out;
  for (const auto& j : t.local_jobs)
    out[j.trace_id] = j.start_time;
  return out;
}

} // namespace coalsim::testing
