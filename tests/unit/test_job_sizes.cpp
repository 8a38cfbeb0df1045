/* workload.executable_size and workload.output_size: each job's executable and output sizes, drawn per job. */
#include "workloads/SyntheticWorkload.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <tuple>

using namespace coalsim;

namespace {
std::vector<JobSpec> jobs_of(const WorkloadConfig& base, uint64_t seed = 1)
{
  WorkloadConfig config = base;
  config.jobs           = 50;
  config.rate           = 0.01;
  SyntheticWorkload workload(config, {{"a", 16}, {"b", 16}}, seed);
  std::vector<JobSpec> jobs;
  while (auto job = workload.next())
    jobs.push_back(*job);
  return jobs;
}
} // namespace

TEST(JobSizes, WithoutTheKeysJobsCarryNoExecutableOrOutputSize)
{
  for (const auto& job : jobs_of(WorkloadConfig{})) {
    EXPECT_TRUE(std::isnan(job.executable_size)) << job.id;
    EXPECT_TRUE(std::isnan(job.output_size)) << job.id;
  }
}

TEST(JobSizes, ANumberIsEveryJobsSizeAndADistributionIsDrawnPerJobFromTheSeed)
{
  WorkloadConfig config;
  config.executable_size = Distribution::constant(2e6);
  config.output_size     = Distribution::uniform(1e6, 5e6);
  auto jobs              = jobs_of(config);
  std::set<double> outputs;
  for (const auto& job : jobs) {
    EXPECT_EQ(job.executable_size, 2e6) << job.id;
    EXPECT_GE(job.output_size, 1e6) << job.id;
    EXPECT_LE(job.output_size, 5e6) << job.id;
    outputs.insert(job.output_size);
  }
  EXPECT_EQ(outputs.size(), jobs.size()) << "not drawn per job";
  auto again = jobs_of(config), other = jobs_of(config, 2);
  for (size_t i = 0; i < jobs.size(); ++i)
    EXPECT_EQ(jobs[i].output_size, again[i].output_size) << "not deterministic";
  EXPECT_NE(jobs[0].output_size, other[0].output_size) << "does not follow the seed";
}

TEST(JobSizes, GivingThemShiftsNoOtherDraw)
{
  WorkloadConfig plain;
  plain.component_size       = Distribution::uniform(1, 16);
  plain.runtime              = Distribution::uniform(10, 100);
  plain.file.size            = Distribution::uniform(1, 10);
  plain.submit_site.mode     = SubmitSiteConfig::Mode::uniform;
  WorkloadConfig sized       = plain;
  sized.executable_size      = Distribution::exponential(1e6);
  sized.output_size          = Distribution::exponential(1e6);
  WorkloadConfig output_only = plain;
  output_only.output_size    = Distribution::exponential(1e6);
  auto key                   = [](const JobSpec& j) {
    return std::make_tuple(j.submit_time, j.runtime, j.total_processors, j.components.at(0).processors,
                                             j.file->size_bytes, j.file->replica_sites, j.submit_site);
  };
  auto a = jobs_of(plain), b = jobs_of(sized), c = jobs_of(output_only);
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(key(a[i]), key(b[i])) << i;
    EXPECT_EQ(b[i].output_size, c[i].output_size) << "the executables' stream shifted the outputs', job " << i;
  }
}
