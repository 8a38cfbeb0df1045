#include "workloads/WorkloadConfig.hpp"

#include "sim/config/ConfigNode.hpp"

#include <charconv>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_workloads_workload_config, coalsim_workloads, "WorkloadConfig");

namespace coalsim {

namespace {

const std::map<std::string, RequestType> request_type_names = {{"ordered", RequestType::ordered},
                                                               {"unordered", RequestType::unordered},
                                                               {"flexible", RequestType::flexible},
                                                               {"total", RequestType::total}};
const std::map<std::string, Priority> priority_names        = {{"super_high", Priority::super_high},
                                                               {"high", Priority::high},
                                                               {"low", Priority::low},
                                                               {"super_low", Priority::super_low}};

template <class Enum> KeyList names_of(const std::map<std::string, Enum>& names)
{
  KeyList keys;
  for (const auto& entry : names)
    keys.emplace_back(entry.first);
  return keys;
}

/** A map of weights over named values; the whole map replaces the default. */
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
  node->allow_only(names_of(names));
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

const KeyList& file_keys()
{
  static const KeyList keys = {"size", "replicas", "sites"};
  return keys;
}

/** `workload.trace`: the keys of any replay, and how the log's partitions map onto clusters. */
const KeyList& grid_replay_keys()
{
  static const KeyList keys = [] {
    KeyList all = trace_replay_keys();
    all.insert(all.end(), {"partition_clusters", "unmapped_partitions"});
    return all;
  }();
  return keys;
}

GridReplayConfig read_grid_replay(ConfigNode& trace)
{
  trace.allow_only(grid_replay_keys());
  GridReplayConfig replay;
  replay.trace = read_trace_replay(trace);
  if (auto map = trace.find("partition_clusters"))
    for (auto& [partition, cluster] : map->entries())
      replay.partition_clusters[partition] = cluster.as_string();
  replay.skip_unmapped = trace.get_choice("unmapped_partitions", "unordered", {"unordered", "skip"}) == "skip";
  return replay;
}

std::vector<std::pair<int, int>> read_shapes(ConfigNode& shapes)
{
  std::vector<std::pair<int, int>> out;
  for (const auto& text : shapes.as_strings()) {
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
      shapes.fail("expected shapes like \"4x18\" (components x processors), got '" + text + "'");
    out.emplace_back(count, size);
  }
  if (out.empty())
    shapes.fail("lists no shape (leave it out to draw components and component_size)");
  return out;
}

/** The keys that synthetic and replayed grid jobs share: input files, priorities, economy attributes. */
void read_job_attributes(ConfigNode& workload, WorkloadConfig& w)
{
  ConfigNode file = workload.section("file");
  file.allow_only(file_keys());
  w.file.size                  = file.get_distribution("size", 0, 0);
  w.file.replicas              = file.get("replicas", 1, 1);
  w.locations["file.replicas"] = file.child("replicas").location();
  w.locations["file.size"]     = file.child("size").location();
  w.file.sites                 = read_cluster_names(file, "sites", "random");
  w.priorities                 = read_mix<Priority>(workload, "priorities", priority_names, w.priorities);
  w.estimate_factor            = optional_distribution(workload, "estimate_factor");
  w.deadline_factor            = optional_distribution(workload, "deadline_factor");
  w.budget                     = optional_distribution(workload, "budget");
  w.submit_site                = read_submit_site(workload);
  w.executable_size            = optional_distribution(workload, "executable_size");
  w.output_size                = optional_distribution(workload, "output_size");
  for (const char* key : {"executable_size", "output_size"})
    if (workload.has(key))
      w.locations[key] = workload.child(key).location();
  if (auto shapes = workload.find("shapes"))
    w.shapes = read_shapes(*shapes);
}

/** The synthetic jobs' arrivals and shapes. */
void read_synthetic_jobs(ConfigNode& workload, WorkloadConfig& w)
{
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
  w.components         = workload.get_distribution("components", 1, 1);
  w.component_size     = workload.get_distribution("component_size", 8, 1);
  w.runtime            = workload.get_distribution("runtime", 100, 0);
  w.request_types      = read_mix<RequestType>(workload, "request_types", request_type_names, w.request_types);
  w.deal_request_types = workload.get("deal_request_types", false);
  for (const char* key : {"components", "component_size", "shapes", "request_types", "ordered_clusters"})
    if (workload.has(key))
      w.locations[key] = workload.child(key).location();
  w.ordered_clusters = read_cluster_names(workload, "ordered_clusters", "random");
}

} // namespace

const KeyList& workload_keys()
{
  static const KeyList keys = {"jobs",
                               "start",
                               "arrival",
                               "rate",
                               "offered_load",
                               "components",
                               "component_size",
                               "runtime",
                               {"request_types", names_of(request_type_names)},
                               "deal_request_types",
                               "ordered_clusters",
                               {"trace", grid_replay_keys()},
                               {"file", file_keys()},
                               {"priorities", names_of(priority_names)},
                               "estimate_factor",
                               "deadline_factor",
                               "budget",
                               "submit_site",
                               "executable_size",
                               "output_size",
                               "shapes"};
  return keys;
}

WorkloadConfig read_workload(ConfigNode workload)
{
  WorkloadConfig w;
  workload.allow_only(workload_keys());
  if (auto trace = workload.find("trace")) {
    for (const char* synthetic_only : {"start", "arrival", "rate", "offered_load", "components", "component_size",
                                       "runtime", "request_types", "deal_request_types", "ordered_clusters", "shapes"})
      if (workload.has(synthetic_only))
        workload.child(synthetic_only).fail("the jobs come from workload.trace; this key is for synthetic jobs");
    w.generator = "replay";
    w.replay    = read_grid_replay(*trace);
    w.jobs      = workload.get("jobs", 0, 0);
  } else {
    w.jobs  = workload.get("jobs", w.jobs, 0);
    w.start = workload.get("start", 0.0, 0.0);
  }
  w.locations["jobs"] = workload.child("jobs").location();
  if (not w.replay)
    read_synthetic_jobs(workload, w);
  read_job_attributes(workload, w);
  return w;
}

} // namespace coalsim
