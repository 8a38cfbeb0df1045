/* Files an experiment names (the platform, logs to replay or fit): where they are found, and an error at the
 * experiment's line when one cannot be read. */
#pragma once

#include "sim/config/KeyLocation.hpp"

#include <string>

namespace coalsim {

/** `path` as given when it exists or is absolute; else relative to the experiment file's folder and its
 *  parents; last, in the source tree this simulator was built from (the built-in default names
 *  platforms/das2.xml). Unchanged when found nowhere. */
std::string locate_input(const std::string& path, const std::string& experiment_file);

/** locate_input(), and an error at `location` (the key that names the file) when the file cannot be opened. */
std::string locate_readable(const std::string& path, const std::string& experiment_file, const KeyLocation& location);

} // namespace coalsim
