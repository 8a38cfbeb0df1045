#include "EmbeddedPython.hpp"
#include "PolicyApi.hpp"
#include "PythonPolicy.hpp"

#include <memory>
#include <pybind11/embed.h>

namespace py = pybind11;

PYBIND11_EMBEDDED_MODULE(coalsim, module)
{
  coalsim::python::bind_policy_api(module);
}

namespace coalsim::python {

namespace {

/** The interpreter and the policy classes the registry's entries hold: the classes are let go before the
 *  interpreter ends (the registry, a static, is destroyed after it). */
struct EmbeddedInterpreter {
  py::scoped_interpreter interpreter{false}; // no signal handlers: Ctrl-C stops simulate as before
  std::vector<std::shared_ptr<py::object>> classes;
  ~EmbeddedInterpreter()
  {
    for (auto& held : classes)
      *held = py::object();
  }
};

EmbeddedInterpreter& interpreter()
{
  static std::unique_ptr<EmbeddedInterpreter> embedded = std::make_unique<EmbeddedInterpreter>();
  return *embedded;
}

} // namespace

bool is_python_policy(const std::string& name)
{
  return name.rfind("python:", 0) == 0;
}

void register_python_policy(const std::string& reference, const std::string& experiment_file)
{
  if (PolicyRegistry::instance().contains(reference))
    return;
  EmbeddedInterpreter& embedded = interpreter();
  embedded.classes.push_back(register_policy_file(reference, experiment_file));
}

} // namespace coalsim::python
