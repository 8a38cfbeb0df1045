/* The one check of a policy's declared needs (sim/api/PolicyNeeds.hpp) against the experiment, before the run: its
 * request types, a submission overhead, the runtime model for host shares, every job's estimate and deadline, and
 * component failures. A need the experiment does not meet is an input error naming the key to change. */
#pragma once

#include "setup/ExperimentConfig.hpp"
#include "sim/api/PolicyNeeds.hpp"

namespace coalsim {

void check_policy_needs(const PolicyNeeds& needs, const ExperimentConfig& config);

} // namespace coalsim
