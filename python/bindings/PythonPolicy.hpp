/* A grid policy written in Python: the GridPolicy that calls a Python object's methods (the same events and the
 * same decide(view) -> decisions as a C++ policy) and checks its decisions as the engine would, so that a decision
 * the engine would refuse stops the run with the policy file's line instead of an abort. An exception raised in
 * the policy stops the run the same way (PolicyError: an InputError, so exit code 2 and no trace left). */
#pragma once

#include "sim/api/GridPolicy.hpp"
#include "sim/api/PlacementRules.hpp"
#include "sim/api/PolicyRegistry.hpp"
#include "sim/config/InputError.hpp"

#include <pybind11/pybind11.h>

#include <string>
#include <unordered_map>
#include <unordered_set>

namespace coalsim::python {

/** Where a Python policy comes from, for its messages: "python:<file>[:<class>]", its file and its class. */
struct PolicySource {
  std::string reference; // as given to --policy (the policy's name in the trace)
  std::string file;
  std::string class_name;
};

/** The message of a Python exception `error` raised in `method` of the policy: "Invalid policy '<reference>' in
 *  <file>:<line>: <method> raised <Type>: <message>", the line being the innermost frame of the policy's file (or
 *  of the exception's own, when no frame is in it). */
std::string describe_exception(pybind11::error_already_set& error, const PolicySource& source,
                               const std::string& method);

class PythonPolicy : public GridPolicy {
public:
  /** `instance`: the policy object; the methods it must have are checked by load_policy_class(). */
  PythonPolicy(pybind11::object instance, PolicySource source, const PolicyContext& context);
  ~PythonPolicy() override;

  PolicyNeeds needs() const override { return needs_; }
  void grant(const Capabilities& granted) override;
  void on_job_submitted(const JobSpec& job) override;
  void on_claim_failed(const JobSpec& job) override;
  void on_job_started(const JobSpec& job) override;
  void on_run_started(const JobSpec& job) override;
  void on_job_withdrawn(const JobSpec& job) override;
  void on_run_ended(const JobSpec& job) override;
  void on_job_finished(const JobSpec& job) override;
  bool on_job_failed(const JobSpec& job) override;
  void on_job_placed(const JobSpec& job) override;
  void on_job_aborted(const JobSpec& job, const Abort& abort) override;
  void on_wake(uint64_t token) override;
  void on_message(ClusterIndex from, ClusterIndex to, const Message& message, bool delivered) override;
  Decisions decide(const GridView& view) override;
  /** The policy's nothing_to_decide() when its class defines one (it must return a bool), else false. */
  bool nothing_to_decide() const override;
  size_t waiting_jobs() const override;

  // The checks of Decisions.place/reject/not_placed while decide() runs (a placement's: sim/api/PlacementRules.hpp,
  // which the engine's GridScheduler::validate applies too):
  // each throws DecisionError, a Python exception raised at the line that made the decision.
  void check_placement(const Placement& placement);
  void check_rejection(JobId job);
  void check_not_placed(JobId job) const;

  /** Calls into Python so far (events, decide(), waiting_jobs(), nothing_to_decide()), for the speed figures. */
  uint64_t calls() const { return calls_; }
  /** Calls into Python of every policy of the process. */
  static uint64_t total_calls();

private:
  /** The Python object of `job`: made once, when the policy first hears of the job, and kept until it leaves. */
  pybind11::object job_object(const JobSpec& job);
  /** Calls `method` (a bound method; none: the policy does not define it) with `args`; a Python exception becomes
   *  a PolicyError. */
  template <class... Args>
  pybind11::object call(const pybind11::object& method, const char* name, Args&&... args) const;
  [[noreturn]] void refuse(const std::string& what) const;

  pybind11::object instance_;
  PolicySource source_;
  PolicyNeeds needs_;
  PlacementRules rules_; // what Decisions.place checks a placement against, as the engine does
  // The bound methods, looked up once; none for an optional event the class leaves to coalsim.Policy.
  pybind11::object on_job_submitted_, on_claim_failed_, on_job_started_, on_run_started_, on_job_withdrawn_,
      on_run_ended_, on_job_finished_, on_job_failed_, on_job_placed_, on_job_aborted_, on_wake_, on_message_, decide_,
      waiting_jobs_, grant_, nothing_to_decide_;
  std::unordered_map<JobId, pybind11::object> jobs_; // the jobs in the system the policy heard of
  std::unordered_map<JobId, const JobSpec*> specs_;  // the same jobs' specifications (valid while in the system)
  std::unordered_set<JobId> waiting_;                // those of them waiting with the policy
  int clusters_           = 0;                       // of the view being decided on
  mutable uint64_t calls_ = 0;                       // counted by call(), which the const questions use too
};

/** The policy deciding now (set during decide()), whose checks Decisions' methods run; null otherwise. */
PythonPolicy* deciding_policy();

/** A policy class of a Python file: "python:<file>[:<class>]" loaded (the class named, or the one class of the
 *  file with a decide method), its methods checked; throws InputError naming the file and line otherwise. */
pybind11::object load_policy_class(const PolicySource& source);
/** "python:<file>[:<class>]" split. */
PolicySource parse_reference(const std::string& reference);

/** The registry's factory of a Python policy class (held by the factory; whoever finalizes the interpreter empties
 *  it first, as the registry outlives the interpreter): its parameters (declared in its `parameters` list) read from
 *  the experiment, then the class called with them. */
PolicyFactory python_policy_factory(std::shared_ptr<pybind11::object> policy_class, PolicySource source);
/** Loads the class that "python:<file>[:<class>]" names and registers it under that name; returns the class (held
 *  by the registry's entry). The file is found as the other files an experiment names (setup/InputFiles.hpp): as
 *  given when it exists, else relative to `experiment_file`'s folder (and its parents). */
std::shared_ptr<pybind11::object> register_policy_file(const std::string& reference,
                                                       const std::string& experiment_file = "");
/** The first line of the class's docstring (the registry's description). */
std::string describe_class(const pybind11::object& policy_class);

} // namespace coalsim::python
