#include "setup/ExperimentConfig.hpp"

#include "setup/ShippedFiles.hpp"
#include "sim/config/InputError.hpp"

#include <algorithm>
#include <charconv>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_setup_experiment_config, coalsim_setup, "ExperimentConfig");

namespace coalsim {

namespace {

/** The root's keys, in the order of the unknown-key message; the policy's are the policies' own. */
const KeyList& root_keys()
{
  static const KeyList keys = {"name",
                               "platform",
                               "clusters",
                               "seed",
                               "policy",
                               {"workload", workload_keys()},
                               {"background", background_keys()},
                               {"job_shape", job_shape_keys()},
                               {"info_service", information_service_keys()},
                               {"runtime_model", runtime_model_keys()},
                               {"overheads", overheads_keys()},
                               {"faults", fault_keys()},
                               {"stop", stop_keys()},
                               {"trace", trace_keys()},
                               {"simgrid", simgrid_keys()},
                               {"power", power_keys()}};
  return keys;
}

/** The experiment's tree with the overrides applied; `overridden` gets the keys they set. */
YAML::Node load_tree(const std::string& source, bool built_in, const std::vector<Override>& overrides,
                     CommandLineKeys& overridden)
{
  YAML::Node tree = built_in ? load_yaml(source, default_experiment_yaml()) : load_yaml(source);
  if (not tree || tree.IsNull())
    tree = YAML::Node(YAML::NodeType::Map);
  if (not tree.IsMap()) // before the overrides, which need a map to write into
    ConfigNode(tree, "", std::make_shared<const std::string>(source)).fail("an experiment file is a map of settings");
  for (const auto& assignment : overrides) {
    std::string key = apply_override(tree, assignment);
    overridden[key] = assignment.shown(key);
  }
  return tree;
}

/** Read as the integer it is written as: read as a number (a double), 2^53 + 1 ran as 2^53 and 1e3 as 1000. */
uint64_t read_seed(ConfigNode& root)
{
  constexpr uint64_t largest = uint64_t{1} << 53; // the documented range
  auto given                 = root.find("seed");
  if (not given) {
    root.yaml()["seed"] = 1;
    return 1;
  }
  std::string text   = given->as_string();
  uint64_t seed      = 0;
  const char* last   = text.data() + text.size();
  auto [end, failed] = std::from_chars(text.data(), last, seed);
  if (text.empty() || failed != std::errc() || end != last || seed > largest) {
    int64_t negative = 0;
    if (auto [stop, error] = std::from_chars(text.data(), last, negative);
        error == std::errc() && stop == last && negative < 0)
      given->fail("must be at least 0 (got '" + text + "')");
    given->fail("expected an integer from 0 to 2^53 (got '" + text + "')");
  }
  return seed;
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

ExperimentConfig load_experiment(const std::string& file, const std::vector<Override>& overrides)
{
  ExperimentConfig config;
  // A file named without a folder: the current folder's, else the shipped experiment of that name.
  std::string found = file.empty() ? "" : find_by_name(file, "workloads/experiments");
  if (not file.empty() && found.empty())
    throw InputError("Invalid experiment file '" + file + "': not found; " +
                     search_order("experiments", "workloads/experiments"));
  config.source   = file.empty() ? "built-in default experiment (workloads/default.yaml)" : found;
  auto overridden = std::make_shared<CommandLineKeys>();
  YAML::Node tree = load_tree(config.source, file.empty(), overrides, *overridden);

  // The sections in this order: each writes its defaults into the tree, and the resolved YAML keeps that order.
  ConfigNode root(tree, "", std::make_shared<const std::string>(config.source), overridden);
  root.allow_only(root_keys());
  config.name              = root.get("name", std::string("experiment"));
  config.platform          = root.get("platform", std::string("platforms/das2.xml"));
  config.platform_location = root.child("platform").location();
  config.clusters          = read_cluster_names(root, "clusters", "all");
  config.seed              = read_seed(root);
  config.policy            = read_policy(root);
  config.workload          = read_workload(root.section("workload"));
  config.background        = read_background(root.section("background"));
  if (auto shape = root.find("job_shape")) // absent: nothing written, so that the resolved YAML is as before shapes
    config.job_shape = read_job_shape(*shape);
  config.info_service  = read_information_service(root.section("info_service"));
  config.faults        = read_faults(root.section("faults"));
  config.runtime_model = read_runtime_model(root.section("runtime_model"));
  config.overheads     = read_overheads(root.section("overheads"));
  config.stop          = read_stop(root.section("stop"));
  config.trace         = read_trace(root.section("trace"));
  config.simgrid       = read_simgrid(root.section("simgrid"));
  if (root.find("power")) // optional: without it nothing is written into the resolved configuration
    config.power = read_power(root.section("power"));

  YAML::Emitter out;
  out << tree;
  config.resolved_yaml = out.c_str();
  return config;
}

std::vector<std::string> experiment_key_paths()
{
  std::vector<std::string> paths;
  append_key_paths("", root_keys(), paths);
  for (const auto& path : policy_key_paths())
    paths.push_back(path);
  std::sort(paths.begin(), paths.end());
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  return paths;
}

} // namespace coalsim
