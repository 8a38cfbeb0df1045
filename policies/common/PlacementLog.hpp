/* A central scheduler's try to place one job, in the decision log (`trace.decisions`): one round per try, one row
 * per cluster with its verdict and its idle processors as the scheduler saw them. Shared by the wait-queue
 * policies, the DCS and KOALA, whatever their placement rule. */
#pragma once

#include "policies/common/Fitting.hpp"
#include "sim/api/DecisionLog.hpp"
#include "sim/api/GridView.hpp"

#include <optional>
#include <vector>

namespace coalsim {

/** Logs the try (the log must be on): each cluster the placement `placed` uses is `chosen`; every other one is
 *  `refused` with why it could take no component (`unusable` for good, `down`, `not_requested` by an ordered job,
 *  `too_few_idle` for the job's smallest component there, `no_file`: no replica of the job's input is in reach),
 *  or `considered` when it had room for a component but the placement went elsewhere or the job as a whole did
 *  not fit. `idle` is the idle processors before the try. */
void log_placement_try(DecisionLog& log, const JobSpec& job, const GridView& view, const std::vector<int>& idle,
                       const std::optional<fitting::Components>& placed, bool file_readable);

} // namespace coalsim
