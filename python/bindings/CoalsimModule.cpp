/* The `coalsim` Python extension module: the policy API and coalsim.run (docs/python-policies.md). */
#include "PolicyApi.hpp"

PYBIND11_MODULE(coalsim, module)
{
  module.doc() = "coalsim: grid policies in Python, and runs of coalsim experiments";
  coalsim::python::bind_module(module);
}
