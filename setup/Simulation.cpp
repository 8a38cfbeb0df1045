#include "setup/Simulation.hpp"

#include "sim/engine/ActivityTracker.hpp"
#include "sim/engine/BandwidthRepository.hpp"
#include "sim/engine/ClusterHealth.hpp"
#include "sim/engine/Clock.hpp"
#include "sim/engine/FileStager.hpp"
#include "sim/platform/GridPlatform.hpp"
#include "sim/engine/GridScheduler.hpp"
#include "sim/engine/InformationService.hpp"
#include "sim/config/InputError.hpp"
#include "sim/engine/LocalResourceManager.hpp"
#include "sim/platform/PlatformCheck.hpp"
#include "sim/api/PolicyRegistry.hpp"
#include "sim/trace/ProgressReporter.hpp"
#include "sim/engine/RuntimeModel.hpp"
#include "setup/RunInputs.hpp"
#include "setup/RunLimits.hpp"
#include "sim/trace/TraceWriter.hpp"
#include "workloads/background/BackgroundLoads.hpp"
#include "workloads/ReplayedWorkload.hpp"
#include "workloads/SyntheticWorkload.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <simgrid/s4u.hpp>
#include <xbt/log.h>

namespace coalsim {

namespace fs = std::filesystem;

Simulation::Simulation(ExperimentConfig config, RunOptions options)
    : config_(std::move(config)), options_(std::move(options))
{
}

std::string Simulation::locate(const std::string& path, const std::string& experiment_file)
{
  if (fs::exists(path) || fs::path(path).is_absolute())
    return path;
  if (not experiment_file.empty() && fs::exists(experiment_file)) {
    // Relative to the experiment file's folder and its parents (experiment files live in the repository).
    for (fs::path dir = fs::absolute(experiment_file).parent_path(); not dir.empty(); dir = dir.parent_path()) {
      if (fs::exists(dir / path))
        return (dir / path).string();
      if (dir == dir.root_path())
        break;
    }
  }
  // Last, the source tree this simulator was built from (the built-in default names platforms/das2.xml).
  if (fs::exists(fs::path(COALSIM_SOURCE_DIR) / path))
    return (fs::path(COALSIM_SOURCE_DIR) / path).string();
  return path;
}


void check_log_setting(const std::string& setting)
{
  // What xbt_log_control_set accepts; it aborts (xbt_die) or throws on anything else.
  auto fail = [&setting](const std::string& what) {
    throw InputError("Invalid option '--log " + setting + "': " + what +
                     " (expected CATEGORY.thres:PRIORITY, CATEGORY.fmt:FORMAT, CATEGORY.app:file:NAME or "
                     "CATEGORY.add:yes|no, separated by spaces)");
  };
  std::istringstream words(setting);
  std::string word;
  while (words >> word) {
    if (word == "no_loc")
      continue;
    size_t dot = word.find_first_of(".:=");
    if (dot == std::string::npos || word[dot] != '.')
      fail("'" + word + "' names no setting after the category");
    size_t colon = word.find_first_of(":=", dot);
    if (colon == std::string::npos)
      fail("'" + word + "' has no value");
    std::string option = word.substr(dot + 1, colon - dot - 1), value = word.substr(colon + 1);
    auto is_prefix     = [&option](const char* of) { return not option.empty() && std::string(of).rfind(option, 0) == 0; };
    if (is_prefix("threshold")) {
      static const std::vector<std::string> priorities = {"trace", "debug", "verbose", "info", "warning", "error", "critical"};
      std::string lower = value;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
      if (std::find(priorities.begin(), priorities.end(), lower) == priorities.end())
        fail("unknown priority '" + value + "' (trace, debug, verbose, info, warning, error or critical)");
    } else if (is_prefix("additivity")) { // SimGrid's order: "a" is additivity
    } else if (is_prefix("appender")) {
      if (value.rfind("file:", 0) != 0 && value.rfind("rollfile:", 0) != 0 && value.rfind("splitfile:", 0) != 0)
        fail("unknown appender '" + value + "' (file:NAME, rollfile:NAME or splitfile:NAME)");
    } else if (not is_prefix("fmt")) {
      fail("unknown setting '" + option + "'");
    }
  }
}

RunStatistics Simulation::run()
{
  auto wall_start = std::chrono::steady_clock::now();
  check_run_limits(config_);
  std::string platform_file = locate(config_.platform, config_.source);
  check_platform_file(platform_file, config_.clusters.names);
  check_output_is_no_input(options_.output, run_inputs(config_, platform_file, [this](const std::string& file) {
                             return locate(file, config_.source);
                           }));

  for (const auto& setting : options_.log_options)
    check_log_setting(setting);
  xbt_log_control_set("root.thres:critical");
  for (const auto& setting : options_.log_options)
    xbt_log_control_set(setting.c_str());
  int argc          = 1;
  char program[]    = "coalsim";
  char* argv[]      = {program, nullptr};
  sg4::Engine engine(&argc, argv);
  engine.set_config("network/model:" + config_.network_model);
  if (config_.network_model == "CM02")
    engine.set_config("network/crosstraffic:0");
  if (config_.runtime_model.kind == RuntimeModelConfig::Kind::network)
    engine.set_config("host/model:ptask_L07");
  for (const auto& option : config_.simgrid_options) {
    try {
      engine.set_config(option);
    } catch (const std::exception& e) { // an unknown key or a value of the wrong type
      throw InputError("Invalid key 'simgrid.options' in " + config_.source + ": SimGrid refuses '" + option + "' (" +
                       std::string(e.what()).substr(0, std::string(e.what()).find('\n')) + ")");
    }
  }
  try {
    engine.load_platform(platform_file);
  } catch (const std::exception& e) {
    throw InputError("Invalid platform '" + platform_file + "': " + e.what());
  }

  GridPlatform platform(engine, platform_file, config_.clusters.names, config_.clusters.origin);
  const auto& clusters = platform.clusters();

  std::unique_ptr<TraceWriter> trace;
  if (not options_.output.empty()) {
    trace = std::make_unique<TraceWriter>(options_.output, clusters.size(), config_.sample_interval);
    for (const auto& c : clusters) {
      ClusterRow row{};
      row.index = c.index;
      std::strncpy(row.name, c.name.c_str(), sizeof row.name - 1);
      std::strncpy(row.site, c.site.c_str(), sizeof row.site - 1);
      row.processors = c.processors;
      trace->add_cluster(row);
    }
  }
  UtilizationRecorder recorder(clusters.size(), config_.sample_interval, [&trace](const UtilizationSample& s) {
    if (trace)
      trace->add_sample(s);
  });

  ActivityTracker tracker;
  auto runtime = make_runtime_model(config_.runtime_model, tracker);
  for (const auto& [name, model] : config_.background.per_cluster)
    if (platform.find(name) == no_cluster)
      throw InputError("Invalid key 'background.clusters." + name + "' in " + config_.background.origin +
                       ": cluster '" + name + "' is not in this run");
  auto model_of = [this](const Cluster& c) -> const BackgroundModel& {
    auto it = config_.background.per_cluster.find(c.name);
    return it == config_.background.per_cluster.end() ? config_.background.defaults : it->second;
  };
  auto locate_input = [this](const std::string& file) { return locate(file, config_.source); };

  RunStatistics statistics;
  statistics.processors = platform.total_processors();
  std::vector<std::unique_ptr<LocalResourceManager>> managers;
  std::vector<std::unique_ptr<BackgroundLoad>> background;
  bool background_ends = true;
  for (const auto& c : clusters) {
    managers.push_back(
        std::make_unique<LocalResourceManager>(c, recorder, /*track_hosts=*/true, model_of(c).scheduling));
    managers.back()->set_on_local_job_done([&statistics, &trace, this](const LocalJobRecord& job) {
      statistics.local_wait.add(job.start_time - job.submit_time);
      if (trace && config_.trace_local_jobs)
        trace->add_local_job({job.trace_id, job.cluster, job.size, job.submit_time, job.start_time, job.end_time,
                              job.start_time - job.submit_time, job.estimate});
    });
    background.push_back(make_background_load(model_of(c), *managers.back(), config_.seed, locate_input));
    background_ends = background_ends && background.back()->finite();
  }
  // Without grid jobs the run is the background's own (a trace replay on its own cluster): it ends when the
  // replay ends, or at stop.max_time. Otherwise background arrivals stop once the grid jobs are done.
  const bool background_only = config_.workload.jobs == 0 && not config_.workload.replay;
  if (background_only && not background_ends && not std::isfinite(config_.max_time))
    throw InputError("Invalid experiment '" + config_.source + "': with workload.jobs 0 and a synthetic " +
                     "background the run never ends; set stop.max_time");

  PolicyParameters parameters(config_.policy, config_.policy_parameters);
  auto policy = PolicyRegistry::instance().create(config_.policy, parameters, PolicyContext{platform.names()});
  config_.add_policy_parameters(parameters.resolved());
  if (not config_.workload.replay)
    for (const auto& [type, weight] : config_.workload.request_types)
      if (weight > 0 && not policy->takes(type))
        throw InputError("Invalid key 'workload.request_types'" + config_.workload.where("request_types") +
                         ": policy '" + config_.policy + "' takes no " + to_string(type) + " jobs");
  if (config_.submission_overhead.max_value() > 0 && not policy->claims_after_submission_overhead())
    throw InputError("Invalid key 'overheads.submission' in " + config_.submission_overhead_origin + ": policy '" +
                     config_.policy + "' claims at its own claiming times, after no submission delay; set it to 0");
  if (not config_.faults.component_failure_origin.empty() && not policy->claims_incrementally())
    throw InputError("Invalid key 'faults.component_failure' in " + config_.faults.component_failure_origin +
                     ": policy '" + config_.policy + "' does not claim incrementally, so no component failure is drawn "
                     "(only koala draws them); use faults.completion_failure, outages or host failures, or set it to 0");

  std::vector<ClusterInfo> cluster_info;
  for (const auto& c : clusters)
    cluster_info.push_back({c.name, c.processors});
  std::unique_ptr<JobSource> workload;
  if (config_.workload.replay)
    workload = std::make_unique<ReplayedWorkload>(config_.workload, locate_input(config_.workload.replay->trace.file),
                                                  cluster_info, config_.seed);
  else
    workload = std::make_unique<SyntheticWorkload>(config_.workload, cluster_info, config_.seed);

  InformationService info(platform, managers, config_.poll_interval);
  std::unique_ptr<BandwidthRepository> bandwidths;
  if (config_.bandwidth_expiry > 0) {
    bandwidths = std::make_unique<BandwidthRepository>(platform, config_.bandwidth_expiry);
    info.set_transfer_estimator(bandwidths.get());
  }
  for (const auto& [name, faults] : config_.faults.per_cluster)
    if (platform.find(name) == no_cluster)
      throw InputError("Invalid key 'faults.clusters." + name + "' in " + config_.faults.origin + ": cluster '" +
                       name + "' is not in this run");
  // Always there: a state profile in the platform file may fail hosts even when the experiment has no faults.
  auto health = std::make_unique<ClusterHealth>(config_.faults, platform, managers, config_.seed);
  info.set_health(health.get());
  FileStager stager(platform, tracker);
  if (bandwidths)
    bandwidths->set_stager(&stager);
  GridScheduler scheduler({platform, managers, info, *policy, *runtime, stager, recorder, trace.get(), statistics},
                          config_.submission_overhead, config_.completion_overhead, config_.seed);
  scheduler.set_completion_failure_probability(config_.faults.completion_failure);
  scheduler.set_run_ends_with_grid(not background_only);
  for (auto& load : background)
    load->start([&scheduler, background_only] { return background_only || not scheduler.done(); });
  // Random outages and host failures go on while there is work to fail: the grid jobs, or in a run without
  // them the local jobs (arriving, waiting or running).
  scheduler.set_health(health.get(), [&scheduler, &background, &managers, background_only] {
    if (not background_only)
      return not scheduler.done();
    for (size_t c = 0; c < managers.size(); ++c)
      if (background[c]->arriving() || managers[c]->busy_background() > 0 || managers[c]->background_waiting() > 0)
        return true;
    return false;
  });

  ProgressReporter progress(options_.progress, config_.workload.jobs);
  scheduler.set_on_job_done([&progress] { progress.job_done(); });
  try {
    scheduler.start(*workload);
    if (std::isfinite(config_.max_time)) {
      engine.run_until(config_.max_time);
      // Transfers and parallel tasks still in flight are cancelled, and the engine runs the cancellations
      // (no simulated time passes): SimGrid must not meet running actions when it is torn down.
      tracker.cancel_all();
      engine.run_until(engine.get_clock());
    } else {
      engine.run();
    }
  } catch (const TimeHorizonError& e) {
    throw_beyond_horizon(e, config_, engine, tracker);
  } catch (const std::exception&) { // an input error found while running (a log's bad record)
    abandon_run(engine, tracker);
    throw;
  }
  double stop_time = std::isfinite(config_.max_time) ? std::min(config_.max_time, now()) : now();
  scheduler.stop_at(stop_time);
  if (background_only) {
    statistics.end_time = stop_time;
    recorder.finish(stop_time);
  }
  progress.finish();

  for (size_t c = 0; c < clusters.size(); ++c) {
    statistics.grid_area += recorder.grid_area(c);
    statistics.background_area += recorder.background_area(c);
  }
  for (size_t c = 0; c < background.size(); ++c)
    if (auto at = background[c]->voided_at(); at && (not statistics.void_time || *at < *statistics.void_time)) {
      statistics.void_time    = *at;
      statistics.void_cluster = clusters[c].name;
    }
  for (const auto& load : background) {
    statistics.background_jobs += load->submitted();
    statistics.background_too_large += load->too_large();
  }
  if (auto* replayed = dynamic_cast<ReplayedWorkload*>(workload.get()))
    statistics.grid_too_large = replayed->too_large();
  statistics.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();

  if (trace) {
    trace->set_attribute("simulator", std::string("coalsim"));
    trace->set_attribute("simulator_version", std::string(COALSIM_VERSION));
    trace->set_attribute("experiment", config_.name);
    trace->set_attribute("policy", config_.policy);
    trace->set_attribute("seed", static_cast<int64_t>(config_.seed));
    trace->set_attribute("platform", config_.platform);
    std::string names;
    for (const auto& n : platform.names())
      names += (names.empty() ? "" : ",") + n;
    trace->set_attribute("clusters", names);
    trace->set_attribute("runtime_model", std::string(runtime->name()));
    trace->set_attribute("end_time", statistics.end_time);
    trace->set_attribute("config", config_.resolved_yaml);
    if (statistics.void_time) {
      trace->set_attribute("void_time", *statistics.void_time);
      trace->set_attribute("void_cluster", statistics.void_cluster);
    }
    trace->commit();
  }
  return statistics;
}

} // namespace coalsim
