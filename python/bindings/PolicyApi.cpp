#include "PolicyApi.hpp"

#include "PythonParameters.hpp"
#include "PythonPolicy.hpp"
#include "sim/api/GridPolicy.hpp"
#include "sim/api/PolicyRegistry.hpp"
#include "sim/api/ReplicaChoice.hpp"

#include <optional>
#include <pybind11/eval.h>
#include <pybind11/stl.h>

namespace py = pybind11;

namespace coalsim::python {

void register_decision_error(py::module_& m); // PythonPolicy.cpp

namespace {

/** A message kind of a Python policy: its kind, its size, its job and what it carries (any Python object). */
class PyMessage : public Message {
public:
  PyMessage(std::string kind, double bytes, JobId job, py::object payload)
      : kind_(std::move(kind))
      , bytes_(bytes)
      , job_(job)
      , payload_(std::move(payload))
  {
    if (kind_.empty() || kind_.size() > 15)
      throw py::value_error("a message kind has 1 to 15 characters (got '" + kind_ + "')");
    if (not(bytes_ >= 0))
      throw py::value_error("a message's size is at least 0 bytes");
  }
  std::string_view kind() const override { return kind_; }
  double bytes() const override { return bytes_; }
  JobId job() const override { return job_; }
  const py::object& payload() const { return payload_; }

private:
  std::string kind_;
  double bytes_;
  JobId job_;
  py::object payload_;
};

/** The job id of a Job or of an int. */
JobId job_id(const py::handle& job)
{
  if (py::isinstance<JobSpec>(job))
    return job.cast<const JobSpec&>().id;
  return job.cast<JobId>();
}

std::vector<std::pair<double, int>> ends_of(const EstimatedEnds& ends)
{
  return {ends.begin(), ends.end()};
}

/** The base class of a Python policy: the optional events do nothing, as in GridPolicy. */
const char* policy_base_source = R"(
class Policy:
    """The base of a grid policy written in Python (docs/python-policies.md).

    Define on_job_submitted(job), on_claim_failed(job), on_job_withdrawn(job), decide(view) -> Decisions (or None
    for no decision) and
    waiting_jobs() -> int; the other events are optional. Declare parameters in a class list `parameters`
    (coalsim.choice, coalsim.integer, coalsim.number, coalsim.fraction, coalsim.flag): each one is passed to
    the constructor as a keyword argument of its name."""

    parameters = []

    def needs(self):
        return PolicyNeeds()

    def grant(self, capabilities):
        pass

    def on_job_started(self, job):
        pass

    def on_run_started(self, job):
        pass

    def on_run_ended(self, job):
        pass

    def on_job_finished(self, job):
        pass

    def on_job_failed(self, job):
        return False

    def on_job_placed(self, job):
        pass

    def on_job_aborted(self, job, abort):
        self.on_claim_failed(job)

    def on_wake(self, token):
        pass

    def on_message(self, sender, receiver, message, delivered):
        pass

    def nothing_to_decide(self):
        return False
)";

} // namespace

