#include "policies/libra/MinimumShare.hpp"

#include <algorithm>

namespace coalsim::libra {

double minimum_share(double estimate, double cpu_done, double deadline, double wall_done)
{
  const double cpu_left  = estimate - cpu_done;
  const double wall_left = deadline - wall_done;
  if (cpu_left <= 0 || wall_left <= 0)
    return 1.0;
  return std::clamp(cpu_left / wall_left, smallest_share, 1.0);
}

bool overran(double estimate, double cpu_done, double deadline, double wall_done)
{
  return estimate - cpu_done <= 0 || deadline - wall_done <= 0;
}

std::vector<double> node_weights(const std::vector<double>& needs, const std::vector<bool>& over, int cores,
                                 Overrun rule, double reserved)
{
  std::vector<double> weights = needs;
  double promised             = reserved;
  int overrunning             = 0;
  for (size_t i = 0; i < needs.size(); ++i) {
    if (over[i])
      ++overrunning;
    else
      promised += needs[i];
  }
  if (overrunning == 0)
    return weights;
  const double each = rule == Overrun::whole_core
                          ? 1.0
                          : std::clamp((static_cast<double>(cores) - promised) / overrunning, smallest_share, 1.0);
  for (size_t i = 0; i < needs.size(); ++i)
    if (over[i])
      weights[i] = each;
  return weights;
}

} // namespace coalsim::libra
