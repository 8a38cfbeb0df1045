/* The platforms, experiments, sweeps and logs shipped with coalsim: in the install's share/coalsim when the running
 * executable is an installed one (<prefix>/bin, beside <prefix>/share/coalsim), else in the source tree it was built
 * from. Both hold the same layout (platforms/, workloads/experiments/, workloads/sweeps/, workloads/logs/), so a
 * shipped experiment's relative paths resolve the same way in both. */
#pragma once

#include <filesystem>
#include <string>

namespace coalsim {

/** The folder that holds the shipped files (see above). */
std::filesystem::path shipped_root();

/** A file named without a folder (`das2.xml`): `name` in the current folder when it is there, else the shipped
 *  one in `shipped_folder` (relative to shipped_root(), e.g. "platforms") when that is there; empty when neither
 *  is. A name with a folder is not looked up: returned as given. */
std::string find_by_name(const std::string& name, const std::string& shipped_folder);

/** The search order for a name without a folder, for the error when it is found nowhere:
 *  "looked in the current folder (<cwd>), then among the shipped <what> (<root>/<shipped_folder>)". */
std::string search_order(const std::string& what, const std::string& shipped_folder);

/** True for a name without a folder (`das2.xml`, not `./das2.xml` nor `platforms/das2.xml`). */
bool is_bare_name(const std::string& name);

} // namespace coalsim
