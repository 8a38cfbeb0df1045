#include "PythonPolicy.hpp"

#include "PythonParameters.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(coalsim_python, "Policies written in Python");

namespace py = pybind11;

namespace coalsim::python {

py::object message_object(const Message& message); // PolicyApi.cpp

namespace {

PythonPolicy* deciding = nullptr;
uint64_t all_calls     = 0;

/** Raised by Decisions' methods for a decision the engine would refuse (a Python exception, so that the message
 *  names the line that made the decision). */
class DecisionError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/** The bound method `name` of `instance`, or none when the class leaves an optional event to coalsim.Policy. */
py::object method_of(const py::object& instance, const char* name, bool optional)
{
  py::object method = py::getattr(instance, name, py::none());
  if (method.is_none() || not optional)
    return method;
  py::object base         = py::module_::import("coalsim").attr("Policy");
  py::object defined      = py::getattr(py::type::of(instance), name, py::none());
  py::object base_defined = py::getattr(base, name, py::none());
  return defined.is(base_defined) ? py::object(py::none()) : method;
}

std::string line_of(const py::object& object)
{
  try {
    return std::to_string(py::module_::import("inspect").attr("getsourcelines")(object)[py::int_(1)].cast<int>());
  } catch (const py::error_already_set&) {
    return "1";
  }
}

/** The message of Decisions.place for a placement of `job` that breaks a rule (without "placement of job <id>: "). */
std::string broken_rule_message(const BrokenRule& broken, const JobSpec& spec, const Placement& placement, int clusters)
{
  const auto& comps    = placement.components;
  const size_t k       = broken.component;
  const std::string at = "component " + std::to_string(k) + ": ";
  const auto number    = [](auto n) { return std::to_string(n); };
  switch (broken.rule) {
    case PlacementCheck::has_components:
      return "no component";
    case PlacementCheck::claims_declared:
      return "Claiming.by_policy, but needs() declare no claims";
    case PlacementCheck::component_failures_declared:
      return "component_failures, but needs() do not declare them";
    case PlacementCheck::cluster_exists:
      return at + "cluster " + number(comps[k].cluster) + " (the grid has clusters 0 to " + number(clusters - 1) + ")";
    case PlacementCheck::cluster_used:
      return at + "cluster " + number(comps[k].cluster) + ", which needs().clusters leaves out";
    case PlacementCheck::has_processors:
      return at + number(comps[k].processors) + " processors";
    case PlacementCheck::share_allowed:
      return at + "host " + number(comps[k].host) +
             " with a share (shares need the declared host_shares, immediate claiming, one processor, a host of the "
             "cluster and smallest_share <= share <= 1)";
    case PlacementCheck::file_site_has_replica:
      return at + "file site " + number(comps[k].file_site) + ", which holds no replica of the job's file";
    case PlacementCheck::file_site_given:
      return at + "no file site, but the job has an input file";
    case PlacementCheck::flexible_total: {
      int total = 0;
      for (const auto& c : comps)
        total += c.processors;
      return "a flexible job placed on " + number(total) + " processors, not " + number(spec.total_processors);
    }
    case PlacementCheck::component_count:
      return number(comps.size()) + " components, not " + number(spec.components.size());
    case PlacementCheck::component_size:
      return "component " + number(k) + " has " + number(comps[k].processors) + " processors, not the " +
             number(spec.components[k].processors) + " it asked for";
    case PlacementCheck::ordered_cluster:
      return "component " + number(k) + " of an ordered job moved off its cluster " +
             number(spec.components[k].cluster);
  }
  return "breaks a rule of sim/api/PlacementRules.hpp";
}

} // namespace

uint64_t PythonPolicy::total_calls()
{
  return all_calls;
}

PythonPolicy* deciding_policy()
{
  return deciding;
}

std::string describe_exception(py::error_already_set& error, const PolicySource& source, const std::string& method)
{
  std::string file = source.file, line = "1";
  std::string type = error.type() ? std::string(py::str(error.type().attr("__name__"))) : "error";
  std::string what = py::str(error.value());
  if (error.matches(PyExc_SyntaxError)) { // where the file fails to parse: its own file and line
    py::object value = error.value();
    if (not value.attr("filename").is_none() &&
        py::module_::import("os").attr("path").attr("abspath")(value.attr("filename")).cast<std::string>() !=
            py::module_::import("os").attr("path").attr("abspath")(source.file).cast<std::string>())
      file = py::str(value.attr("filename")); // a module the policy file imports
    if (not value.attr("lineno").is_none())
      line = std::to_string(value.attr("lineno").cast<int>());
    what = py::str(value.attr("msg"));
  } else if (error.trace()) {
    py::list frames    = py::module_::import("traceback").attr("extract_tb")(error.trace());
    py::object chosen  = py::none();
    std::string wanted = py::module_::import("os").attr("path").attr("abspath")(source.file).cast<std::string>();
    for (const py::handle& frame : frames) { // the innermost frame of the policy's file, else the innermost one
      std::string name =
          py::module_::import("os").attr("path").attr("abspath")(frame.attr("filename")).cast<std::string>();
      if (name == wanted)
        chosen = py::reinterpret_borrow<py::object>(frame);
    }
    if (chosen.is_none() && not frames.empty())
      chosen = frames[frames.size() - 1];
    if (not chosen.is_none()) {
      file = py::str(chosen.attr("filename"));
      if (file == py::module_::import("os").attr("path").attr("abspath")(source.file).cast<std::string>())
        file = source.file;
      line = std::to_string(chosen.attr("lineno").cast<int>());
    }
  }
  return "Invalid policy '" + source.reference + "' in " + file + ":" + line + ": " + method + " raised " + type +
         (what.empty() ? "" : ": " + what);
}

PythonPolicy::PythonPolicy(py::object instance, PolicySource source, const PolicyContext& context)
    : instance_(std::move(instance))
    , source_(std::move(source))
{
  for (const auto& cores : context.host_cores)
    rules_.hosts.push_back(cores.size());
  auto required      = [&](const char* name) { return method_of(instance_, name, false); };
  auto optional      = [&](const char* name) { return method_of(instance_, name, true); };
  on_job_submitted_  = required("on_job_submitted");
  on_claim_failed_   = required("on_claim_failed");
  on_job_withdrawn_  = required("on_job_withdrawn");
  decide_            = required("decide");
  waiting_jobs_      = required("waiting_jobs");
  on_job_started_    = optional("on_job_started");
  on_run_started_    = optional("on_run_started");
  on_run_ended_      = optional("on_run_ended");
  on_job_finished_   = optional("on_job_finished");
  on_job_failed_     = optional("on_job_failed");
  on_job_placed_     = optional("on_job_placed");
  on_job_aborted_    = py::getattr(instance_, "on_job_aborted", py::none()); // by default: on_claim_failed
  on_wake_           = optional("on_wake");
  on_message_        = optional("on_message");
  grant_             = optional("grant");
  nothing_to_decide_ = optional("nothing_to_decide");
  py::object needs   = py::getattr(instance_, "needs", py::none());
  if (not needs.is_none()) {
    py::object declared = call(needs, "needs()");
    if (not py::isinstance<PolicyNeeds>(declared))
      throw InputError("Invalid policy '" + source_.reference + "' in " + source_.file + ":" + line_of(needs) +
                       ": needs() returned " + std::string(py::str(py::repr(declared))) +
                       ", not a coalsim.PolicyNeeds");
    needs_ = declared.cast<PolicyNeeds>();
  }
  rules_.needs = &needs_;
  // setup refuses a policy that declares host_shares in a run whose runtime model shares no host
  // (setup/PolicyNeedsCheck.cpp), so shares are the declared ones
  rules_.shares_hosts = true;
}

PythonPolicy::~PythonPolicy()
{
  XBT_VERB("policy '%s': %lu calls into Python", source_.reference.c_str(), static_cast<unsigned long>(calls_));
}

template <class... Args> py::object PythonPolicy::call(const py::object& method, const char* name, Args&&... args) const
{
  if (method.is_none())
    return py::none();
  ++calls_;
  ++all_calls;
  try {
    return method(std::forward<Args>(args)...);
  } catch (py::error_already_set& error) {
    throw InputError(describe_exception(error, source_, name));
  }
}

py::object PythonPolicy::job_object(const JobSpec& job)
{
  auto it = jobs_.find(job.id);
  if (it != jobs_.end())
    return it->second;
  specs_[job.id] = &job;
  return jobs_.emplace(job.id, py::cast(job, py::return_value_policy::copy)).first->second;
}

void PythonPolicy::grant(const Capabilities& granted)
{
  if (not grant_.is_none())
    call(grant_, "grant()", py::cast(granted, py::return_value_policy::copy));
}

void PythonPolicy::on_job_submitted(const JobSpec& job)
{
  waiting_.insert(job.id);
  call(on_job_submitted_, "on_job_submitted()", job_object(job));
}

void PythonPolicy::on_claim_failed(const JobSpec& job)
{
  waiting_.insert(job.id);
  call(on_claim_failed_, "on_claim_failed()", job_object(job));
}

void PythonPolicy::on_job_started(const JobSpec& job)
{
  call(on_job_started_, "on_job_started()", job_object(job));
}

void PythonPolicy::on_run_started(const JobSpec& job)
{
  call(on_run_started_, "on_run_started()", job_object(job));
}

void PythonPolicy::on_job_withdrawn(const JobSpec& job)
{
  call(on_job_withdrawn_, "on_job_withdrawn()", job_object(job));
  waiting_.erase(job.id);
  jobs_.erase(job.id);
  specs_.erase(job.id);
}

void PythonPolicy::on_run_ended(const JobSpec& job)
{
  call(on_run_ended_, "on_run_ended()", job_object(job));
}

void PythonPolicy::on_job_finished(const JobSpec& job)
{
  call(on_job_finished_, "on_job_finished()", job_object(job));
  jobs_.erase(job.id);
  specs_.erase(job.id);
}

bool PythonPolicy::on_job_failed(const JobSpec& job)
{
  bool taken_back = false;
  if (not on_job_failed_.is_none()) {
    py::object answer = call(on_job_failed_, "on_job_failed()", job_object(job));
    if (not py::isinstance<py::bool_>(answer))
      refuse("on_job_failed() returned " + std::string(py::str(py::repr(answer))) + ", not True or False");
    taken_back = answer.cast<bool>();
  }
  if (taken_back) {
    waiting_.insert(job.id);
  } else {
    jobs_.erase(job.id);
    specs_.erase(job.id);
  }
  return taken_back;
}

void PythonPolicy::on_job_placed(const JobSpec& job)
{
  call(on_job_placed_, "on_job_placed()", job_object(job));
}

void PythonPolicy::on_job_aborted(const JobSpec& job, const Abort& abort)
{
  waiting_.insert(job.id);
  call(on_job_aborted_, "on_job_aborted()", job_object(job), py::cast(abort, py::return_value_policy::copy));
}

void PythonPolicy::on_wake(uint64_t token)
{
  call(on_wake_, "on_wake()", token);
}

void PythonPolicy::on_message(ClusterIndex from, ClusterIndex to, const Message& message, bool delivered)
{
  call(on_message_, "on_message()", from, to, message_object(message), delivered);
}

Decisions PythonPolicy::decide(const GridView& view)
{
  clusters_ = static_cast<int>(view.cluster_count());
  struct Deciding { // the checks of Decisions' methods apply to this policy while decide() runs
    explicit Deciding(PythonPolicy* p) { deciding = p; }
    ~Deciding() { deciding = nullptr; }
  } scope(this);
  py::object answer = call(decide_, "decide()", py::cast(&view, py::return_value_policy::reference));
  if (answer.is_none()) // nothing decided: the common pass, made cheap
    return {};
  if (not py::isinstance<Decisions>(answer))
    refuse("decide() returned " + std::string(py::str(py::repr(answer))) + ", not a coalsim.Decisions (or None)");
  Decisions decisions = std::move(answer.cast<Decisions&>()); // the Python object is the policy's to drop
  for (const auto& rejection : decisions.rejections) {
    jobs_.erase(rejection.job);
    specs_.erase(rejection.job);
  }
  return decisions;
}

bool PythonPolicy::nothing_to_decide() const
{
  if (nothing_to_decide_.is_none())
    return false;
  py::object answer = call(nothing_to_decide_, "nothing_to_decide()");
  if (not py::isinstance<py::bool_>(answer))
    throw InputError("Invalid policy '" + source_.reference + "' in " + source_.file + ":" +
                     line_of(nothing_to_decide_) + ": nothing_to_decide() returned " +
                     std::string(py::str(py::repr(answer))) + ", not True or False");
  return answer.cast<bool>();
}

size_t PythonPolicy::waiting_jobs() const
{
  py::object answer = call(waiting_jobs_, "waiting_jobs()");
  if (not py::isinstance<py::int_>(answer) || answer.cast<long long>() < 0)
    refuse("waiting_jobs() returned " + std::string(py::str(py::repr(answer))) + ", not a count of jobs");
  return answer.cast<size_t>();
}

void PythonPolicy::refuse(const std::string& what) const
{
  throw InputError("Invalid policy '" + source_.reference + "' in " + source_.file + ":" + line_of(decide_) + ": " +
                   what);
}

void PythonPolicy::check_placement(const Placement& placement)
{
  const JobId id = placement.job;
  auto fail      = [&](const std::string& what) {
    throw DecisionError("placement of job " + std::to_string(id) + ": " + what);
  };
  if (not waiting_.count(id))
    fail(specs_.count(id) ? "the job is not waiting (placed already, or started)"
                          : "no such job waits with the policy");
  const JobSpec& spec = *specs_.at(id);
  rules_.clusters     = clusters_;
  const auto broken   = broken_rule(spec, placement, rules_); // the engine's rules (GridScheduler::validate)
  if (broken)
    fail(broken_rule_message(*broken, spec, placement, clusters_));
  waiting_.erase(id);
}

void PythonPolicy::check_rejection(JobId job)
{
  if (not waiting_.count(job))
    throw DecisionError("rejection of job " + std::to_string(job) + ": " +
                        (specs_.count(job) ? "the job is not waiting (placed, or rejected already)"
                                           : "no such job waits with the policy"));
  waiting_.erase(job);
}

void PythonPolicy::check_not_placed(JobId job) const
{
  if (not specs_.count(job))
    throw DecisionError("not_placed of job " + std::to_string(job) + ": no such job is in the system");
}

void register_decision_error(py::module_& m)
{
  py::register_exception<DecisionError>(m, "DecisionError", PyExc_ValueError);
}

} // namespace coalsim::python
