/* Files an experiment names (the platform, logs to replay or fit): where they are found, and an error at the
 * experiment's line when one cannot be read. */
#pragma once

#include "sim/config/KeyLocation.hpp"

#include <string>

namespace coalsim {

/** `path` as given when it exists or is absolute; else relative to the experiment file's folder and its
 *  parents; then, for a name without a folder and a `shipped_folder` (e.g. "platforms"), the shipped one there;
 *  last, relative to the shipped files' root (ShippedFiles.hpp: the built-in default names platforms/das2.xml).
 *  Unchanged when found nowhere. */
std::string locate_input(const std::string& path, const std::string& experiment_file,
                         const std::string& shipped_folder = "");

/** locate_input(), and an error at `location` (the key that names the file) when the file cannot be opened; for
 *  a name without a folder looked up in `shipped_folder`, an error that says where it was looked for (`what`:
 *  "platforms"). */
std::string locate_readable(const std::string& path, const std::string& experiment_file, const KeyLocation& location,
                            const std::string& shipped_folder = "", const std::string& what = "");

} // namespace coalsim
