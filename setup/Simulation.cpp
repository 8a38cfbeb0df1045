#include "setup/Simulation.hpp"

#include "setup/InputFiles.hpp"
#include "setup/LogSettings.hpp"
#include "setup/PolicyNeedsCheck.hpp"
#include "setup/RunInputs.hpp"
#include "setup/RunLimits.hpp"
#include "sim/api/PolicyRegistry.hpp"
#include "sim/config/InputError.hpp"
#include "sim/engine/ActivityTracker.hpp"
#include "sim/engine/AllocationRows.hpp"
#include "sim/engine/BandwidthRepository.hpp"
#include "sim/engine/Clock.hpp"
#include "sim/engine/ClusterHealth.hpp"
#include "sim/engine/DaemonTimers.hpp"
#include "sim/engine/FileStager.hpp"
#include "sim/engine/GridScheduler.hpp"
#include "sim/engine/InformationService.hpp"
#include "sim/engine/InstantStep.hpp"
#include "sim/engine/LocalResourceManager.hpp"
#include "sim/engine/RuntimeModels.hpp"
#include "sim/engine/TraceDecisionLog.hpp"
#include "sim/engine/power/EnergyAccounting.hpp"
#include "sim/engine/power/PowerManagers.hpp"
#include "sim/platform/GridPlatform.hpp"
#include "sim/platform/HostPower.hpp"
#include "sim/platform/PlatformCheck.hpp"
#include "sim/platform/PlatformLoad.hpp"
#include "sim/trace/JobRecorder.hpp"
#include "sim/trace/ProgressReporter.hpp"
#include "sim/trace/TraceWriter.hpp"
#include "sim/trace/UtilizationRecorder.hpp"
#include "workloads/WorkloadGenerators.hpp"
#include "workloads/background/BackgroundModels.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <simgrid/plugins/energy.h>
#include <simgrid/s4u.hpp>
#include <unistd.h>
#include <xbt/config.hpp>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_setup_simulation, coalsim_setup, "Simulation");

