/* The files a run reads, so that its output can never replace one of them: `simulate -c x.yaml -o x.yaml` once
 * replaced the experiment with the trace. */
#pragma once

#include "setup/ExperimentConfig.hpp"

#include <functional>
#include <string>
#include <vector>

namespace coalsim {

struct RunInput {
  std::string role; // "experiment", "platform", "profile of the platform", "log of workload.replay.trace", ...
  std::string path; // as resolved for the run
};

/** The experiment file, the platform, the `profiles` the platform names (as the platform check found them), and
 *  every replayed or fitted log; `locate` resolves a file named in the experiment as the run does. */
std::vector<RunInput> run_inputs(const ExperimentConfig& config, const std::string& platform_file,
                                 const std::vector<std::string>& profiles,
                                 const std::function<std::string(const std::string&)>& locate);

/** Throws InputError when `output` is one of `inputs`: the same path once canonical, or the same file (device and
 *  inode: through a symbolic or hard link). Also refuses an output that is a folder, or anything else but a regular
 *  file or a link to one, and (unless `force`) a file that is not a coalsim trace (check_output_replaceable). */
void check_output_is_no_input(const std::string& output, bool force, const std::vector<RunInput>& inputs);

} // namespace coalsim
