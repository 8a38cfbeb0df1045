#include "PythonParameters.hpp"

#include "sim/config/InputError.hpp"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace coalsim::python {

void bind_parameter_declarations(py::module_& m)
{
  using Kind = PythonParameter::Kind;
  py::class_<PythonParameter>(m, "Parameter", "a policy parameter's declaration (coalsim.choice, coalsim.integer, ...)")
      .def_readonly("name", &PythonParameter::name)
      .def_readonly("default", &PythonParameter::fallback)
      .def_readonly("help", &PythonParameter::help);
  m.def(
      "choice",
      [](std::string name, std::string fallback, std::vector<std::string> allowed, std::string help) {
        if (std::find(allowed.begin(), allowed.end(), fallback) == allowed.end())
          throw py::value_error("the default '" + fallback + "' of parameter '" + name + "' is none of its values");
        return PythonParameter{Kind::choice,   std::move(name), py::str(fallback), std::move(allowed), 0,
                               std::move(help)};
      },
      "a parameter that takes one of `values`", py::arg("name"), py::arg("default"), py::arg("values"),
      py::arg("help"));
  m.def(
      "integer",
      [](std::string name, int fallback, int min, std::string help) {
        if (fallback < min)
          throw py::value_error("the default of parameter '" + name + "' is below its minimum");
        return PythonParameter{Kind::integer, std::move(name), py::int_(fallback), {}, double(min), std::move(help)};
      },
      "an integer parameter, at least `min`", py::arg("name"), py::arg("default"), py::arg("min"), py::arg("help"));
  m.def(
      "number",
      [](std::string name, double fallback, double min, std::string help) {
        if (fallback < min)
          throw py::value_error("the default of parameter '" + name + "' is below its minimum");
        return PythonParameter{Kind::number, std::move(name), py::float_(fallback), {}, min, std::move(help)};
      },
      "a number parameter, at least `min` (the experiment's units apply: 2GB, 1e3)", py::arg("name"),
      py::arg("default"), py::arg("min"), py::arg("help"));
  m.def(
      "fraction",
      [](std::string name, double fallback, std::string help) {
        if (not(fallback >= 0 && fallback <= 1))
          throw py::value_error("the default of parameter '" + name + "' is not in [0, 1]");
        return PythonParameter{Kind::fraction, std::move(name), py::float_(fallback), {}, 0, std::move(help)};
      },
      "a number in [0, 1]", py::arg("name"), py::arg("default"), py::arg("help"));
  m.def(
      "flag",
      [](std::string name, bool fallback, std::string help) {
        return PythonParameter{Kind::flag, std::move(name), py::bool_(fallback), {}, 0, std::move(help)};
      },
      "a true/false parameter", py::arg("name"), py::arg("default"), py::arg("help"));
}

py::dict read_parameters(const py::object& policy_class, PolicyParameters& parameters, const std::string& where)
{
  using Kind = PythonParameter::Kind;
  py::dict kwargs;
  py::object declared = py::getattr(policy_class, "parameters", py::list());
  if (not py::isinstance<py::list>(declared) && not py::isinstance<py::tuple>(declared))
    throw InputError("Invalid policy class in " + where +
                     ": `parameters` is a list of coalsim.choice, coalsim.integer, ... declarations");
  for (const py::handle& item : declared) {
    if (not py::isinstance<PythonParameter>(item))
      throw InputError("Invalid policy class in " + where + ": `parameters` holds " +
                       std::string(py::str(py::repr(item))) +
                       ", not a declaration (coalsim.choice, coalsim.integer, coalsim.number, coalsim.fraction, "
                       "coalsim.flag)");
    const auto& p = item.cast<const PythonParameter&>();
    py::object value;
    switch (p.kind) {
      case Kind::choice:
        value = py::str(parameters.get_choice(p.name, p.fallback.cast<std::string>(), p.allowed, p.help));
        break;
      case Kind::integer:
        value = py::int_(parameters.get_int(p.name, p.fallback.cast<int>(), static_cast<int>(p.min), p.help));
        break;
      case Kind::number:
        value = py::float_(parameters.get_double(p.name, p.fallback.cast<double>(), p.min, p.help));
        break;
      case Kind::fraction:
        value = py::float_(parameters.get_fraction(p.name, p.fallback.cast<double>(), p.help));
        break;
      case Kind::flag:
        value = py::bool_(parameters.get_bool(p.name, p.fallback.cast<bool>(), p.help));
        break;
    }
    kwargs[py::str(p.name)] = value;
  }
  return kwargs;
}

} // namespace coalsim::python
