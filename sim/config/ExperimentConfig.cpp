#include "sim/config/ExperimentConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include "sim/config/InputError.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <sstream>

namespace coalsim {

namespace {

std::string origin_of(const ConfigNode& node)
{
  return node.line() > 0 && not node.from_command_line() ? node.file() + ":" + std::to_string(node.line())
                                                          : "the command line (" + node.path() + ")";
}

ClusterNames read_cluster_names(ConfigNode& parent, const std::string& key, const std::string& any_word)
{
  ClusterNames out;
  std::string value = parent.has(key) && parent.child(key).is_scalar() ? parent.child(key).as_string() : "";
  if (not parent.has(key) || value == any_word) {
    if (not parent.has(key))
      parent.yaml()[key] = any_word;
    out.origin = origin_of(parent.child(key));
    return out;
  }
  ConfigNode node = parent.child(key);
  out.names       = node.as_strings();
  out.origin      = origin_of(node);
  if (out.names.empty()) // not "all": leave the key out (or write '" + any_word + "') for that
    node.fail("names no cluster (leave it out, or write '" + any_word + "', for " +
              (any_word == "all" ? "all clusters" : "random ones") + ")");
  if (key != "ordered_clusters") // a cycle of ordered components may name a cluster again
    for (size_t i = 0; i < out.names.size(); ++i)
      if (std::find(out.names.begin(), out.names.begin() + static_cast<long>(i), out.names[i]) !=
          out.names.begin() + static_cast<long>(i))
        node.fail("names cluster '" + out.names[i] + "' twice");
  return out;
}

template <class Enum>
std::map<Enum, double> read_mix(ConfigNode& parent, const std::string& key, const std::map<std::string, Enum>& names,
                                const std::map<Enum, double>& fallback)
{
  auto node = parent.find(key);
  if (not node) {
    YAML::Node written(YAML::NodeType::Map);
    for (const auto& [name, value] : names)
      if (fallback.count(value))
        written[name] = fallback.at(value);
    parent.yaml()[key] = written;
    return fallback;
  }
  std::vector<std::string> allowed;
  for (const auto& entry : names)
    allowed.push_back(entry.first);
  node->allow_only(allowed);
  std::map<Enum, double> mix;
  double total = 0;
  for (auto& [name, weight] : node->entries()) {
    mix[names.at(name)] = weight.as_number(0);
    total += mix[names.at(name)];
  }
  if (total <= 0)
    node->fail("the weights must not all be zero");
  return mix;
}

std::optional<Distribution> optional_distribution(ConfigNode& parent, const std::string& key)
{
  if (auto node = parent.find(key))
    return node->as_distribution(0);
  return std::nullopt;
}

const std::vector<std::string> background_keys = {"model",          "scheduler", "utilization", "interarrival",
                                                   "size",           "runtime",   "trace",       "fitted_runtime",
                                                   "band",           "band_interval", "band_void_after",
                                                   "others"};
const std::vector<std::string> trace_keys      = {"file", "window", "offset", "time_scale", "size_scale", "partition"};

/** The keys of a `trace` section that background and grid replays share. */
TraceReplayConfig read_trace_replay(ConfigNode& trace, const std::string& key)
{
  TraceReplayConfig r;
  r.key    = key;
  r.origin = origin_of(trace);
  if (not trace.has("file"))
    trace.fail("a trace replay needs 'file' (an SWF or GWF log)");
  r.file = trace.child("file").as_string();
  if (auto window = trace.find("window")) {
    window->allow_only({"start", "end", "duration"});
    r.window_start = window->get("start", 0.0, 0.0);
    if (window->has("end") && window->has("duration"))
      window->child("duration").fail("give either end or duration, not both");
    if (window->has("end"))
      r.window_end = window->child("end").as_number(r.window_start, true);
    if (window->has("duration"))
      r.window_end = r.window_start + window->child("duration").as_number(0, true);
    if (r.window_end <= r.window_start)
      window->fail("the window is empty (end must be after start)");
  }
  r.offset     = trace.get("offset", 0.0, 0.0);
  r.time_scale = trace.get("time_scale", 1.0, 0.0);
  if (r.time_scale <= 0)
    trace.child("time_scale").fail("must be above 0");
  std::string scale = trace.has("size_scale") ? trace.child("size_scale").as_string() : "none";
  if (scale == "none" || scale == "fit") {
    r.size_scaling = scale == "fit" ? TraceReplayConfig::SizeScaling::fit : TraceReplayConfig::SizeScaling::none;
    trace.get("size_scale", std::string("none")); // written back when defaulted
  } else {
    r.size_scaling   = TraceReplayConfig::SizeScaling::factor;
    ConfigNode value = trace.child("size_scale");
    auto factor      = value.is_scalar() ? parse_quantity(scale) : std::nullopt;
    if (not factor || not(*factor > 0))
      value.fail("must be 'none', 'fit' or a factor above 0 (got '" + scale + "')");
    r.size_factor = *factor;
  }
  if (trace.has("partition"))
    r.partition = trace.child("partition").as_string();
  return r;
}

BackgroundModel read_background_model(ConfigNode& node, const BackgroundModel& base, bool write_defaults)
{
  BackgroundModel m = base;
  if (node.has("model") || write_defaults)
  {
    const std::map<std::string, BackgroundModel::Kind> kinds = {{"none", BackgroundModel::Kind::none},
                                                                {"synthetic", BackgroundModel::Kind::synthetic},
                                                                {"replay", BackgroundModel::Kind::replay},
                                                                {"fitted", BackgroundModel::Kind::fitted},
                                                                {"band", BackgroundModel::Kind::band}};
    std::string written = "none";
    for (const auto& [name, kind] : kinds)
      if (kind == base.kind)
        written = name;
    m.kind = kinds.at(node.get_choice("model", written, {"none", "synthetic", "replay", "fitted", "band"}));
  }
  if (node.has("scheduler") || write_defaults)
    m.scheduling = node.get_choice("scheduler", to_string(base.scheduling), {"fcfs", "easy"}) == "easy"
                       ? LocalScheduling::easy
                       : LocalScheduling::fcfs;
  if (node.has("band")) {
    ConfigNode band = node.child("band");
    auto values     = band.is_sequence() ? band.items() : std::vector<ConfigNode>{};
    if (values.size() != 2)
      band.fail("expected [low, high], two fractions");
    m.band_low  = values[0].as_number(0);
    m.band_high = values[1].as_number(0);
    if (not(m.band_low >= 0 && m.band_low <= m.band_high && m.band_high < 1))
      band.fail("expected 0 <= low <= high < 1");
  }
  if (node.has("band_interval"))
    m.band_interval = node.get("band_interval", 60.0, 0.001);
  if (node.has("band_void_after"))
    m.band_void_after = node.get("band_void_after", 0.0, 0.0);
  if (node.has("utilization")) {
    m.utilization = node.child("utilization").as_number(0);
    if (m.utilization >= 1)
      node.child("utilization").fail("must be below 1 (a cluster cannot be busier than full)");
    m.interarrival.reset();
  }
  if (node.has("interarrival")) {
    if (node.has("utilization"))
      node.child("interarrival").fail("give either utilization or interarrival, not both");
    m.interarrival = node.child("interarrival").as_distribution(0);
    m.utilization  = NAN;
  }
  if (node.has("size"))
    m.size = node.child("size").as_distribution(1);
  if (node.has("runtime"))
    m.runtime = node.child("runtime").as_distribution(0);
  bool from_trace = m.kind == BackgroundModel::Kind::replay || m.kind == BackgroundModel::Kind::fitted;
  if (auto trace = node.find("trace")) {
    if (not from_trace)
      trace->fail("a trace is only read with 'model: replay' or 'model: fitted'");
    trace->allow_only(trace_keys);
    m.replay = read_trace_replay(*trace, trace->path());
  } else if (from_trace && m.replay.file.empty()) {
    node.fail("this background model needs a 'trace' section with the log's 'file'");
  }
  if (node.has("fitted_runtime")) {
    if (m.kind != BackgroundModel::Kind::fitted)
      node.child("fitted_runtime").fail("only read with 'model: fitted'");
    m.fitted_runtime = node.get_choice("fitted_runtime", "empirical", {"empirical", "lognormal"}) == "lognormal"
                           ? BackgroundModel::FittedRuntime::lognormal
                           : BackgroundModel::FittedRuntime::empirical;
  }
  if (m.kind == BackgroundModel::Kind::fitted && (node.has("interarrival") || node.has("size") || node.has("runtime")))
    node.fail("a fitted model takes its arrivals, sizes and runtimes from the trace; remove interarrival, size "
              "and runtime here (utilization may set the level)");
  if (auto others = node.find("others")) {
    if (m.kind == BackgroundModel::Kind::band)
      for (const char* own : {"utilization", "interarrival", "size", "runtime"})
        if (node.has(own))
          node.child(own).fail("the other users are given by 'others'; move this key there");
    others->allow_only(background_keys);
    BackgroundModel inner = read_background_model(*others, BackgroundModel{}, false);
    if (inner.kind == BackgroundModel::Kind::band)
      others->child("model").fail("the other users cannot be a band themselves");
    m.band_others = std::make_shared<const BackgroundModel>(std::move(inner));
  }
  for (const char* band_key : {"band", "band_interval", "band_void_after", "others"})
    if (node.has(band_key) && m.kind != BackgroundModel::Kind::band)
      node.child(band_key).fail("only read with 'model: band'");
  if (m.kind == BackgroundModel::Kind::synthetic && std::isnan(m.utilization) && not m.interarrival)
    node.fail("a synthetic background needs utilization or interarrival");
  return m;
}

void read_job_attributes(ConfigNode& workload, WorkloadConfig& w);

void read_workload(ConfigNode workload, WorkloadConfig& w)
{
  workload.allow_only({"jobs", "start", "arrival", "rate", "offered_load", "components", "component_size", "runtime",
                       "request_types", "deal_request_types", "ordered_clusters", "trace", "file", "priorities",
                       "estimate_factor",
                       "deadline_factor", "budget", "shapes"});
  if (auto trace = workload.find("trace")) {
    for (const char* synthetic_only : {"start", "arrival", "rate", "offered_load", "components", "component_size",
                                       "runtime", "request_types", "deal_request_types", "ordered_clusters", "shapes"})
      if (workload.has(synthetic_only))
        workload.child(synthetic_only).fail("the jobs come from workload.trace; this key is for synthetic jobs");
    std::vector<std::string> keys = trace_keys;
    keys.insert(keys.end(), {"partition_clusters", "unmapped_partitions"});
    trace->allow_only(keys);
    GridReplayConfig replay;
    replay.trace = read_trace_replay(*trace, trace->path());
    if (auto map = trace->find("partition_clusters"))
      for (auto& [partition, cluster] : map->entries())
        replay.partition_clusters[partition] = cluster.as_string();
    replay.skip_unmapped =
        trace->get_choice("unmapped_partitions", "unordered", {"unordered", "skip"}) == "skip";
    w.replay = replay;
    w.jobs   = workload.get("jobs", 0, 0);
  } else {
    w.jobs  = workload.get("jobs", w.jobs, 0);
    w.start = workload.get("start", 0.0, 0.0);
  }
  if (w.replay) {
    read_job_attributes(workload, w);
    return;
  }
  w.arrival = workload.get_choice("arrival", "poisson", {"batch", "poisson"}) == "batch"
                  ? WorkloadConfig::Arrival::batch
                  : WorkloadConfig::Arrival::poisson;
  if (workload.has("rate") && workload.has("offered_load"))
    workload.child("offered_load").fail("give either rate or offered_load, not both");
  if (w.arrival == WorkloadConfig::Arrival::batch)
    for (const char* poisson_only : {"rate", "offered_load"})
      if (workload.has(poisson_only))
        workload.child(poisson_only).fail("applies to poisson arrivals only; a batch arrives at workload.start");
  if (workload.has("rate"))
    w.rate = workload.child("rate").as_number(0);
  else if (w.arrival == WorkloadConfig::Arrival::poisson)
    w.offered_load = workload.get("offered_load", 0.3, 0.0);
  if (w.arrival == WorkloadConfig::Arrival::poisson && (w.rate == 0 || w.offered_load == 0))
    workload.child(workload.has("rate") ? "rate" : "offered_load").fail("must be above 0 for poisson arrivals");
  w.components     = workload.get_distribution("components", 1, 1);
  w.component_size = workload.get_distribution("component_size", 8, 1);
  w.runtime        = workload.get_distribution("runtime", 100, 0);
  w.request_types  = read_mix<RequestType>(workload, "request_types",
                                          {{"ordered", RequestType::ordered},
                                           {"unordered", RequestType::unordered},
                                           {"flexible", RequestType::flexible},
                                           {"total", RequestType::total}},
                                          w.request_types);
  w.deal_request_types = workload.get("deal_request_types", false);
  for (const char* key : {"components", "component_size", "shapes", "request_types", "ordered_clusters"})
    if (workload.has(key))
      w.origins[key] = origin_of(workload.child(key));
  w.ordered_clusters = read_cluster_names(workload, "ordered_clusters", "random");
  read_job_attributes(workload, w);
}

/** The keys that synthetic and replayed grid jobs share: input files, priorities, economy attributes. */
void read_job_attributes(ConfigNode& workload, WorkloadConfig& w)
{
  ConfigNode file    = workload.section("file");
  file.allow_only({"size", "replicas", "sites"});
  w.file.size     = file.get_distribution("size", 0, 0);
  w.file.replicas = file.get("replicas", 1, 1);
  w.file.sites    = read_cluster_names(file, "sites", "random");
  w.priorities    = read_mix<Priority>(workload, "priorities",
                                    {{"super_high", Priority::super_high},
                                     {"high", Priority::high},
                                     {"low", Priority::low},
                                     {"super_low", Priority::super_low}},
                                    w.priorities);
  w.estimate_factor = optional_distribution(workload, "estimate_factor");
  w.deadline_factor = optional_distribution(workload, "deadline_factor");
  w.budget          = optional_distribution(workload, "budget");
  if (auto shapes = workload.find("shapes")) {
    for (const auto& text : shapes->as_strings()) {
      // "<components>x<size>", as the analysis names shapes; the whole text, so "4x18.5" is no 4x18
      auto x    = text.find('x');
      int count = 0, size = 0;
      if (x != std::string::npos) {
        auto whole = [](std::string_view part, int& value) {
          auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
          return error == std::errc() && end == part.data() + part.size();
        };
        std::string_view view(text);
        if (not whole(view.substr(0, x), count) || not whole(view.substr(x + 1), size))
          count = size = 0;
      }
      if (count < 1 || size < 1)
        shapes->fail("expected shapes like \"4x18\" (components x processors), got '" + text + "'");
      w.shapes.emplace_back(count, size);
    }
    if (w.shapes.empty())
      shapes->fail("lists no shape (leave it out to draw components and component_size)");
  }
}

void read_background(ConfigNode background, BackgroundConfig& b)
{
  std::vector<std::string> keys = background_keys;
  keys.push_back("clusters");
  background.allow_only(keys);
  b.origin   = origin_of(background);
  b.defaults = read_background_model(background, b.defaults, true);
  if (auto clusters = background.find("clusters"))
    for (auto& [name, node] : clusters->entries()) {
      node.allow_only(background_keys);
      b.per_cluster[name] = read_background_model(node, b.defaults, false);
    }
}

const std::vector<std::string> fault_keys = {"component_failure", "outages", "mtbf", "mttr", "host_mtbf", "host_mttr"};

Outages read_outages(ConfigNode& list, const std::string& what)
{
  Outages outages;
  for (const auto& text : list.as_strings()) {
    // "<start>+<duration>" in seconds
    auto plus = text.find('+');
    double start = -1, duration = -1;
    if (plus != std::string::npos) { // the whole of each part, finite: "1abc+5", "10+5+3", "nan+5" are errors
      auto part_start    = parse_quantity(text.substr(0, plus));
      auto part_duration = parse_quantity(text.substr(plus + 1));
      if (part_start && part_duration && std::isfinite(*part_start) && std::isfinite(*part_duration)) {
        start    = *part_start;
        duration = *part_duration;
      }
    }
    if (not(start >= 0) || not(duration > 0))
      list.fail("expected " + what + " like \"3600+600\" (start + duration, seconds), got '" + text + "'");
    outages.emplace_back(start, duration);
  }
  return outages;
}

/** `{profile: "<time> <0|1>" lines, periodicity: P}`: a SimGrid state profile (0: off, 1: on; times from 0
 *  on, increasing; played once without periodicity, else repeated every P seconds). */
StateProfile read_state_profile(ConfigNode& node)
{
  StateProfile p;
  node.allow_only({"profile", "periodicity"});
  if (not node.has("profile"))
    node.fail("a state profile needs 'profile' (lines of \"<time> <0 or 1>\")");
  ConfigNode profile = node.child("profile");
  std::istringstream lines(profile.as_string());
  std::string line;
  while (std::getline(lines, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    std::istringstream fields(line);
    double time = NAN, state = NAN;
    std::string rest;
    double last = p.events.empty() ? 0 : p.events.back().first;
    if (not(fields >> time >> state) || (fields >> rest) || time < last || time < 0 || (state != 0 && state != 1))
      profile.fail("expected lines of \"<time> <0 or 1>\" with times from 0 on, increasing; got '" + line + "'");
    p.events.emplace_back(time, state == 1);
  }
  if (p.events.empty())
    profile.fail("the profile has no event");
  p.text = profile.as_string();
  if (node.has("periodicity")) {
    p.periodicity = node.get("periodicity", 0.0, 0.0);
    if (p.periodicity <= p.events.back().first - p.events.front().first)
      node.child("periodicity").fail("must be longer than the profile's events span (leave it out for a profile "
                                     "played once)");
  }
  return p;
}

/** A host's outages: a list like the clusters' outages, or a state profile. */
HostOutages read_host_outages(ConfigNode& node)
{
  HostOutages h;
  h.origin = origin_of(node);
  if (node.is_map())
    h.profile = read_state_profile(node);
  else
    h.outages = read_outages(node, "host outages");
  return h;
}

/** Random failures with exponential up and down times: `<prefix>mtbf` and `<prefix>mttr`, both or neither. */
void read_failure_process(ConfigNode& node, const std::string& prefix, double& mtbf, double& mttr,
                          const std::string& what)
{
  if (node.has(prefix + "mtbf"))
    mtbf = node.get(prefix + "mtbf", 0.0, 0.0);
  if (node.has(prefix + "mttr"))
    mttr = node.get(prefix + "mttr", 0.0, 0.0);
  if ((mtbf > 0) != (mttr > 0))
    node.fail(what + " need both " + prefix + "mtbf and " + prefix + "mttr");
}

ClusterFaults read_cluster_faults(ConfigNode& node, const ClusterFaults& base, std::string& component_failure_origin)
{
  ClusterFaults f = base;
  if (node.has("component_failure")) {
    f.component_failure = node.child("component_failure").as_number(0);
    if (f.component_failure > 1)
      node.child("component_failure").fail("a probability must be at most 1");
    if (f.component_failure > 0 && component_failure_origin.empty())
      component_failure_origin = origin_of(node.child("component_failure"));
  }
  if (auto outages = node.find("outages")) {
    f.outages.clear();
    f.profile = {};
    if (outages->is_map())
      f.profile = read_state_profile(*outages);
    else
      f.outages = read_outages(*outages, "outages");
  }
  read_failure_process(node, "", f.mtbf, f.mttr, "random outages");
  read_failure_process(node, "host_", f.host_mtbf, f.host_mttr, "random host failures");
  return f;
}

void read_faults(ConfigNode faults, FaultConfig& f)
{
  std::vector<std::string> keys = fault_keys;
  keys.push_back("unusable_after");
  keys.push_back("completion_failure");
  keys.push_back("clusters");
  keys.push_back("hosts");
  faults.allow_only(keys);
  f.origin         = origin_of(faults);
  f.unusable_after = faults.get("unusable_after", 0, 0);
  f.completion_failure = faults.get("completion_failure", 0.0, 0.0);
  if (f.completion_failure >= 1)
    faults.child("completion_failure").fail("must be below 1 (every run would fail forever)");
  f.defaults       = read_cluster_faults(faults, f.defaults, f.component_failure_origin);
  for (const char* rate : {"component_failure", "mtbf", "mttr", "host_mtbf", "host_mttr"})
    faults.get(rate, 0.0, 0.0); // read above; this writes the default into the resolved configuration
  if (auto clusters = faults.find("clusters"))
    for (auto& [name, node] : clusters->entries()) {
      node.allow_only(fault_keys);
      f.per_cluster[name] = read_cluster_faults(node, f.defaults, f.component_failure_origin);
    }
  if (auto hosts = faults.find("hosts"))
    for (auto& [name, node] : hosts->entries())
      f.hosts[name] = read_host_outages(node);
}

} // namespace

void ExperimentConfig::add_policy_parameters(const std::map<std::string, std::string>& resolved)
{
  YAML::Node tree  = YAML::Load(resolved_yaml);
  YAML::Node given = tree["policy"];
  for (const auto& [key, text] : resolved)
    if (not given[key])
      given[key] = text;
  YAML::Emitter out;
  out << tree;
  resolved_yaml = out.c_str();
}

ExperimentConfig load_experiment(const std::string& file, const std::vector<std::string>& overrides)
{
  ExperimentConfig config;
  config.source   = file.empty() ? "built-in default experiment (workloads/default.yaml)" : file;
  YAML::Node tree = file.empty() ? load_yaml(config.source, default_experiment_yaml()) : load_yaml(file);
  if (not tree || tree.IsNull())
    tree = YAML::Node(YAML::NodeType::Map);
  if (not tree.IsMap()) // before the overrides, which need a map to write into
    ConfigNode(tree, "", std::make_shared<const std::string>(config.source)).fail("an experiment file is a map of settings");
  auto overridden = std::make_shared<std::set<std::string>>();
  for (const auto& assignment : overrides)
    overridden->insert(apply_override(tree, assignment));

  ConfigNode root(tree, "", std::make_shared<const std::string>(config.source), overridden);
  if (not root.is_map())
    root.fail("an experiment file is a map of settings");
  root.allow_only({"name", "platform", "clusters", "seed", "policy", "workload", "background", "info_service",
                   "runtime_model", "overheads", "faults", "stop", "trace", "simgrid"});
  config.name     = root.get("name", std::string("experiment"));
  config.platform = root.get("platform", std::string("platforms/das2.xml"));
  config.clusters = read_cluster_names(root, "clusters", "all");
  double seed     = root.get("seed", 1.0, 0.0);
  if (seed != std::floor(seed) || seed > 9007199254740992.0) // 2^53: every integer up to it is exact
    root.child("seed").fail("expected an integer from 0 to 2^53 (got '" + root.child("seed").as_string() + "')");
  config.seed     = static_cast<uint64_t>(seed);

  if (root.has("policy") && root.child("policy").is_scalar())
    tree["policy"] = name_map(tree["policy"]);
  ConfigNode policy = root.section("policy");
  config.policy     = policy.get("name", std::string("cf"));
  for (auto& [key, value] : policy.entries())
    if (key != "name")
      config.policy_parameters[key] = ParameterValue{value.as_string(), origin_of(value)};

  read_workload(root.section("workload"), config.workload);
  read_background(root.section("background"), config.background);

  ConfigNode info = root.section("info_service");
  info.allow_only({"poll_interval", "bandwidth_expiry"});
  config.poll_interval    = info.get("poll_interval", 10.0, 0.0);
  config.bandwidth_expiry = info.get("bandwidth_expiry", 0.0, 0.0);

  read_faults(root.section("faults"), config.faults);

  ConfigNode model = root.section("runtime_model");
  model.allow_only({"kind", "coallocation_slowdown", "iterations", "halo_bytes"});
  config.runtime_model.kind = model.get_choice("kind", "delay", {"delay", "network"}) == "network"
                                  ? RuntimeModelConfig::Kind::network
                                  : RuntimeModelConfig::Kind::delay;
  config.runtime_model.coallocation_slowdown = model.get("coallocation_slowdown", 1.0, 0.0);
  config.runtime_model.iterations            = model.get("iterations", 1, 1);
  config.runtime_model.halo_bytes            = model.get("halo_bytes", 0.0, 0.0);

  ConfigNode overheads = root.section("overheads");
  overheads.allow_only({"submission", "completion"});
  config.submission_overhead = overheads.get_distribution("submission", 0, 0);
  if (overheads.has("submission"))
    config.submission_overhead_origin = origin_of(overheads.child("submission"));
  config.completion_overhead = overheads.get_distribution("completion", 0, 0);


  ConfigNode stop = root.section("stop");
  stop.allow_only({"max_time"});
  config.max_time = stop.get("max_time", INFINITY, 0.0);

  ConfigNode trace = root.section("trace");
  trace.allow_only({"sample_interval", "local_jobs"});
  config.sample_interval  = trace.get("sample_interval", 60.0, 0.0);
  config.trace_local_jobs = trace.get("local_jobs", false);
  if (config.sample_interval <= 0)
    trace.child("sample_interval").fail("must be above 0");

  ConfigNode simgrid = root.section("simgrid");
  simgrid.allow_only({"network_model", "options"});
  config.network_model = simgrid.get_choice("network_model", "CM02", {"CM02", "LV08", "SMPI", "IB"});
  if (auto options = simgrid.find("options")) {
    config.simgrid_options = options->as_strings();
    for (const auto& option : config.simgrid_options) {
      auto colon = option.find(':');
      if (colon == std::string::npos || colon == 0 || colon + 1 == option.size()) // SimGrid aborts on these
        options->fail("expected SimGrid settings like 'network/TCP-gamma:4194304' (name:value), got '" + option + "'");
      std::string name = option.substr(0, colon);
      if (name == "network/model" || name == "host/model" || name == "cpu/model" || name == "disk/model")
        options->fail("'" + name + "' is set by simgrid.network_model and runtime_model.kind, not here (an unknown "
                      "model made SimGrid abort; a known one overrode those keys without a word)");
    }
  }

  YAML::Emitter out;
  out << tree;
  config.resolved_yaml = out.c_str();
  return config;
}

} // namespace coalsim
