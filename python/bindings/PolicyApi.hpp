/* The policy API in Python (pybind11): the job model, the grid view, the decision types, the needs and the
 * capabilities a policy declares, and the base class coalsim.Policy. Written once here and used by both the
 * `coalsim` extension module (python/bindings/CoalsimModule.cpp) and the module embedded in `simulate`
 * (python/bindings/EmbeddedModule.cpp). docs/python-policies.md is its reference. */
#pragma once

#include <pybind11/pybind11.h>

namespace coalsim::python {

/** Adds the policy API to `module` (the classes, the enums, the parameter declarations, coalsim.Policy). */
void bind_policy_api(pybind11::module_& module);

/** Adds coalsim.run (RunFunction.cpp) and everything of bind_policy_api: the whole module. */
void bind_module(pybind11::module_& module);

} // namespace coalsim::python
