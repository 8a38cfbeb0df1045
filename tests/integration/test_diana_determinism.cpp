/* DIANA on DAS-2 through the `simulate` command: the same seed gives the same bytes (messages, migrations and all),
 * another seed other bytes; every job is decided after a round of queries to its four peers, runs on one cluster,
 * and completes; the messages are consistent with the jobs (a remote run sends its output home). */
#include "SimulateCommand.hpp"
#include "tests/support/TraceReader.hpp"

#include <cmath>
#include <cstring>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <string>

using namespace coalsim;
using coalsim::testing::run;
using coalsim::testing::test_folder;

namespace {

std::string diana_run(const std::string& output, int seed)
{
  return "-c " COALSIM_SOURCE_DIR "/workloads/experiments/diana-das2.yaml --jobs 200 --seed " + std::to_string(seed) +
         " -q -o " + output;
}

std::string bytes_of(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

} // namespace

TEST(DianaDas2, SameSeedGivesAByteIdenticalTraceAndEveryJobIsDecidedByItsPeers)
{
  auto dir      = test_folder("diana-");
  std::string a = (dir / "a.h5").string(), b = (dir / "b.h5").string(), c = (dir / "c.h5").string();
  auto first = run(diana_run(a, 3));
  ASSERT_EQ(first.status, 0) << first.output;
  ASSERT_EQ(run(diana_run(b, 3)).status, 0);
  ASSERT_EQ(run(diana_run(c, 4)).status, 0);
  EXPECT_EQ(bytes_of(a), bytes_of(b));
  EXPECT_NE(bytes_of(a), bytes_of(c));

  Trace t = read_trace(a);
  ASSERT_EQ(t.jobs.size(), 200u);
  std::map<int64_t, int> queries, outputs;
  for (const auto& m : t.messages) {
    EXPECT_NE(m.from, m.to);
    EXPECT_GE(m.received, m.sent) << m.kind << " of job " << m.job_id;
    if (std::strcmp(m.kind, "query") == 0)
      ++queries[m.job_id];
    if (std::strcmp(m.kind, "output") == 0) {
      ++outputs[m.job_id];
      EXPECT_EQ(m.bytes, 1e6);
    }
  }
  int remote = 0;
  for (const auto& j : t.jobs) {
    EXPECT_EQ(j.status, 0) << "job " << j.id;
    EXPECT_EQ(j.n_clusters, 1) << "DIANA runs a job on one site";
    EXPECT_GE(queries[j.id], 4) << "job " << j.id << " was decided without asking its four peers";
    remote += outputs[j.id];
  }
  EXPECT_GT(remote, 0) << "some jobs ran away from their submission site and sent their output home";
  for (const auto& m : t.migrations)
    EXPECT_NE(m.from, m.to);
}
