#include "workloads/background/BackgroundConfig.hpp"

#include "sim/api/LocalDisciplines.hpp"
#include "sim/config/ConfigNode.hpp"
#include "sim/engine/TimeHorizon.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_background_config, coalsim_background, "BackgroundConfig");

namespace coalsim {

namespace {

/** The keys of one background model: of `background`, of a cluster's entry and of a band's `others`. */
const KeyList& model_keys()
{
  static const KeyList keys = {"model",
                               "scheduler",
                               "utilization",
                               "interarrival",
                               "size",
                               "runtime",
                               {"trace", trace_replay_keys()},
                               "fitted_runtime",
                               "band",
                               "band_interval",
                               "band_void_after",
                               "others"};
  return keys;
}

BackgroundModel read_background_model(ConfigNode& node, const BackgroundModel& base, bool write_defaults);

/** `model` and `scheduler`: written back with their defaults in `background`, inherited in a cluster's entry. */
void read_kind(ConfigNode& node, const BackgroundModel& base, bool write_defaults, BackgroundModel& m)
{
  if (node.has("model") || write_defaults) {
    const std::map<std::string, BackgroundModel::Kind> kinds = {{"none", BackgroundModel::Kind::none},
                                                                {"synthetic", BackgroundModel::Kind::synthetic},
                                                                {"replay", BackgroundModel::Kind::replay},
                                                                {"fitted", BackgroundModel::Kind::fitted},
                                                                {"band", BackgroundModel::Kind::band}};
    std::string written                                      = "none";
    for (const auto& [name, kind] : kinds)
      if (kind == base.kind)
        written = name;
    m.kind = kinds.at(node.get_choice("model", written, {"none", "synthetic", "replay", "fitted", "band"}));
  }
  if (node.has("scheduler") || write_defaults) {
    m.scheduling = node.get_choice("scheduler", base.scheduling, Registry<LocalDisciplines>::instance().names());
  }
}

/** `band`, `band_interval`, `band_void_after`: the band model's own keys. */
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

/** `trace` and `fitted_runtime`: the log a replay plays or a fitted model is fitted to. */
void read_log(ConfigNode& node, BackgroundModel& m)
{
  bool from_trace = m.kind == BackgroundModel::Kind::replay || m.kind == BackgroundModel::Kind::fitted;
  if (auto trace = node.find("trace")) {
    if (not from_trace)
      trace->fail("a trace is only read with 'model: replay' or 'model: fitted'");
    trace->allow_only(trace_replay_keys());
    m.replay = read_trace_replay(*trace);
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
}

/** `others`: a band's other users, a model of their own. */
void read_others(ConfigNode& node, BackgroundModel& m)
{
  auto others = node.find("others");
  if (not others)
    return;
  if (m.kind == BackgroundModel::Kind::band)
    for (const char* own : {"utilization", "interarrival", "size", "runtime"})
      if (node.has(own))
        node.child(own).fail("the other users are given by 'others'; move this key there");
  others->allow_only(model_keys());
  BackgroundModel inner = read_background_model(*others, BackgroundModel{}, false);
  if (inner.kind == BackgroundModel::Kind::band)
    others->child("model").fail("the other users cannot be a band themselves");
  m.band_others = std::make_shared<const BackgroundModel>(std::move(inner));
}

/** One model: `background` itself (`write_defaults`), a cluster's entry over it, or a band's `others`. */
BackgroundModel read_background_model(ConfigNode& node, const BackgroundModel& base, bool write_defaults)
{
  BackgroundModel m = base;
  read_kind(node, base, write_defaults, m);
  read_band(node, m);
  read_synthetic_jobs(node, m);
  read_log(node, m);
  read_others(node, m);
  for (const char* band_key : {"band", "band_interval", "band_void_after", "others"})
    if (node.has(band_key) && m.kind != BackgroundModel::Kind::band)
      node.child(band_key).fail("only read with 'model: band'");
  if (m.kind == BackgroundModel::Kind::synthetic && std::isnan(m.utilization) && not m.interarrival)
    node.fail("a synthetic background needs utilization or interarrival");
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
  if (auto clusters = background.find("clusters"))
    for (auto& [name, node] : clusters->entries()) {
      node.allow_only(model_keys());
      b.per_cluster[name]       = read_background_model(node, b.defaults, false);
      b.cluster_locations[name] = node.location();
    }
  return b;
}

} // namespace coalsim