namespace coalsim {

/** Declared in the order they are built: destroyed in the reverse order, the engine last. */
struct Simulation::Parts {
  int argc        = 1;
  char program[8] = "coalsim";
  char* argv[2]   = {program, nullptr};
  std::unique_ptr<sg4::Engine> engine;
  std::string platform_file;
  bool simgrid_plays_profiles = false; // the platform's or a scripted host's: SimGrid brings events of its own
  // The date of the last event a SimGrid profile plays (the platform file's or a scripted host's): infinity when one
  // repeats, is stochastic or cannot be read, -infinity when there is none.
  double profiles_end = -INFINITY;
  std::unique_ptr<GridPlatform> platform;
  std::unique_ptr<TraceWriter> trace;
  std::unique_ptr<UtilizationRecorder> recorder;
  ActivityTracker tracker;
  std::unique_ptr<InstantStep> step;
  std::unique_ptr<DaemonTimers> daemons; // the power managers' switches: they outlive none of them
  std::unique_ptr<RuntimeModel> runtime;
  std::unique_ptr<EnergyAccounting> energy; // when the platform gives its hosts' power; the managers report to it
  std::vector<std::unique_ptr<PowerManager>> power; // one per cluster, consulted by its local resource manager
  RunStatistics statistics;
  std::vector<std::unique_ptr<LocalResourceManager>> managers;
  int64_t local_job_numbers = 0; // shared by the managers: local and dummy jobs in order of arrival
  std::vector<std::unique_ptr<BackgroundLoad>> background;
  /** No grid jobs: the run is the background's own (a trace replay on its own cluster). */
  bool background_only = false;
  std::unique_ptr<TraceDecisionLog> decisions; // with trace.decisions; outlives the policy granted it
  std::unique_ptr<GridPolicy> policy;
  std::unique_ptr<WorkloadGenerator> workload;
  std::unique_ptr<InformationService> info;
  std::unique_ptr<BandwidthRepository> bandwidths;
  std::unique_ptr<ClusterHealth> health;
  std::unique_ptr<FileStager> stager;
  std::unique_ptr<JobRecorder> job_recorder; // hears the grid scheduler: the grid jobs' rows and statistics
  std::unique_ptr<GridScheduler> scheduler;
  std::unique_ptr<ProgressReporter> progress;
};

Simulation::Simulation(ExperimentConfig config, RunOptions options)
    : config_(std::move(config))
    , options_(std::move(options))
{
}

Simulation::~Simulation() = default;

RunStatistics Simulation::run()
{
  auto wall_start = std::chrono::steady_clock::now();
  parts_          = std::make_unique<Parts>();
  struct Release { // the parts go when the run ends, also on an error (an unfinished trace is removed)
    std::unique_ptr<Parts>& parts;
    ~Release()
    {
      TimerQueue::instance().set_deferral({}); // it reads the parts
      parts.reset();
    }
  } release{parts_};

  check_run_limits(config_);
  build_engine();
  LoadedPlatform loaded;
  if (options_.load_once) // out of the try: refused, the waiting parent's engine holds no platform to settle
    loaded =
        load_platform_once(*parts_->engine, parts_->platform_file, config_.clusters.names, config_.clusters.location);
  try {
    build_platform(std::move(loaded));
    open_trace();
    build_local_side();
    build_policy();
    build_workload();
    build_grid_side();
    start();
    run_engine();
  } catch (const TimeHorizonError& e) {
    throw_beyond_horizon(e, config_, parts_->tracker);
  } catch (const std::exception&) { // an input error found while building or running (a log's bad record)
    abandon_run(parts_->tracker);
    throw;
  }
  collect_statistics();
  parts_->statistics.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  write_trace_attributes();
  return parts_->statistics;
}

/** SimGrid's engine with the experiment's models and settings (the platform is checked first: SimGrid
 *  aborts on much of what it refuses). */
void Simulation::build_engine()
{
  parts_->platform_file =
      locate_readable(config_.platform, config_.source, config_.platform_location, "platforms", "platforms");
  const PlatformProfiles profiles = options_.load_once
                                        ? check_platform_file_text(parts_->platform_file) // layer 2 is the load (run())
                                        : check_platform_file(parts_->platform_file, config_.clusters.names);
  parts_->simgrid_plays_profiles =
      profiles.any || std::any_of(config_.faults.hosts.begin(), config_.faults.hosts.end(),
                                  [](const auto& host) { return not host.second.profile.empty(); });
  parts_->profiles_end = profiles.any ? profiles.last_event : -INFINITY;
  for (const auto& [name, host] : config_.faults.hosts)
    if (not host.profile.empty())
      parts_->profiles_end =
          std::max(parts_->profiles_end, host.profile.periodicity > 0 ? INFINITY : host.profile.events.back().first);
  check_output_is_no_input(options_.output, options_.force_output,
                           run_inputs(config_, parts_->platform_file, profiles.files,
                                      [this](const std::string& file) { return locate_input(file, config_.source); }));
  apply_log_settings(options_.log_options);
  parts_->engine      = std::make_unique<sg4::Engine>(&parts_->argc, parts_->argv);
  sg4::Engine& engine = *parts_->engine;
  engine.set_config("network/model:" + config_.simgrid.network_model);
  if (config_.simgrid.network_model == "CM02")
    engine.set_config("network/crosstraffic:0");
  if (const char* host_model =
          Registry<RuntimeModels>::instance().at(config_.runtime_model.kind).traits.simgrid_host_model)
    engine.set_config(std::string("host/model:") + host_model);
  for (const auto& option : config_.simgrid.options) {
    try {
      engine.set_config(option);
    } catch (const std::exception& e) { // an unknown key or a value of the wrong type
      std::string reason = e.what();
      config_.simgrid.options_location.fail("SimGrid refuses '" + option + "' (" + reason.substr(0, reason.find('\n')) +
                                            ")");
    }
  }
}

/** The platform file, and the clusters of the run found in it (with load_once, loaded already by the child that is
 *  now the run). */
void Simulation::build_platform(LoadedPlatform loaded)
{
  if (options_.load_once) { // this is the child that loaded it (run())
    parts_->platform = std::move(loaded.platform);
    if (loaded.refused)
      std::rethrow_exception(loaded.refused);
  } else {
    load_checked_platform();
  }
  check_cluster_settings();
}

/** The platform checked by the probe, loaded in this process. */
void Simulation::load_checked_platform()
{
  try {
    load_platform_file(*parts_->engine, parts_->platform_file);
  } catch (const std::exception& e) {
    throw InputError("Invalid platform '" + parts_->platform_file + "': " + e.what());
  }
  parts_->platform = std::make_unique<GridPlatform>(*parts_->engine, parts_->platform_file, config_.clusters.names,
                                                    config_.clusters.location);
}

/** The experiment's per-cluster settings against the clusters of the run. */
void Simulation::check_cluster_settings()
{
  for (const auto* section :
       {&config_.background.cluster_locations, &config_.faults.cluster_locations, &config_.job_shape.cluster_locations})
    for (const auto& [name, location] : *section)
      if (parts_->platform->find(name) == no_cluster)
        location.fail("cluster '" + name + "' is not in this run");
  for (const Cluster& c : parts_->platform->clusters()) {
    const LocatedShapePolicy& shape = config_.job_shape.of(c.name);
    if (shape.policy.pool() || c.compute_hosts.empty())
      continue;
    const int cores = c.compute_hosts.front()->get_core_count();
    for (const sg4::Host* host : c.compute_hosts)
      if (host->get_core_count() != cores)
        shape.kind_at.fail("cluster " + c.name + " has hosts of " + std::to_string(cores) + " and " +
                           std::to_string(host->get_core_count()) + " cores (" + host->get_cname() +
                           "): shaped jobs need hosts of one core count");
    if (shape.policy.kind == ShapeKind::nodes && shape.policy.cores_per_node > cores)
      shape.cores_per_node_at.fail(std::to_string(shape.policy.cores_per_node) + " cores per node on cluster " +
                                   c.name + ", whose hosts have " + std::to_string(cores) +
                                   ": no job could ever start there");
  }
}

/** The trace file (written under a temporary name until the run succeeds) and the utilization samples. */
void Simulation::open_trace()
{
  const auto& clusters = parts_->platform->clusters();
  if (not options_.output.empty()) {
    // Loaded once, the run is a child of the process the user started: the temporary file bears that one's id.
    parts_->trace = std::make_unique<TraceWriter>(options_.output, options_.force_output, clusters.size(),
                                                  config_.trace.sample_interval, options_.load_once ? getppid() : 0);
    for (const auto& c : clusters) {
      ClusterRow row{};
      row.index = c.index;
      std::strncpy(row.name, c.name.c_str(), sizeof row.name - 1);
      std::strncpy(row.site, c.site.c_str(), sizeof row.site - 1);
      row.processors = c.processors;
      parts_->trace->add_cluster(row);
    }
    for (const auto& c : clusters)
      for (size_t h = 0; h < c.compute_hosts.size(); ++h) {
        HostRow row{};
        row.cluster = c.index;
        row.index   = static_cast<int32_t>(h);
        std::strncpy(row.name, c.compute_hosts[h]->get_cname(), sizeof row.name - 1);
        row.cores = c.compute_hosts[h]->get_core_count();
        parts_->trace->add_host(row);
      }
  }
  parts_->recorder = std::make_unique<UtilizationRecorder>(clusters.size(), config_.trace.sample_interval,
                                                           [parts = parts_.get()](const UtilizationSample& s) {
                                                             if (parts->trace)
                                                               parts->trace->add_sample(s);
                                                           });
}

/** Each cluster's local resource manager and its background load. */
void Simulation::build_local_side()
{
  Parts& p        = *parts_;
  p.step          = std::make_unique<InstantStep>();
  p.daemons       = std::make_unique<DaemonTimers>();
  p.runtime       = make_runtime_model(config_.runtime_model, p.tracker);
  auto model_of   = [this](const Cluster& c) -> const BackgroundModel& { return config_.background.of(c.name); };
  auto locate_log = [this](const TraceReplayConfig& replay) {
    return locate_readable(replay.file, config_.source, replay.file_location);
  };
  p.statistics.processors = p.platform->total_processors();
  build_energy_accounting();
  bool background_ends = true;
  for (const auto& c : p.platform->clusters()) {
    p.managers.push_back(
        std::make_unique<LocalResourceManager>(c, *p.recorder, *p.step, /*track_hosts=*/true, model_of(c).scheduling));
    p.managers.back()->set_shape_policy(config_.job_shape.of(c.name).policy);
    p.managers.back()->set_job_numbers(&p.local_job_numbers);
    p.managers.back()->set_on_local_job_done([&p, this](const LocalJobRecord& job) {
      p.statistics.local_wait.add(job.start_time - job.submit_time);
      if (p.trace && config_.trace.local_jobs)
        p.trace->add_local_job({job.id, job.trace_id, job.cluster, job.size, job.submit_time, job.start_time,
                                job.end_time, job.start_time - job.submit_time, job.estimate});
    });
    if (p.energy)
      p.managers.back()->add_core_observer(&p.energy->observer(c.index));
    p.power.push_back(Registry<PowerManagers>::instance().at(config_.power.manager).factory(config_.power));
    p.managers.back()->set_power_manager(*p.power.back(), p.energy.get());
    if (p.trace || p.energy)
      p.managers.back()->set_on_cores_released([trace = p.trace.get(), energy = p.energy.get(),
                                                manager    = p.managers.back().get(),
                                                local_jobs = config_.trace.local_jobs](const HeldCores& held) {
        if (energy)
          energy->charge(manager->cluster().index, held, manager->core_map());
        if (trace)
          add_allocation_rows(*trace, manager->core_map(), manager->cluster().index, held, local_jobs);
      });
    p.managers.back()->set_on_shares_change([&p, cluster = c.index](int host, double taken, int components,
                                                                    const ShareChange& change) {
      if (p.trace)
        p.trace->add_share({now(), cluster, host, taken, components, change.job_id, change.component, change.share});
    });
    p.background.push_back(make_background_load(model_of(c), *p.managers.back(), config_.seed, locate_log));
    background_ends = background_ends && p.background.back()->finite();
  }
  // Without grid jobs the run is the background's own: it ends when the replay ends, or at stop.max_time.
  // Otherwise background arrivals stop once the grid jobs are done.
  p.background_only = not generator_traits(config_.workload).has_jobs(config_.workload);
  if (p.background_only && not background_ends && not std::isfinite(config_.stop.max_time))
    config_.workload.location("jobs").fail("with no grid jobs and a synthetic background the run never ends; set "
                                           "stop.max_time");
}

/** With power properties on the platform's compute hosts (HostPower.hpp), the energy accounting: on every compute
 *  host of the run, or on none. It ends when the utilization recording does (the run's end). */
void Simulation::build_energy_accounting()
{
  Parts& p = *parts_;
  std::vector<std::vector<HostPower>> power;
  const sg4::Host* with    = nullptr;
  const sg4::Host* without = nullptr;
  for (const auto& c : p.platform->clusters()) {
    power.emplace_back();
    for (const sg4::Host* host : c.compute_hosts) {
      auto read               = read_host_power(*host, p.platform_file);
      (read ? with : without) = host;
      power.back().push_back(read.value_or(HostPower{}));
    }
  }
  if (with == nullptr)
    return;
  if (without != nullptr)
    throw InputError("Invalid power property 'wattage_per_state' in " + p.platform_file + ": host '" +
                     with->get_name() + "' has one and host '" + without->get_name() +
                     "' has none (give every compute host of the run its power, or none)");
  if (p.trace)
    p.trace->open_power_samples(power.size());
  // The power samples are the trace's alone: without a trace, nothing samples the power.
  std::unique_ptr<PowerRecorder> recorder;
  if (p.trace)
    recorder = std::make_unique<PowerRecorder>(
        power.size(), config_.trace.sample_interval,
        [trace = p.trace.get()](double time, const std::vector<double>& w) { trace->add_power_sample(time, w); });
  p.energy = std::make_unique<EnergyAccounting>(
      std::move(power), [] { return now(); }, std::move(recorder));
  std::vector<std::vector<const sg4::Host*>> hosts;
  for (const auto& c : p.platform->clusters())
    hosts.emplace_back(c.compute_hosts.begin(), c.compute_hosts.end());
  p.energy->follow_hosts(hosts);
  p.recorder->set_on_finish([energy = p.energy.get()](double end) { energy->finish(end); });
  if (p.trace)
    p.energy->set_on_grid_charge([trace = p.trace.get()](const HeldCores& held, size_t cluster, double joules) {
      trace->add_job_energy(
          {held.holding.job_id, held.holding.component, held.holding.placement, static_cast<int32_t>(cluster), joules});
    });
}

/** The policy by name, with its parameters (their resolved values join the trace's configuration). */
void Simulation::build_policy()
{
  const PolicyConfig& policy = config_.policy;
  if (not PolicyRegistry::instance().contains(policy.name))
    policy.name_location.fail("no such policy '" + policy.name +
                              "'; valid values are: " + PolicyRegistry::instance().valid_names());
  PolicyParameters parameters(policy.name, policy.parameters);
  PolicyContext context{parts_->platform->names(), config_.seed};
  for (const auto& c : parts_->platform->clusters()) {
    context.host_cores.emplace_back();
    for (const auto* host : c.compute_hosts)
      context.host_cores.back().push_back(host->get_core_count());
  }
  parts_->policy = PolicyRegistry::instance().create(policy.name, parameters, context);
  config_.add_policy_parameters(parameters.resolved());
  check_policy_needs(parts_->policy->needs(), config_);
}

/** The grid jobs: replayed from a log, or drawn. */
void Simulation::build_workload()
{
  std::vector<ClusterInfo> clusters;
  for (const auto& c : parts_->platform->clusters())
    clusters.push_back({c.name, c.processors});
  parts_->workload = make_workload(config_.workload, clusters, config_.seed, [this](const TraceReplayConfig& log) {
    return locate_readable(log.file, config_.source, log.file_location);
  });
}

/** The information service, the file stager, the cluster health and the grid scheduler. */
void Simulation::build_grid_side()
{
  Parts& p = *parts_;
  p.info   = std::make_unique<InformationService>(*p.platform, p.managers, config_.info_service.poll_interval);
  if (config_.info_service.bandwidth_expiry > 0) {
    p.bandwidths = std::make_unique<BandwidthRepository>(*p.platform, config_.info_service.bandwidth_expiry);
    p.info->set_transfer_estimator(p.bandwidths.get());
  }
  // Always there: a state profile in the platform file may fail hosts even when the experiment has no faults.
  p.health = std::make_unique<ClusterHealth>(config_.faults, *p.platform, p.managers, config_.seed);
  p.info->set_health(p.health.get());
  p.stager = std::make_unique<FileStager>(*p.platform, p.tracker);
  if (p.bandwidths)
    p.bandwidths->set_stager(p.stager.get());
  std::vector<std::string> cluster_names;
  for (const auto& cluster : p.platform->clusters())
    cluster_names.push_back(cluster.name);
  p.job_recorder = std::make_unique<JobRecorder>(p.trace.get(), p.statistics, std::move(cluster_names));
  if (p.trace && config_.trace.decisions)
    p.decisions = std::make_unique<TraceDecisionLog>(*p.trace);
  p.scheduler = std::make_unique<GridScheduler>(
      GridScheduler::Parts{*p.platform, p.managers, *p.info, *p.policy, *p.runtime, *p.stager, *p.recorder,
                           *p.job_recorder, *p.step, &p.tracker, p.platform_file, p.decisions.get()},
      config_.overheads.submission, config_.overheads.completion, config_.seed);
  p.scheduler->set_completion_failure_probability(config_.faults.completion_failure);
  p.scheduler->set_run_ends_with_grid(not p.background_only);
  p.scheduler->set_stall_after(config_.stop.stall_after);
  p.scheduler->set_profiles_end(p.profiles_end);
  // With the stall off and no stop time, a poll that finds nothing changed once nothing is left to happen (no pass
  // owed, no timer, nothing in flight, no profile event to come) ends the polls: they would go on to the time horizon
  // while nothing can change any more. With the stall on, its deadline ends such a run (the jobs given up) as before.
  if (config_.stop.stall_after <= 0 && not std::isfinite(config_.stop.max_time))
    p.info->set_polls_may_end([&p] { return not(p.profiles_end > now()) && p.step->would_end(); });
}

/** Background arrivals, faults and grid submissions begin. */
void Simulation::start()
{
  Parts& p       = *parts_;
  auto scheduler = p.scheduler.get();
  for (auto& load : p.background)
    load->start([scheduler, only = p.background_only] { return only || not scheduler->done(); });
  // Random outages and host failures go on while there is work to fail: the grid jobs, or in a run without
  // them the local jobs (arriving, waiting or running).
  p.scheduler->set_health(p.health.get(), [&p, scheduler] {
    if (not p.background_only)
      return not scheduler->done();
    for (size_t c = 0; c < p.managers.size(); ++c)
      if (p.background[c]->arriving() || p.managers[c]->busy_background() > 0 ||
          p.managers[c]->background_waiting() > 0)
        return true;
    return false;
  });
  // The power managers' switches do not keep the run alive: once no job waits and the grid's are all gone (or there
  // are none), the run ends with its last other event (DaemonTimers.hpp).
  p.daemons->set_work_done([&p, scheduler] {
    if (not p.background_only && not scheduler->done())
      return false;
    for (const auto& manager : p.managers)
      if (manager->background_waiting() > 0)
        return false;
    return true;
  });
  p.progress = std::make_unique<ProgressReporter>(options_.progress, config_.workload.jobs);
  p.scheduler->set_on_job_done([progress = p.progress.get()] { progress->job_done(); });
  p.scheduler->start(*p.workload);
}

/** To the end, or to stop.max_time. */
void Simulation::run_engine()
{
  Parts& p        = *parts_;
  double max_time = config_.stop.max_time;
  allow_polls_to_wait();
  if (std::isfinite(max_time)) {
    p.engine->run_until(max_time);
    // SimGrid must not meet running actions when it is torn down.
    p.tracker.cancel_all_and_settle();
  } else {
    p.engine->run();
  }
  double stop_time = std::isfinite(max_time) ? std::min(max_time, now()) : now();
  p.scheduler->stop_at(stop_time);
  for (const auto& manager : p.managers) // the local and dummy jobs still running
    manager->stop(stop_time);
  if (p.background_only) {
    p.statistics.end_time = stop_time;
    p.recorder->finish(stop_time);
  }
  p.progress->finish();
}

/** The information service's polls need no stop of SimGrid's while nothing but coalsim's timers can happen and the
 *  pass a poll asks for would decide nothing (TimerQueue::set_deferral): no SimGrid profile, no stop at max_time
 *  (SimGrid would stop before the polls due by then), no activity in flight, no actor, no daemon timer (a power
 *  switch: dropping them may end the run at any event), and the grid scheduler idle. Most of a run's polls find no
 *  grid job waiting: each stop they cost SimGrid is a round of its models. */
void Simulation::allow_polls_to_wait()
{
  Parts& p = *parts_;
  if (p.simgrid_plays_profiles || std::isfinite(config_.stop.max_time))
    return;
  TimerQueue::instance().set_deferral([&p] {
    if (p.tracker.in_flight() || p.daemons->pending() > 0 || p.engine->get_actor_count() > 0)
      return false;
    try {
      return p.scheduler->idle();
    } catch (const std::exception&) { // the policy's answer: its next pass reports the error
      return false;
    }
  });
  TimerQueue::instance().rearm();
}

void Simulation::collect_statistics()
{
  Parts& p             = *parts_;
  RunStatistics& stats = p.statistics;
  const auto& clusters = p.platform->clusters();
  for (size_t c = 0; c < clusters.size(); ++c) {
    stats.grid_area += p.recorder->grid_area(c);
    stats.background_area += p.recorder->background_area(c);
  }
  for (size_t c = 0; c < p.background.size(); ++c)
    if (auto at = p.background[c]->voided_at(); at && (not stats.void_time || *at < *stats.void_time)) {
      stats.void_time    = *at;
      stats.void_cluster = clusters[c].name;
    }
  for (const auto& load : p.background) {
    stats.background_jobs += load->submitted();
    stats.background_too_large += load->too_large();
  }
  stats.grid_too_large = p.workload->too_large();
  if (p.energy) {
    p.energy->finish(stats.end_time); // (done already when the recording ended)
    RunStatistics::Energy energy;
    for (size_t c = 0; c < clusters.size(); ++c) {
      energy.joules += p.energy->cluster(c).joules;
      energy.grid_joules += p.energy->cluster(c).grid_joules;
      energy.local_joules += p.energy->cluster(c).local_joules;
    }
    energy.mean_watts = stats.end_time > 0 ? energy.joules / stats.end_time : 0;
    if (simgrid::config::get_value<std::string>("plugin") == "host_energy") { // for a check: the plugin's own sum
      energy.plugin_joules = 0;
      for (const auto& c : clusters)
        for (const sg4::Host* host : c.compute_hosts)
          energy.plugin_joules += sg_host_get_consumed_energy(host);
    }
    stats.energy = energy;
  }
}

/** The run's attributes, then the trace moves into place. */
void Simulation::write_trace_attributes()
{
  Parts& p = *parts_;
  if (not p.trace)
    return;
  TraceWriter& trace = *p.trace;
  trace.set_attribute("simulator", std::string("coalsim"));
  trace.set_attribute("simulator_version", std::string(COALSIM_VERSION));
  trace.set_attribute("experiment", config_.name);
  trace.set_attribute("policy", config_.policy.name);
  trace.set_attribute("seed", static_cast<int64_t>(config_.seed));
  trace.set_attribute("platform", config_.platform);
  std::string names;
  for (const auto& n : p.platform->names())
    names += (names.empty() ? "" : ",") + n;
  trace.set_attribute("clusters", names);
  trace.set_attribute("runtime_model", std::string(p.runtime->name()));
  trace.set_attribute("end_time", p.statistics.end_time);
  trace.set_attribute("config", config_.resolved_yaml);
  if (p.statistics.economy.jobs > 0) {
    const auto& e = p.statistics.economy;
    trace.set_attribute("economy_jobs", static_cast<int64_t>(e.jobs));
    trace.set_attribute("economy_accepted", static_cast<int64_t>(e.accepted));
    trace.set_attribute("economy_met", static_cast<int64_t>(e.met));
    trace.set_attribute("economy_revenue", e.revenue);
  }
  if (p.energy) {
    for (size_t c = 0; c < p.platform->clusters().size(); ++c) {
      const ClusterEnergy& e = p.energy->cluster(c);
      trace.add_cluster_energy({static_cast<int32_t>(c), e.joules, e.grid_joules, e.local_joules, e.idle_joules(),
                                e.off_joules, e.boot_joules, e.boots,
                                p.statistics.end_time > 0 ? e.joules / p.statistics.end_time : 0});
    }
    trace.set_attribute("energy_joules", p.statistics.energy->joules);
    trace.set_attribute("energy_mean_watts", p.statistics.energy->mean_watts);
    if (not std::isnan(p.statistics.energy->plugin_joules))
      trace.set_attribute("energy_plugin_joules", p.statistics.energy->plugin_joules);
  }
  if (p.statistics.void_time) {
    trace.set_attribute("void_time", *p.statistics.void_time);
    trace.set_attribute("void_cluster", p.statistics.void_cluster);
  }
  trace.commit();
}

} // namespace coalsim
