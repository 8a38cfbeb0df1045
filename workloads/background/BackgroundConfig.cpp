#include "workloads/background/BackgroundConfig.hpp"

#include "sim/api/LocalDisciplines.hpp"
#include "sim/config/ConfigNode.hpp"
#include "sim/config/TimeHorizon.hpp"
#include "workloads/background/BackgroundModels.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_background_config, coalsim_background, "BackgroundConfig");

namespace coalsim {

namespace {

/** The keys of one background model: of `background`, of a cluster's entry and of a band's `others`: `model`,
 *  `scheduler` and every key a registered model reads (its parameters). */
const KeyList& model_keys()
{
  static const KeyList keys = [] {
    KeyList all = {"model", "scheduler"};
    for (const auto& [name, entry] : Registry<BackgroundModels>::instance().entries())
      for (const auto& parameter : entry.parameters) {
        bool listed = false;
        for (const auto& key : all)
          listed = listed || key.name == parameter.name;
        if (listed)
          continue;
        if (parameter.name == "trace")
          all.emplace_back("trace", trace_replay_keys());
        else
          all.emplace_back(parameter.name);
      }
    return all;
  }();
  return keys;
}

BackgroundModel read_background_model(ConfigNode& node, const BackgroundModel& base, bool write_defaults);

/** `model` and `scheduler`: written back with their defaults in `background`, inherited in a cluster's entry. */
void read_kind(ConfigNode& node, const BackgroundModel& base, bool write_defaults, BackgroundModel& m)
{
  if (node.has("model") || write_defaults)
    m.model = node.get_choice("model", base.model, Registry<BackgroundModels>::instance().names());
  if (node.has("scheduler") || write_defaults) {
    m.scheduling = node.get_choice("scheduler", base.scheduling, Registry<LocalDisciplines>::instance().names());
  }
}

/** `band`, `band_interval`, `band_void_after`: the band's range and checks. */
void read_band(ConfigNode& node, BackgroundModel& m)
{
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
}

/** `utilization` or `interarrival`, `size`, `runtime`: the synthetic jobs' keys. */
void read_synthetic_jobs(ConfigNode& node, BackgroundModel& m)
{
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
    if (m.interarrival->mean() < finest_interval) // arrivals at one date for ever
      node.child("interarrival").fail("must have a mean of at least 0.001 s (" + m.interarrival->describe() + ")");
    m.utilization = NAN;
  }
  if (node.has("size"))
    m.size = node.child("size").as_distribution(1);
  if (node.has("runtime"))
    m.runtime = node.child("runtime").as_distribution(0);
  // The utilization sets the arrival rate from the work per job: jobs of no length would arrive at one date for
  // ever.
  if (m.utilization > 0 && m.runtime.mean() < finest_interval) {
    const std::string what =
        "a utilization needs run times with a mean of at least 0.001 s (" + m.runtime.describe() + ")";
    if (node.has("runtime"))
      node.child("runtime").fail(what);
    node.fail(what);
  }
}

/** `trace` and `fitted_runtime`: the log a model reads (a replay's or a fitted model's). */
void read_log(ConfigNode& node, BackgroundModel& m)
{
  bool from_trace = background_model_reads(m.model, "trace");
  if (auto trace = node.find("trace")) {
    if (not from_trace)
      trace->fail("a trace is " + background_key_readers("trace"));
    trace->allow_only(trace_replay_keys());
    m.replay = read_trace_replay(*trace);
  } else if (from_trace && m.replay.file.empty()) {
    node.fail("this background model needs a 'trace' section with the log's 'file'");
  }
  if (node.has("fitted_runtime")) {
    if (not background_model_reads(m.model, "fitted_runtime"))
      node.child("fitted_runtime").fail(background_key_readers("fitted_runtime"));
    m.fitted_runtime = node.get_choice("fitted_runtime", "empirical", {"empirical", "lognormal"}) == "lognormal"
                           ? BackgroundModel::FittedRuntime::lognormal
                           : BackgroundModel::FittedRuntime::empirical;
  }
}

/** `others`: the other users of a model that has them, a model of their own. */
void read_others(ConfigNode& node, BackgroundModel& m)
{
  auto others = node.find("others");
  if (not others) // read whatever the model, so that an unknown key in it is named first (then refused if unread)
    return;
  others->allow_only(model_keys());
  m.band_others = std::make_shared<const BackgroundModel>(read_background_model(*others, BackgroundModel{}, false));
}

/** The synthetic jobs' keys: a model that draws no jobs ignores them, so that `--set background.model=none` (or
 *  a cluster's `model: replay`) turns a file's synthetic background off without removing its keys. */
bool is_synthetic_jobs_key(const std::string& key)
{
  return key == "utilization" || key == "interarrival" || key == "size" || key == "runtime";
}

/** One model: `background` itself (`write_defaults`), a cluster's entry over it, or a band's `others`. The
 *  shared keys are read whatever the model; the model checks what it read, then a key it does not read is
 *  refused (but for the synthetic jobs' keys). */
BackgroundModel read_background_model(ConfigNode& node, const BackgroundModel& base, bool write_defaults)
{
  BackgroundModel m = base;
  read_kind(node, base, write_defaults, m);
  read_band(node, m);
  read_synthetic_jobs(node, m);
  read_log(node, m);
  read_others(node, m);
  const auto& model = Registry<BackgroundModels>::instance().at(m.model);
  if (model.traits.check)
    model.traits.check(node, m);
  for (const auto& key : model_keys())
    if (key.name != "model" && key.name != "scheduler" && not is_synthetic_jobs_key(key.name) && node.has(key.name) &&
        not background_model_reads(m.model, key.name))
      node.child(key.name).fail(background_key_readers(key.name));
  return m;
}

} // namespace

const KeyList& background_keys()
{
  // `others` and a cluster's entry take a model's keys again: listed once, here.
  static const KeyList keys = [] {
    KeyList all = model_keys();
    all.emplace_back("clusters");
    return all;
  }();
  return keys;
}

BackgroundConfig read_background(ConfigNode background)
{
  BackgroundConfig b;
  background.allow_only(background_keys());
  b.defaults = read_background_model(background, b.defaults, true);
  b.read_clusters(background, model_keys(),
                  [&b](ConfigNode& node) { return read_background_model(node, b.defaults, false); });
  return b;
}

} // namespace coalsim
