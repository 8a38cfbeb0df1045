#include "policies/diana/NetworkCost.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

#include <cmath>
#include <limits>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_diana_network_cost, coalsim_diana, "NetworkCost");

namespace coalsim::diana {

double mathis_rate(double mss, double rtt, double loss)
{
  if (loss <= 0 || rtt <= 0)
    return std::numeric_limits<double>::infinity();
  return (mss / rtt) / std::sqrt(loss);
}

double achievable_bandwidth(const PathQuality& path, double mss)
{
  xbt_assert(path.bandwidth > 0, "a path's bandwidth must be positive (%g)", path.bandwidth);
  return std::min(path.bandwidth, mathis_rate(mss, path.rtt, path.loss));
}

double network_cost(const PathQuality& path, const CostWeights& weights)
{
  double losses = weights.w1 * path.rtt + weights.w2 * path.loss + weights.w3 * path.jitter;
  if (losses == 0)
    return 0;
  return losses / achievable_bandwidth(path, weights.mss);
}

} // namespace coalsim::diana
