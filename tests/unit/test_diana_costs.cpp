/* DIANA's cost model (report Ch. 3) on hand-computed values: the Mathis bound, the network cost, the computation
 * cost with both SiteLoad measures, the data transfer cost and the choice of replica, and the weights as
 * parameters. */
#include "policies/diana/ComputationCost.hpp"
#include "policies/diana/CostWeights.hpp"
#include "policies/diana/DataTransferCost.hpp"
#include "policies/diana/NetworkCost.hpp"
#include "sim/api/PolicyParameters.hpp"
#include "sim/config/InputError.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <map>

using namespace coalsim;
using namespace coalsim::diana;

TEST(DianaNetworkCost, MathisBoundIsMssOverRttOverRootOfLoss)
{
  // (1460 B / 0.1 s) / sqrt(1e-4) = 14600 / 0.01 = 1.46e6 B/s.
  EXPECT_DOUBLE_EQ(mathis_rate(1460, 0.1, 1e-4), 1.46e6);
  // Quadrupling the loss halves the rate.
  EXPECT_DOUBLE_EQ(mathis_rate(1460, 0.1, 4e-4), 0.73e6);
  EXPECT_TRUE(std::isinf(mathis_rate(1460, 0.1, 0)));
  EXPECT_TRUE(std::isinf(mathis_rate(1460, 0, 1e-4)));
}

TEST(DianaNetworkCost, LossesOverTheBandwidthTheMathisBoundLeaves)
{
  CostWeights w; // w1 = 1, w2 = 1, w3 = 0.1, mss = 1460
  PathQuality lossy{0.1, 1e-4, 0.01, 1.25e7};
  // The bound (1.46e6 B/s) is below the route's 1.25e7 B/s and is what a transfer gets.
  EXPECT_DOUBLE_EQ(achievable_bandwidth(lossy, w.mss), 1.46e6);
  // Losses = 0.1 + 1e-4 + 0.1 * 0.01 = 0.1011; / 1.46e6.
  EXPECT_DOUBLE_EQ(network_cost(lossy, w), 0.1011 / 1.46e6);
  PathQuality clean{0.1, 0, 0.01, 1.25e7};
  EXPECT_DOUBLE_EQ(achievable_bandwidth(clean, w.mss), 1.25e7);
  EXPECT_DOUBLE_EQ(network_cost(clean, w), 0.101 / 1.25e7);
  // The weights steer it: only jitter counted.
  CostWeights jitter_only = w;
  jitter_only.w1 = jitter_only.w2 = 0;
  jitter_only.w3                  = 2;
  EXPECT_DOUBLE_EQ(network_cost(clean, jitter_only), 0.02 / 1.25e7);
  // Inside a site: no RTT, loss or jitter, no cost.
  EXPECT_EQ(network_cost(PathQuality{0, 0, 0, 1e9}, w), 0.0);
}

TEST(DianaComputationCost, QueuesOverCapabilityPlusSiteLoad)
{
  CostWeights w; // w5 = w6 = w7 = 1, utilization
  SiteLoad site{6, 4, 3};
  // 6/4 + 10/4 + 3/4 = 1.5 + 2.5 + 0.75
  EXPECT_DOUBLE_EQ(site_load(site, w), 0.75);
  EXPECT_DOUBLE_EQ(computation_cost(site, 10, w), 4.75);
  // The report's SiteLoad, queue / power, repeats the first term: 1.5 + 2.5 + 1.5.
  CostWeights report = w;
  report.site_load   = SiteLoadMeasure::queue;
  EXPECT_DOUBLE_EQ(computation_cost(site, 10, report), 5.5);
  CostWeights weighed = w;
  weighed.w5          = 2;
  weighed.w6          = 0.5;
  weighed.w7          = 0;
  EXPECT_DOUBLE_EQ(computation_cost(site, 10, weighed), 3 + 1.25);
  // A bigger site with the same queues costs less.
  EXPECT_LT(computation_cost(SiteLoad{6, 8, 3}, 10, w), computation_cost(site, 10, w));
}

TEST(DianaDataTransferCost, InputFromReplicaExecutableAndOutputFromSubmissionBulkInside)
{
  CostWeights w; // w8 = w9 = 1, w10 = 0
  JobData data{1e9, 1e7, 1e8};
  TransferCosts costs{2e-9, 1e-9, 1e-10, 3};
  // 1e9 * 2e-9 + (1e7 + 1e8) * 1e-9 = 2 + 0.11
  EXPECT_DOUBLE_EQ(data_transfer_cost(data, costs, w), 2.11);
  CostWeights bulk = w;
  bulk.w10         = 1;
  // + (3 * (1e9 + 1e7) + 1e8) * 1e-10 = 0.313
  EXPECT_DOUBLE_EQ(data_transfer_cost(data, costs, bulk), 2.11 + 0.313);
  // Executing at the submission site with a local replica costs nothing to move.
  EXPECT_EQ(data_transfer_cost(data, TransferCosts{0, 0, 0, 1}, w), 0.0);
}

TEST(DianaDataTransferCost, BestReplicaHasTheLowestNetworkCostToTheExecutionSite)
{
  std::map<std::pair<int, int>, double> nc{{{2, 1}, 5}, {{0, 1}, 3}, {{1, 1}, 0}, {{0, 2}, 4}, {{2, 2}, 0}};
  auto cost = [&](int from, int to) { return nc.at({from, to}); };
  EXPECT_EQ(best_replica({2, 0, 1}, 1, cost), 1);
  EXPECT_EQ(best_replica({2, 0}, 1, cost), 0);
  EXPECT_EQ(best_replica({0, 2}, 2, cost), 2);
  EXPECT_FALSE(best_replica({}, 1, cost).has_value());
}

namespace {
PolicyParameters diana_parameters(std::map<std::string, std::string> given)
{
  std::map<std::string, ParameterValue> values;
  int line = 1;
  for (const auto& [key, text] : given)
    values[key] = ParameterValue{text, "diana.yaml:" + std::to_string(++line)};
  return PolicyParameters("diana", values);
}
} // namespace

TEST(DianaCostWeights, DefaultsAndGivenValuesAndErrorsNamingTheKey)
{
  auto defaults = diana_parameters({});
  CostWeights w = read_cost_weights(defaults);
  EXPECT_EQ(w.w1, 1);
  EXPECT_EQ(w.w3, 0.1);
  EXPECT_EQ(w.w4, 1e9);
  EXPECT_EQ(w.w10, 0);
  EXPECT_EQ(w.mss, 1460);
  EXPECT_EQ(w.site_load, SiteLoadMeasure::utilization);

  auto given = diana_parameters({{"w3", "0.5"}, {"w10", "2"}, {"site_load", "queue"}, {"mss", "9000"}});
  w          = read_cost_weights(given);
  EXPECT_EQ(w.w3, 0.5);
  EXPECT_EQ(w.w10, 2);
  EXPECT_EQ(w.mss, 9000);
  EXPECT_EQ(w.site_load, SiteLoadMeasure::queue);
  given.check_all_used();

  auto negative = diana_parameters({{"w5", "-1"}});
  try {
    read_cost_weights(negative);
    FAIL() << "a negative weight was accepted";
  } catch (const InputError& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("w5"), std::string::npos) << what;
    EXPECT_NE(what.find("diana.yaml:2"), std::string::npos) << what;
  }
}
