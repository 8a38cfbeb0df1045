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

} // namespace coalsim::libra
