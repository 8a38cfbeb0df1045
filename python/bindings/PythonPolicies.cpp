#include "PythonParameters.hpp"
#include "PythonPolicy.hpp"
#include "setup/InputFiles.hpp"

#include <filesystem>
#include <pybind11/stl.h>

namespace py = pybind11;

namespace coalsim::python {

namespace {

const char* const required_methods[] = {"on_job_submitted", "on_claim_failed", "on_job_withdrawn", "decide",
                                        "waiting_jobs"};

std::string class_line(const py::object& policy_class)
{
  try {
    return std::to_string(py::module_::import("inspect").attr("getsourcelines")(policy_class)[py::int_(1)].cast<int>());
  } catch (const py::error_already_set&) {
    return "1";
  }
}

bool is_identifier(const std::string& text)
{
  return not text.empty() && py::str(text).attr("isidentifier")().cast<bool>();
}

} // namespace

PolicySource parse_reference(const std::string& reference)
{
  PolicySource source{reference, reference.substr(reference.find(':') + 1), ""};
  auto colon = source.file.rfind(':');
  if (colon != std::string::npos && is_identifier(source.file.substr(colon + 1))) {
    source.class_name = source.file.substr(colon + 1);
    source.file       = source.file.substr(0, colon);
  }
  return source;
}

py::object load_policy_class(const PolicySource& source)
{
  const std::string where = "Invalid policy '" + source.reference + "' in ";
  if (not std::filesystem::is_regular_file(source.file))
    throw InputError(where + "the command line: no Python file '" + source.file + "'");
  py::object module;
  try {
    py::module_ util   = py::module_::import("importlib.util");
    py::module_ sys    = py::module_::import("sys");
    std::string name   = "coalsim_policy_" + std::filesystem::path(source.file).stem().string();
    py::object spec    = util.attr("spec_from_file_location")(name, source.file);
    module             = util.attr("module_from_spec")(spec);
    py::list path      = sys.attr("path");
    std::string folder = std::filesystem::absolute(source.file).parent_path().string();
    path.insert(0, folder); // the file's own helper modules
    sys.attr("modules")[py::str(name)] = module;
    spec.attr("loader").attr("exec_module")(module);
  } catch (py::error_already_set& error) {
    throw InputError(describe_exception(error, source, "importing it"));
  }
  py::object chosen;
  if (not source.class_name.empty()) {
    chosen = py::getattr(module, source.class_name.c_str(), py::none());
    if (chosen.is_none() || not py::isinstance(chosen, py::module_::import("builtins").attr("type")))
      throw InputError(where + source.file + ":1: the file defines no class '" + source.class_name + "'");
  } else { // the one class of the file with a decide method
    std::vector<std::string> found;
    for (const auto& [key, value] : py::dict(module.attr("__dict__"))) {
      py::object item = py::reinterpret_borrow<py::object>(value);
      if (py::isinstance(item, py::module_::import("builtins").attr("type")) && py::hasattr(item, "decide") &&
          py::getattr(item, "__module__", py::none()).equal(module.attr("__name__"))) {
        found.push_back(py::str(key));
        chosen = item;
      }
    }
    if (found.empty())
      throw InputError(where + source.file + ":1: the file defines no class with a decide(view) method");
    if (found.size() > 1) {
      std::string names;
      for (const auto& n : found)
        names += (names.empty() ? "" : ", ") + n;
      throw InputError(where + source.file + ":1: the file defines several policy classes (" + names +
                       "): name one, as python:" + source.file + ":" + found.front());
    }
  }
  for (const char* method : required_methods)
    if (not py::hasattr(chosen, method) || not py::isinstance<py::function>(py::getattr(chosen, method)))
      throw InputError(where + source.file + ":" + class_line(chosen) + ": class " +
                       std::string(py::str(chosen.attr("__name__"))) + " lacks the method " + method +
                       " (a policy defines on_job_submitted, on_claim_failed, on_job_withdrawn, decide and "
                       "waiting_jobs)");
  return chosen;
}

std::string describe_class(const py::object& policy_class)
{
  py::object doc = py::getattr(policy_class, "__doc__", py::none());
  if (doc.is_none() || doc.is(py::module_::import("coalsim").attr("Policy").attr("__doc__")))
    return "a policy written in Python (class " + std::string(py::str(policy_class.attr("__name__"))) + ")";
  std::string text = py::str(doc).attr("strip")().cast<std::string>();
  return text.substr(0, text.find('\n'));
}

PolicyFactory python_policy_factory(std::shared_ptr<py::object> held, PolicySource source)
{
  return [held, source](PolicyParameters& parameters, const PolicyContext& context) -> std::unique_ptr<GridPolicy> {
    py::dict kwargs = read_parameters(*held, parameters, source.file + ":" + class_line(*held));
    py::object instance;
    try {
      // A constructor with a `context` parameter gets the PolicyContext (cluster names, the run's seed, hosts).
      py::object signature = py::module_::import("inspect").attr("signature")(*held);
      if (signature.attr("parameters").contains("context"))
        kwargs["context"] = py::cast(context, py::return_value_policy::copy);
      instance = (*held)(**kwargs);
    } catch (py::error_already_set& error) {
      throw InputError(describe_exception(error, source, "the constructor"));
    }
    return std::make_unique<PythonPolicy>(instance, source, context);
  };
}

std::shared_ptr<py::object> register_policy_file(const std::string& reference, const std::string& experiment_file)
{
  PolicySource source = parse_reference(reference);
  source.file         = locate_input(source.file, experiment_file); // as the experiment's other files
  auto held           = std::make_shared<py::object>(load_policy_class(source));
  PolicyRegistry::instance().add(reference, describe_class(*held), python_policy_factory(held, source));
  return held;
}

} // namespace coalsim::python