void bind_policy_api(py::module_& m)
{
  m.attr("no_cluster")     = no_cluster;
  m.attr("smallest_share") = smallest_share;

  py::enum_<RequestType>(m, "RequestType", "Bucur's request types")
      .value("ordered", RequestType::ordered)
      .value("unordered", RequestType::unordered)
      .value("flexible", RequestType::flexible)
      .value("total", RequestType::total);
  py::enum_<Priority>(m, "Priority")
      .value("super_high", Priority::super_high)
      .value("high", Priority::high)
      .value("low", Priority::low)
      .value("super_low", Priority::super_low);
  py::enum_<Claiming>(m, "Claiming", "who claims a placement's processors, and when")
      .value("immediate", Claiming::immediate)
      .value("after_transfer", Claiming::after_transfer)
      .value("by_policy", Claiming::by_policy);
  py::enum_<ClaimTiming>(m, "ClaimTiming")
      .value("after_submission_overhead", ClaimTiming::after_submission_overhead)
      .value("own_times", ClaimTiming::own_times);
  py::enum_<AbortReason>(m, "AbortReason")
      .value("claim_deadline", AbortReason::claim_deadline)
      .value("preempted", AbortReason::preempted)
      .value("component_failed", AbortReason::component_failed)
      .value("given_up", AbortReason::given_up);

  // The job model: read-only copies, one per job, kept by the policy as long as it likes.
  py::class_<ComponentRequest>(m, "ComponentRequest")
      .def_readonly("processors", &ComponentRequest::processors)
      .def_readonly("cluster", &ComponentRequest::cluster, "the cluster of an ordered job's component, else -1")
      .def("__repr__", [](const ComponentRequest& c) {
        return "ComponentRequest(processors=" + std::to_string(c.processors) +
               ", cluster=" + std::to_string(c.cluster) + ")";
      });
  py::class_<InputFile>(m, "InputFile")
      .def_readonly("name", &InputFile::name)
      .def_readonly("size_bytes", &InputFile::size_bytes)
      .def_readonly("replica_sites", &InputFile::replica_sites, "clusters whose file server holds a copy");
  py::class_<JobSpec>(m, "Job", "a grid job as the policy sees it (a copy: valid for the whole run)")
      .def_readonly("id", &JobSpec::id)
      .def_readonly("submit_time", &JobSpec::submit_time)
      .def_readonly("type", &JobSpec::type)
      .def_readonly("components", &JobSpec::components,
                    "ComponentRequest of an ordered, unordered or total job (empty for a flexible one)")
      .def_property_readonly("component_sizes",
                             [](const JobSpec& j) {
                               std::vector<int> sizes;
                               sizes.reserve(j.components.size());
                               for (const auto& c : j.components)
                                 sizes.push_back(c.processors);
                               return sizes;
                             })
      .def_readonly("total_processors", &JobSpec::total_processors)
      .def_readonly("runtime", &JobSpec::runtime, "run time on dedicated processors of one cluster (s)")
      .def_readonly("file", &JobSpec::file, "its InputFile, or None")
      .def_readonly("priority", &JobSpec::priority)
      .def_readonly("estimate", &JobSpec::estimate)
      .def_readonly("deadline", &JobSpec::deadline)
      .def_readonly("budget", &JobSpec::budget)
      .def_readonly("submit_site", &JobSpec::submit_site)
      .def_readonly("executable_size", &JobSpec::executable_size)
      .def_readonly("output_size", &JobSpec::output_size)
      .def_property_readonly("processors_needed", &processors_needed)
      .def_property_readonly("largest_component", &largest_component)
      .def("__repr__", [](const JobSpec& j) {
        return "Job(id=" + std::to_string(j.id) + ", type=" + to_string(j.type) +
               ", processors=" + std::to_string(processors_needed(j)) + ")";
      });

  // The view: references into the engine's picture, valid during the call that gets them (nothing is copied).
  py::class_<ClusterState>(m, "ClusterState")
      .def_readonly("index", &ClusterState::index)
      .def_readonly("name", &ClusterState::name)
      .def_readonly("site", &ClusterState::site)
      .def_readonly("processors", &ClusterState::processors)
      .def_readonly("idle", &ClusterState::idle)
      .def_readonly("usable", &ClusterState::usable)
      .def_readonly("up", &ClusterState::up)
      .def_readonly("marked_unusable", &ClusterState::marked_unusable);
  py::class_<GridView>(m, "GridView", "the information service's picture of the grid, valid during decide()")
      .def_property_readonly("now", &GridView::now)
      .def_property_readonly("cluster_count", &GridView::cluster_count)
      .def("__len__", &GridView::cluster_count)
      .def("cluster", &GridView::cluster, py::return_value_policy::reference_internal, py::arg("index"))
      .def_property_readonly(
          "clusters",
          [](const GridView& v) {
            py::list out;
            for (const auto& c : v.clusters())
              out.append(py::cast(&c, py::return_value_policy::reference));
            return out;
          },
          py::keep_alive<0, 1>())
      .def(
          "idle_counts", [](const GridView& v) { return v.idle_counts(); },
          "idle processors per cluster (0 on unusable ones): a new list")
      .def("lasting_capacities", &GridView::lasting_capacities)
      .def("any_marked_unusable", &GridView::any_marked_unusable)
      .def("estimated_transfer_time", &GridView::estimated_transfer_time, py::arg("source"), py::arg("destination"),
           py::arg("bytes"))
      .def(
          "running_local", [](const GridView& v, ClusterIndex c) { return ends_of(v.running_local(c)); },
          "the local jobs running on cluster c: (estimated end, processors), by end", py::arg("cluster"))
      .def("held", &GridView::held,
           "for deciding now: the cores a component of `processors` holds on cluster c, what placing it there takes "
           "from its idle count: its processors, or whole nodes' worth on a cluster with a job shape; more than any "
           "count on a `nodes` cluster when it needs more nodes than the hosts with room now",
           py::arg("cluster"), py::arg("processors"))
      .def(
          "fits",
          [](const GridView& v, ClusterIndex c, int processors, int idle_left, std::optional<int> job_left) {
            return v.fits(c, processors, idle_left, job_left.value_or(idle_left));
          },
          "for deciding now: whether a component of `processors` fits cluster c when a pass has `idle_left` of its "
          "idle count left (the view's count less what the pass placed there), `job_left` of it before the "
          "component's job (default: idle_left): held(...) <= idle_left, and on a `nodes` cluster no more nodes than "
          "the hosts surely left with room after what the pass took for other jobs",
          py::arg("cluster"), py::arg("processors"), py::arg("idle_left"), py::arg("job_left") = py::none())
      .def("capacity_held", &GridView::capacity_held,
           "held(...) limited by the cluster's hosts only: for capacities, reservations in the future and the cores a "
           "placed component holds (the same number as held(...) whenever that fits a count)",
           py::arg("cluster"), py::arg("processors"));
  m.def("nearest_replica", &nearest_replica,
        "the replica of the job's file on a cluster that is up with the smallest estimated transfer time to "
        "`execution` (ties: the lowest cluster); no_cluster for a job without a file or with every replica down",
        py::arg("job"), py::arg("execution"), py::arg("view"));
  m.def("file_readable", &file_readable,
        "whether the job needs no file or a replica of it is on a cluster that is up (else it cannot be placed "
        "until one comes back)",
        py::arg("job"), py::arg("view"));

  // Decisions.
  py::class_<ComponentPlacement>(m, "Component", "a placed component")
      .def(py::init([](ClusterIndex cluster, int processors, ClusterIndex file_site, int host, double share) {
             return ComponentPlacement{cluster, processors, file_site, host, share};
           }),
           py::arg("cluster"), py::arg("processors"), py::arg("file_site") = no_cluster, py::arg("host") = -1,
           py::arg("share") = 1.0)
      .def_readwrite("cluster", &ComponentPlacement::cluster)
      .def_readwrite("processors", &ComponentPlacement::processors)
      .def_readwrite("file_site", &ComponentPlacement::file_site)
      .def_readwrite("host", &ComponentPlacement::host)
      .def_readwrite("share", &ComponentPlacement::share)
      .def("__repr__", [](const ComponentPlacement& c) {
        return "Component(cluster=" + std::to_string(c.cluster) + ", processors=" + std::to_string(c.processors) +
               ", file_site=" + std::to_string(c.file_site) + ")";
      });
  py::class_<Placement>(m, "Placement")
      .def_readonly("job", &Placement::job)
      .def_readonly("components", &Placement::components)
      .def_readonly("claiming", &Placement::claiming)
      .def_readonly("reserve", &Placement::reserve)
      .def_readonly("component_failures", &Placement::component_failures);
  py::class_<Rejection>(m, "Rejection")
      .def_readonly("job", &Rejection::job)
      .def_readonly("reason", &Rejection::reason)
      .def_readonly("failed", &Rejection::failed)
      .def_readonly("code", &Rejection::code);
  py::class_<Decisions>(m, "Decisions", "what decide() returns: placements, rejections, the jobs not placed")
      .def(py::init<>())
      .def(
          "place",
          [](Decisions& d, const py::handle& job, std::vector<ComponentPlacement> components, Claiming claiming,
             bool reserve, bool component_failures) {
            Placement placement{job_id(job), std::move(components), claiming, reserve, component_failures};
            if (PythonPolicy* policy = deciding_policy())
              policy->check_placement(placement);
            d.placements.push_back(std::move(placement));
          },
          "places the job (a Job or its id) on these Components", py::arg("job"), py::arg("components"),
          py::arg("claiming") = Claiming::immediate, py::arg("reserve") = true, py::arg("component_failures") = false)
      .def(
          "reject",
          [](Decisions& d, const py::handle& job, std::string reason, bool failed, std::string code) {
            JobId id = job_id(job);
            if (PythonPolicy* policy = deciding_policy())
              policy->check_rejection(id);
            d.rejections.push_back({id, std::move(reason), failed, std::move(code)});
          },
          "the job leaves: refused (failed=False) or failed; code: at most 15 letters and underscores", py::arg("job"),
          py::arg("reason"), py::arg("failed") = false, py::arg("code") = "")
      .def(
          "not_placed",
          [](Decisions& d, const py::handle& job) {
            JobId id = job_id(job);
            if (PythonPolicy* policy = deciding_policy())
              policy->check_not_placed(id);
            d.not_placed.push_back(id);
          },
          "this pass considered the job and could not place it (a placement try)", py::arg("job"))
      .def_readwrite("wake_at", &Decisions::wake_at, "call decide() again at this time (NaN: no wake-up)")
      .def_readonly("placements", &Decisions::placements)
      .def_readonly("rejections", &Decisions::rejections)
      .def_property_readonly("not_placed_jobs", [](const Decisions& d) { return d.not_placed; });

  // What a policy declares, and what it is granted.
  py::class_<PolicyNeeds>(m, "PolicyNeeds", "what the policy needs from the experiment and the engine")
      .def(py::init<>())
      .def_readwrite("request_types", &PolicyNeeds::request_types)
      .def_readwrite("claim_timing", &PolicyNeeds::claim_timing)
      .def_readwrite("component_failures", &PolicyNeeds::component_failures)
      .def_readwrite("host_shares", &PolicyNeeds::host_shares)
      .def_readwrite("deadlines", &PolicyNeeds::deadlines)
      .def_readwrite("co_allocates", &PolicyNeeds::co_allocates)
      .def_readwrite("clusters", &PolicyNeeds::clusters)
      .def_readwrite("decides_after_start", &PolicyNeeds::decides_after_start)
      .def_readwrite("claims", &PolicyNeeds::claims)
      .def_readwrite("timers", &PolicyNeeds::timers)
      .def_readwrite("live_view", &PolicyNeeds::live_view)
      .def_readwrite("site_messages", &PolicyNeeds::site_messages)
      .def_readwrite("reports", &PolicyNeeds::reports);
  py::class_<Timers>(m, "Timers", "the clock and the wake-ups (PolicyNeeds.timers)")
      .def("now", &Timers::now)
      .def("wake_at", &Timers::wake_at, "calls on_wake(token) at `time`", py::arg("time"), py::arg("token"));
  py::class_<Holding>(m, "Holding").def_readonly("job", &Holding::job).def_readonly("processors", &Holding::processors);
  py::class_<Abort>(m, "Abort")
      .def_readonly("reason", &Abort::reason)
      .def_readonly("clusters", &Abort::clusters)
      .def_readonly("started", &Abort::started)
      .def_readonly("placement", &Abort::placement)
      .def_readonly("claimed_at", &Abort::claimed_at);
  py::class_<Claims>(m, "Claims", "staging and claiming of Claiming.by_policy placements (PolicyNeeds.claims)")
      .def("claimable", &Claims::claimable)
      .def("claimable_on", &Claims::claimable_on, py::arg("cluster"))
      .def("available", &Claims::available, py::arg("cluster"))
      .def("placement", &Claims::placement, py::arg("job"))
      .def("claimed_at", &Claims::claimed_at, py::arg("job"))
      .def("stage", &Claims::stage, py::arg("job"))
      .def("claim", &Claims::claim, py::arg("job"), py::arg("components"))
      .def("move", &Claims::move, py::arg("job"), py::arg("component"), py::arg("to"))
      .def("abort_job", &Claims::abort_job, py::arg("job"), py::arg("reason"), py::arg("where") = no_cluster)
      .def("holders", &Claims::holders, py::arg("cluster"))
      .def(
          "held",
          [](const Claims& claims, ClusterIndex c, int processors) { return claims.claim_cores()(c, processors); },
          "the cores a component of `processors` holds on cluster c (what its claim takes from claimable_on(c)); more "
          "than any count on a `nodes` cluster when it needs more nodes than the hosts with room now",
          py::arg("cluster"), py::arg("processors"))
      .def(
          "capacity_held",
          [](const Claims& claims, ClusterIndex c, int processors) { return claims.capacity_cores()(c, processors); },
          "held(...) limited by the cluster's hosts only: what a claimed component holds", py::arg("cluster"),
          py::arg("processors"));
  py::class_<RouteQuality>(m, "RouteQuality")
      .def_readonly("latency", &RouteQuality::latency)
      .def_readonly("bandwidth", &RouteQuality::bandwidth)
      .def_readonly("loss", &RouteQuality::loss)
      .def_readonly("jitter", &RouteQuality::jitter);
  py::class_<PyMessage, std::shared_ptr<PyMessage>>(m, "Message", "a message between two sites' schedulers")
      .def(py::init<std::string, double, JobId, py::object>(), py::arg("kind"), py::arg("bytes"), py::arg("job") = -1,
           py::arg("payload") = py::none())
      .def_property_readonly("kind", [](const PyMessage& message) { return std::string(message.kind()); })
      .def_property_readonly("bytes", &PyMessage::bytes)
      .def_property_readonly("job", &PyMessage::job)
      .def_property_readonly("payload", &PyMessage::payload);
  py::class_<SiteChannel>(m, "SiteChannel", "messages between sites' schedulers (PolicyNeeds.site_messages)")
      .def(
          "send",
          [](SiteChannel& channel, ClusterIndex from, ClusterIndex to, std::shared_ptr<PyMessage> message) {
            channel.send(from, to, std::move(message));
          },
          py::arg("sender"), py::arg("receiver"), py::arg("message"))
      .def("route", &SiteChannel::route, py::arg("sender"), py::arg("receiver"))
      .def("record_submission_site", &SiteChannel::record_submission_site, py::arg("job"), py::arg("site"))
      .def("record_migration", &SiteChannel::record_migration, py::arg("job"), py::arg("sender"), py::arg("receiver"))
      .def("record_migration_check", &SiteChannel::record_migration_check, py::arg("site"), py::arg("started"),
           py::arg("examined"), py::arg("migrated"));
  py::class_<LiveView>(m, "LiveView", "the information service's view between decisions (PolicyNeeds.live_view)")
      .def("view", &LiveView::view)
      .def("cluster", &LiveView::cluster, py::arg("c"), "one cluster's state, as view().cluster(c), read alone")
      .def("estimated_transfer_time", &LiveView::estimated_transfer_time, py::arg("source"), py::arg("destination"),
           py::arg("bytes"), "view().estimated_transfer_time(...), without building a view")
      .def(
          "held",
          [](const LiveView& live, ClusterIndex c, int processors) { return live.component_cores()(c, processors); },
          "view().held(...), without building a view", py::arg("cluster"), py::arg("processors"))
      .def(
          "fits",
          [](const LiveView& live, ClusterIndex c, int processors, int idle_left, std::optional<int> job_left) {
            return live.component_cores().fits(c, processors, idle_left, job_left.value_or(idle_left));
          },
          "view().fits(...), without building a view", py::arg("cluster"), py::arg("processors"), py::arg("idle_left"),
          py::arg("job_left") = py::none())
      .def(
          "capacity_held",
          [](const LiveView& live, ClusterIndex c, int processors) { return live.capacity_cores()(c, processors); },
          "view().capacity_held(...), without building a view", py::arg("cluster"), py::arg("processors"));
  py::class_<Capabilities>(m, "Capabilities", "the interfaces granted: None for those the needs did not declare")
      .def_property_readonly(
          "claims", [](const Capabilities& c) { return c.claims; }, py::return_value_policy::reference)
      .def_property_readonly(
          "timers", [](const Capabilities& c) { return c.timers; }, py::return_value_policy::reference)
      .def_property_readonly(
          "live_view", [](const Capabilities& c) { return c.live_view; }, py::return_value_policy::reference)
      .def_property_readonly(
          "site_channel", [](const Capabilities& c) { return c.site_channel; }, py::return_value_policy::reference);

  py::class_<PolicyContext>(m, "PolicyContext", "what a policy may know of the platform when it is built")
      .def_readonly("cluster_names", &PolicyContext::cluster_names, "in cluster index order")
      .def_readonly("seed", &PolicyContext::seed, "the run's seed, for a policy that draws")
      .def_readonly("host_cores", &PolicyContext::host_cores, "per cluster, the cores of each compute host");

  bind_parameter_declarations(m);
  register_decision_error(m);

  py::dict scope;
  scope["PolicyNeeds"] = m.attr("PolicyNeeds");
  py::exec(policy_base_source, scope);
  py::object base         = scope["Policy"];
  base.attr("__module__") = m.attr("__name__");
  m.attr("Policy")        = base;
}

/** The payload of a message a Python policy sent (what on_message receives), or None for another kind. */
py::object message_object(const Message& message)
{
  if (const auto* own = dynamic_cast<const PyMessage*>(&message))
    return py::cast(own, py::return_value_policy::reference);
  return py::none();
}

} // namespace coalsim::python
