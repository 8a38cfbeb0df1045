/* workload.submit_site: each synthetic job's submission site, none, fixed or drawn from the run's seed. */
#include "sim/config/InputError.hpp"
#include "workloads/SyntheticWorkload.hpp"

#include <gtest/gtest.h>

#include <map>

using namespace coalsim;

namespace {
/** The submission sites of `jobs` batch jobs on clusters a (16 processors), b (16) and c (64). */
std::vector<ClusterIndex> sites_of(SubmitSiteConfig::Mode mode, const std::string& cluster = "", int jobs = 400,
                                   uint64_t seed = 1)
{
  WorkloadConfig config;
  config.jobs                = jobs;
  config.arrival             = WorkloadConfig::Arrival::batch;
  config.component_size      = Distribution::constant(1);
  config.submit_site.mode    = mode;
  config.submit_site.cluster = cluster;
  SyntheticWorkload workload(config, {{"a", 16}, {"b", 16}, {"c", 64}}, seed);
  std::vector<ClusterIndex> sites;
  while (auto job = workload.next())
    sites.push_back(job->submit_site);
  return sites;
}

std::map<ClusterIndex, int> counts(const std::vector<ClusterIndex>& sites)
{
  std::map<ClusterIndex, int> out;
  for (ClusterIndex s : sites)
    ++out[s];
  return out;
}
} // namespace

TEST(SubmitSite, NoneLeavesEveryJobWithoutASite)
{
  EXPECT_EQ(counts(sites_of(SubmitSiteConfig::Mode::none)), (std::map<ClusterIndex, int>{{no_cluster, 400}}));
}

TEST(SubmitSite, AFixedClusterIsEveryJobsSite)
{
  EXPECT_EQ(counts(sites_of(SubmitSiteConfig::Mode::fixed, "b")), (std::map<ClusterIndex, int>{{1, 400}}));
  EXPECT_EQ(counts(sites_of(SubmitSiteConfig::Mode::fixed, "c")), (std::map<ClusterIndex, int>{{2, 400}}));
}

TEST(SubmitSite, DrawnSitesFollowTheSeedAndSpreadUniformlyOverTheClusters)
{
  auto drawn = sites_of(SubmitSiteConfig::Mode::uniform);
  EXPECT_EQ(drawn, sites_of(SubmitSiteConfig::Mode::uniform)) << "not deterministic";
  EXPECT_NE(drawn, sites_of(SubmitSiteConfig::Mode::uniform, "", 400, 2)) << "does not follow the seed";
  auto n = counts(drawn);
  ASSERT_EQ(n.size(), 3u) << "a cluster never drawn";
  for (ClusterIndex c = 0; c < 3; ++c) // 133 expected each; sd about 9.4
    EXPECT_NEAR(n[c], 400.0 / 3, 40) << "cluster " << c;
}

TEST(SubmitSite, DrawnByProcessorsWeighsEachClusterByItsSize)
{
  auto n = counts(sites_of(SubmitSiteConfig::Mode::by_processors));
  ASSERT_EQ(n.size(), 3u);
  EXPECT_NEAR(n[0], 400.0 * 16 / 96, 35); // 67 expected
  EXPECT_NEAR(n[1], 400.0 * 16 / 96, 35);
  EXPECT_NEAR(n[2], 400.0 * 64 / 96, 35); // 267 expected
}

TEST(SubmitSite, TheSiteStreamShiftsNoOtherDraw)
{
  // The same jobs (shapes, runtimes, submit times), with or without their sites.
  auto jobs_of = [](SubmitSiteConfig::Mode mode) {
    WorkloadConfig config;
    config.jobs             = 50;
    config.rate             = 0.01;
    config.component_size   = Distribution::uniform(1, 16);
    config.runtime          = Distribution::uniform(10, 100);
    config.file.size        = Distribution::uniform(1, 10);
    config.submit_site.mode = mode;
    SyntheticWorkload workload(config, {{"a", 16}, {"b", 16}}, 7);
    std::vector<std::tuple<double, double, int, double, std::vector<ClusterIndex>>> out;
    while (auto job = workload.next())
      out.emplace_back(job->submit_time, job->runtime, job->total_processors + job->components.at(0).processors,
                       job->file->size_bytes, job->file->replica_sites);
    return out;
  };
  EXPECT_EQ(jobs_of(SubmitSiteConfig::Mode::none), jobs_of(SubmitSiteConfig::Mode::uniform));
}

TEST(SubmitSite, AClusterNotInTheRunIsAnInputError)
{
  WorkloadConfig config;
  config.submit_site.mode     = SubmitSiteConfig::Mode::fixed;
  config.submit_site.cluster  = "fs9";
  config.submit_site.location = KeyLocation("workload.submit_site", "x.yaml", 4);
  try {
    SyntheticWorkload workload(config, {{"a", 16}, {"b", 16}}, 1);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("x.yaml:4"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("'fs9' is neither"), std::string::npos) << e.what();
  }
}
