#include "policies/koala/ClaimingTimes.hpp"

#include <algorithm>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_koala_claiming_times, coalsim_koala, "ClaimingTimes");

namespace coalsim::koala::claiming {

double initial_time(double jpt, double ftt, double L)
{
  return jpt + L * ftt;
}

double next_time(double jct, double jst, double L, double min_step)
{
  double next = std::max(jct + L * (jst - jct), jct + min_step);
  return jst - next < min_step ? std::max(jst, jct) : next;
}

double lowered(double L, double step, double floor)
{
  return std::max(floor, L - step);
}

} // namespace coalsim::koala::claiming
