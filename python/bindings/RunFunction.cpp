/* coalsim.run(experiment, policy=..., set={...}): one run of an experiment from Python, as `simulate` runs it (the
 * same trace), returning its statistics. SimGrid keeps global state, one engine per process: each run is made in a
 * child process (fork), so that a notebook or a sweep may call run() again and again. The policy object is
 * copied into it; what the policy learns in the run stays there. */
#include "PolicyApi.hpp"
#include "PythonPolicy.hpp"
#include "setup/ExperimentConfig.hpp"
#include "setup/Simulation.hpp"
#include "sim/config/InputError.hpp"

#include <pybind11/stl.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace py = pybind11;

namespace coalsim::python {

namespace {

class RunError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/** The value of a `set` entry as the command line would write it. */
std::string override_text(const py::handle& value)
{
  if (py::isinstance<py::bool_>(value))
    return value.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    std::string out;
    for (const auto& item : value)
      out += (out.empty() ? "" : ", ") + override_text(item);
    return "[" + out + "]";
  }
  return py::str(value);
}

/** Where a class was defined, as a policy reference names it: "python:<file>:<class>". */
PolicySource source_of(const py::object& policy_class)
{
  std::string file = "<unknown>";
  try {
    py::object found = py::module_::import("inspect").attr("getsourcefile")(policy_class);
    if (not found.is_none()) { // relative to the working folder when in it
      std::string relative = std::filesystem::relative(found.cast<std::string>()).string();
      file                 = relative.rfind("..", 0) == 0 ? found.cast<std::string>() : relative;
    }
  } catch (const py::error_already_set&) {
  }
  std::string name = py::str(policy_class.attr("__name__"));
  return {"python:" + file + ":" + name, file, name};
}

/** The policy's name for the run, its entry registered (in the child) when it is a Python class or object. */
std::string register_policy(const py::object& policy)
{
  py::object type_type = py::module_::import("builtins").attr("type");
  if (py::isinstance(policy, type_type)) {
    PolicySource source = source_of(policy);
    auto held           = std::make_shared<py::object>(policy);
    PolicyRegistry::instance().add(source.reference, describe_class(policy), python_policy_factory(held, source));
    return source.reference;
  }
  PolicySource source = source_of(py::type::of(policy));
  for (const char* method : {"on_job_submitted", "on_claim_failed", "on_job_withdrawn", "decide", "waiting_jobs"})
    if (not py::hasattr(policy, method))
      throw InputError("Invalid policy '" + source.reference + "' in " + source.file + ": its class lacks the method " +
                       method);
  auto held = std::make_shared<py::object>(policy);
  PolicyRegistry::instance().add(source.reference, describe_class(py::type::of(policy)),
                                 [held, source](PolicyParameters&, const PolicyContext& context) {
                                   return std::make_unique<PythonPolicy>(*held, source, context);
                                 });
  return source.reference;
}

/** The statistics as "key value" lines. */
std::string statistics_text(const RunStatistics& s, uint64_t calls)
{
  std::ostringstream out;
  out.precision(17);
  const char* status[] = {"completed", "failed", "rejected", "unfinished"};
  out << "submitted " << s.submitted << "\n";
  for (int i = 0; i < 4; ++i)
    out << status[i] << " " << s.by_status[i] << "\n";
  auto stat = [&](const char* name, const RunningStat& r) {
    out << name << "_mean " << r.mean() << "\n" << name << "_sd " << r.sd() << "\n";
  };
  stat("response", s.response);
  stat("wait", s.wait);
  stat("runtime", s.runtime);
  stat("overhead", s.overhead);
  stat("transfer", s.transfer);
  stat("spread", s.spread);
  out << "coallocated " << s.coallocated << "\nmax_running " << s.max_running << "\nbackground_jobs "
      << s.background_jobs << "\nend_time " << s.end_time << "\nprocessors " << s.processors << "\ngrid_utilization "
      << s.grid_utilization() << "\nbackground_utilization " << s.background_utilization() << "\nwall_seconds "
      << s.wall_seconds << "\npolicy_calls " << calls << "\n";
  return out.str();
}

void write_all(int fd, const std::string& text)
{
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0)
      return;
    done += static_cast<size_t>(n);
  }
}

