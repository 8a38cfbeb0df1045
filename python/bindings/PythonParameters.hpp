/* A Python policy's parameters, declared in its class list `parameters` with coalsim.choice, coalsim.integer,
 * coalsim.number, coalsim.fraction and coalsim.flag (default, bounds, help), and read from the experiment through
 * the same PolicyParameters as a C++ policy's: the same messages, `--set policy.x=...`, `--policy help`. */
#pragma once

#include "sim/api/PolicyParameters.hpp"

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace coalsim::python {

struct PythonParameter {
  enum class Kind { choice, integer, number, fraction, flag };
  Kind kind = Kind::number;
  std::string name;
  pybind11::object fallback;
  std::vector<std::string> allowed; // a choice's values
  double min = 0;                   // an integer's or a number's lower bound
  std::string help;
};

/** coalsim.choice, coalsim.integer, ... and the class Parameter they return. */
void bind_parameter_declarations(pybind11::module_& module);

/** The keyword arguments of the class's constructor: each declared parameter read from `parameters` (its
 *  default when not given). Throws InputError when the declaration itself is wrong. */
pybind11::dict read_parameters(const pybind11::object& policy_class, PolicyParameters& parameters,
                               const std::string& where);

} // namespace coalsim::python
