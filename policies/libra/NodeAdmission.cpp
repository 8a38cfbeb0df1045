#include "policies/libra/NodeAdmission.hpp"

#include <algorithm>
#include <numeric>

namespace coalsim::libra {

namespace {
constexpr double tolerance = 1e-9;
}

NodeLoad admit(const std::vector<double>& shares, double added, int cores, Sharing sharing)
{
  double guaranteed = 0;
  if (sharing == Sharing::proportional) {
    guaranteed = std::accumulate(shares.begin(), shares.end(), added);
  } else {
    double largest = std::max(added, shares.empty() ? 0.0 : *std::max_element(shares.begin(), shares.end()));
    guaranteed     = static_cast<double>(shares.size() + 1) * largest;
  }
  return {guaranteed <= cores * (1 + tolerance), guaranteed / cores};
}

double equal_slice(int jobs, int cores)
{
  return std::min(1.0, static_cast<double>(cores) / jobs);
}

} // namespace coalsim::libra
