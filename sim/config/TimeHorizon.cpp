#include "sim/config/TimeHorizon.hpp"

#include "sim/config/InputError.hpp"

#include <cmath>
#include <cstdio>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_config_time_horizon, coalsim_config, "TimeHorizon");

namespace coalsim {

TimeHorizonError::TimeHorizonError(double date, double now)
    : std::runtime_error("an event at " + describe_seconds(date) + " lies beyond the simulated-time horizon of " +
                         describe_seconds(time_horizon))
    , date_(date)
    , now_(now)
{
}

std::string describe_seconds(double seconds)
{
  char text[64];
  constexpr double year = 365.25 * 86400;
  if (std::isfinite(seconds) && std::fabs(seconds) >= year)
    std::snprintf(text, sizeof text, "%g s (%.3g years)", seconds, seconds / year);
  else
    std::snprintf(text, sizeof text, "%g s", seconds);
  return text;
}

void check_within_horizon(double seconds, const std::string& thing, const std::string& id, const std::string& where,
                          const std::string& what)
{
  if (seconds <= time_horizon) // false for NaN too
    return;
  throw InputError("Invalid " + thing + " '" + id + "' in " + where + ": " + what + " " + describe_seconds(seconds) +
                   " lies beyond the simulated-time horizon of " + describe_seconds(time_horizon) +
                   " (no run simulates that far; see docs/errors.md)");
}

} // namespace coalsim
