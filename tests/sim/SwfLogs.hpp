/* Small SWF logs written under the running test's name, for trace replays: grid jobs (ordered on the
 * cluster their partition maps to) and local jobs. */
#pragma once

#include "SimulationFixture.hpp"

#include <fstream>
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

} // namespace coalsim::testing
