/* Policies built outside the tree (`simulate --plugin libmypolicy.so`): a shared library whose static
 * registrations (COALSIM_REGISTER_POLICY) run when it is loaded, into the registry of the running simulate, which
 * exports its symbols for that (ENABLE_EXPORTS in CMakeLists.txt; docs/policies.md, "A policy outside the tree"). */
#pragma once

#include <string>
#include <vector>

namespace coalsim {

/** Loads the plugin at `path` and returns the names of the policies it registered. Throws InputError
 *  ("Invalid plugin '<path>': ...") when the file is missing, is no shared library this simulate can load,
 *  registers no policy, or registers a name simulate already has (built in, or from an earlier plugin). A loaded
 *  plugin stays loaded for the life of the process: the registry holds its code. */
std::vector<std::string> load_plugin(const std::string& path);

} // namespace coalsim
