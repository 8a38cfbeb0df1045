/* The limits that keep a run finite (see sim/config/TimeHorizon.hpp and docs/errors.md): durations of the
 * experiment checked against the simulated-time horizon before the run, with the key that set them; and the
 * message of a run stopped because an event fell past the horizon anyway. */
#pragma once

#include "setup/ExperimentConfig.hpp"
#include "sim/config/TimeHorizon.hpp"
#include "sim/engine/ActivityTracker.hpp"

#include <simgrid/s4u/Engine.hpp>

namespace coalsim {

/** Throws InputError naming the key when a duration of `config` (poll interval, overheads, run times, start of
 *  the synthetic workload, sample interval) can lie beyond the horizon: its largest value, or the mean of an
 *  unbounded distribution. */
void check_run_limits(const ExperimentConfig& config);

/** Ends a run stopped by an exception: cancels what is in flight and discards the pending timers, so that SimGrid
 *  can be torn down and nothing leaks. */
void abandon_run(ActivityTracker& tracker);

/** Ends the run that `error` stopped: cancels what is in flight so that SimGrid can be torn down, then throws
 *  InputError naming the experiment, the simulated time reached and the date refused. */
[[noreturn]] void throw_beyond_horizon(const TimeHorizonError& error, const ExperimentConfig& config,
                                       ActivityTracker& tracker);

} // namespace coalsim
