#include "policies/koala/ClaimAccounting.hpp"

#include <cmath>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_koala_claim_accounting, coalsim_koala, "ClaimAccounting");

namespace coalsim::koala {

void ClaimAccounting::add_attempt(const std::vector<ComponentPlacement>& placement,
                                  const std::vector<double>& claimed_at, double placed_at, double now)
{
  for (size_t k = 0; k < placement.size(); ++k) {
    int processors = placement[k].processors;
    bool claimed   = k < claimed_at.size() && not std::isnan(claimed_at[k]);
    double claim   = claimed ? claimed_at[k] : now;
    pgt += processors * (claim - placed_at);
    pwt += processors * (now - claim);
  }
}

} // namespace coalsim::koala
