/* The simulated-time horizon: no event of a run may lie beyond it. A date past it comes from a value no
 * experiment means (a latency of 1e308 us, a run time of 1e20 s, an `inf`): refused where it is read when its
 * origin is known, and otherwise when an event is scheduled (TimeHorizonError), so that such a run ends with a
 * message instead of simulating background load for ever. 1e9 s is 31.7 years, three times the longest
 * workload log of the Parallel and Grid Workloads Archives; at 1e9 s a double still resolves 0.1 us. */
#pragma once

#include <stdexcept>
#include <string>

namespace coalsim {

constexpr double time_horizon = 1e9; // seconds
/** The shortest interval of a recurring event (samples, polls, failures, arrivals): anything shorter comes from a
 *  value no experiment means (1e-300 s, 0), and would pile up events at one date for ever instead of moving
 *  time on. */
constexpr double finest_interval = 1e-3; // seconds

/** An event was to be scheduled past time_horizon (or at a date that is no number). */
class TimeHorizonError : public std::runtime_error {
public:
  TimeHorizonError(double date, double now);
  double date() const { return date_; }
  double now() const { return now_; }

private:
  double date_;
  double now_;
};

/** "1e+20 s (3.2e+12 years)": a date or duration with its size in years when that helps. */
std::string describe_seconds(double seconds);

/** Throws InputError "Invalid <thing> '<id>' in <where>: <what> <value> s lies beyond the simulated-time horizon"
 *  when `seconds` is not a number or above time_horizon. `where` is "<file>:<line>" or "<file>". */
void check_within_horizon(double seconds, const std::string& thing, const std::string& id, const std::string& where,
                          const std::string& what);

} // namespace coalsim
