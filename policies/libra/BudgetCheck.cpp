#include "policies/libra/BudgetCheck.hpp"

#include <cmath>

namespace coalsim::libra {

bool within_budget(double budget, double cost)
{
  return std::isnan(budget) || budget >= cost;
}

} // namespace coalsim::libra
