/* Python policies in `simulate`: the interpreter embedded in the process, started at the first policy named
 * "python:<file>[:<class>]", with the coalsim module built in (the same bindings as the extension module). */
#pragma once

#include <string>

namespace coalsim::python {

/** "python:..." names a policy class in a Python file. */
bool is_python_policy(const std::string& name);

/** Loads the policy class that `reference` names and registers it under that name (its description and
 *  parameters as the class declares them), once; throws InputError with the file and line when it cannot. A file
 *  not found as given is looked for relative to `experiment_file`'s folder (setup/InputFiles.hpp). */
void register_python_policy(const std::string& reference, const std::string& experiment_file = "");

} // namespace coalsim::python