/** The child's part: the run, its statistics (or its error) written to `fd`; never returns. */
[[noreturn]] void run_child(int fd, const py::object& experiment, const py::object& policy, const py::dict& set,
                            const py::object& output, bool quiet, bool force)
{
  int code = 0;
  std::string report;
  try {
    std::vector<Override> overrides;
    if (not policy.is_none()) {
      std::string name = py::isinstance<py::str>(policy) ? policy.cast<std::string>() : register_policy(policy);
      overrides.emplace_back("policy.name=" + name, "policy=");
    }
    for (const auto& [key, value] : set)
      overrides.emplace_back(std::string(py::str(key)) + "=" + override_text(value));
    ExperimentConfig config = load_experiment(experiment.is_none() ? "" : experiment.cast<std::string>(), overrides);
    if (config.policy.name.rfind("python:", 0) == 0 && not PolicyRegistry::instance().contains(config.policy.name))
      register_policy_file(config.policy.name, config.source); // named by `policy` or by the experiment file
    RunOptions options;
    if (not output.is_none())
      options.output = output.cast<std::string>();
    options.force_output     = force;
    options.progress         = not quiet;
    RunStatistics statistics = Simulation(config, options).run();
    report                   = "ok\n" + statistics_text(statistics, PythonPolicy::total_calls());
  } catch (const InputError& e) {
    report = std::string("error\n") + e.what();
    code   = 2;
  } catch (const py::error_already_set& e) {
    report = std::string("error\n") + e.what();
    code   = 2;
  } catch (const std::exception& e) {
    report = std::string("error\n") + e.what();
    code   = 1;
  }
  write_all(fd, report);
  std::fflush(nullptr);
  ::_exit(code);
}

py::dict run(const py::object& experiment, const py::object& policy, const py::dict& set, const py::object& output,
             bool quiet, bool force)
{
  int fds[2];
  if (::pipe(fds) != 0)
    throw std::runtime_error("coalsim.run: no pipe to the run's process");
  py::module_::import("sys").attr("stdout").attr("flush")();
  std::fflush(nullptr);
  pid_t child = ::fork();
  if (child < 0)
    throw std::runtime_error("coalsim.run: cannot start the run's process");
  if (child == 0) {
    ::close(fds[0]);
    run_child(fds[1], experiment, policy, set, output, quiet, force);
  }
  ::close(fds[1]);
  std::string text;
  {
    py::gil_scoped_release release; // the run may take long; other Python threads go on
    char buffer[4096];
    ssize_t n;
    while ((n = ::read(fds[0], buffer, sizeof buffer)) > 0)
      text.append(buffer, static_cast<size_t>(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    if (text.empty())
      text = "error\nthe run's process ended with no result (status " + std::to_string(status) + ")";
  }
  std::istringstream in(text);
  std::string first;
  std::getline(in, first);
  if (first != "ok")
    throw RunError(text.substr(text.find('\n') + 1));
  py::dict statistics;
  std::string key, value;
  while (in >> key >> value) {
    if (key == "submitted" || key == "completed" || key == "failed" || key == "rejected" || key == "unfinished" ||
        key == "coallocated" || key == "max_running" || key == "background_jobs" || key == "processors" ||
        key == "policy_calls")
      statistics[py::str(key)] = py::int_(std::stoll(value));
    else
      statistics[py::str(key)] = py::float_(std::stod(value));
  }
  return statistics;
}

} // namespace

void bind_module(py::module_& m)
{
  bind_policy_api(m);
  py::register_exception<RunError>(m, "RunError", PyExc_RuntimeError);
  m.def("run", &run,
        "Runs an experiment (a YAML file; None: the built-in default) with `policy` (a registered name such as 'wf', "
        "'python:FILE[:CLASS]', a Python policy class, whose parameters `set` may give as policy.NAME, or a policy "
        "object), the overrides `set` ({'workload.jobs': 100, ...}) and writes the trace to `output` (None: no "
        "trace). Returns the run's statistics; raises coalsim.RunError with simulate's message on bad input.",
        py::arg("experiment") = py::none(), py::kw_only(), py::arg("policy") = py::none(), py::arg("set") = py::dict(),
        py::arg("output") = "trace.h5", py::arg("quiet") = true, py::arg("force") = false);
}

} // namespace coalsim::python
