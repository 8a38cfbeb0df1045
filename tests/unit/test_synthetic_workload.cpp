/* The synthetic grid workload's request-type mix: drawn per job, or dealt exactly. */
#include "workloads/SyntheticWorkload.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

using namespace coalsim;

namespace {
/** The request types of a batch of `jobs` jobs on two clusters of 64 processors. */
std::vector<RequestType> types_of(int jobs, std::map<RequestType, double> weights, bool dealt, uint64_t seed = 1)
{
  WorkloadConfig config;
  config.jobs               = jobs;
  config.arrival            = WorkloadConfig::Arrival::batch;
  config.request_types      = std::move(weights);
  config.deal_request_types = dealt;
  SyntheticWorkload workload(config, {{"a", 64}, {"b", 64}}, seed);
  std::vector<RequestType> types;
  while (auto job = workload.next())
    types.push_back(job->type);
  return types;
}

long count(const std::vector<RequestType>& types, RequestType type)
{
  return std::count(types.begin(), types.end(), type);
}
} // namespace

TEST(SyntheticWorkload, DealtRequestTypesGiveEachTypeExactlyItsShareInRandomOrder)
{
  const std::map<RequestType, double> even{{RequestType::ordered, 1}, {RequestType::unordered, 1}};
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    auto dealt = types_of(40, even, true, seed);
    ASSERT_EQ(dealt.size(), 40u);
    EXPECT_EQ(count(dealt, RequestType::ordered), 20) << "seed " << seed;
  }
  auto dealt = types_of(40, even, true);
  EXPECT_NE(count(std::vector<RequestType>(dealt.begin(), dealt.begin() + 20), RequestType::ordered), 20)
      << "not shuffled";
  EXPECT_NE(types_of(40, even, true, 1), types_of(40, even, true, 2)) << "the order does not follow the seed";
  // Largest remainders: 10 jobs over three equal types are 4, 3 and 3, the first type taking the one left.
  auto thirds = types_of(10, {{RequestType::ordered, 1}, {RequestType::unordered, 1}, {RequestType::total, 1}}, true);
  EXPECT_EQ(count(thirds, RequestType::ordered), 4);
  EXPECT_EQ(count(thirds, RequestType::unordered), 3);
  EXPECT_EQ(count(thirds, RequestType::total), 3);
  // Drawn, the share varies from seed to seed.
  std::set<long> drawn;
  for (uint64_t seed = 1; seed <= 10; ++seed)
    drawn.insert(count(types_of(40, even, false, seed), RequestType::ordered));
  EXPECT_GT(drawn.size(), 1u);
}
