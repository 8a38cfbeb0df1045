#include "sim/engine/FaultConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include "sim/config/TimeHorizon.hpp"

#include <sstream>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_fault_config, coalsim_engine, "FaultConfig");

namespace coalsim {

namespace {

/** The keys a cluster's entry takes (and `faults` itself, as the default of every cluster). */
const KeyList& cluster_fault_keys()
{
  static const KeyList keys = {"component_failure", "outages", "mtbf", "mttr", "host_mtbf", "host_mttr"};
  return keys;
}

Outages read_outages(ConfigNode& list, const std::string& what)
{
  Outages outages;
  for (const auto& text : list.as_strings()) {
    // "<start>+<duration>" in seconds
    auto plus    = text.find('+');
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
      node.child("periodicity")
          .fail("must be longer than the profile's events span (leave it out for a profile "
                "played once)");
  }
  return p;
}

/** A host's outages: a list like the clusters' outages, or a state profile. */
HostOutages read_host_outages(ConfigNode& node)
{
  HostOutages h;
  h.location = node.location();
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
  if (node.has(prefix + "mtbf")) {
    mtbf = node.get(prefix + "mtbf", 0.0, 0.0);
    if (mtbf > 0 && mtbf < finest_interval) // failures with no time up between them
      node.child(prefix + "mtbf")
          .fail("must be 0 (none) or at least 0.001 s (got '" + node.child(prefix + "mtbf").as_string() + "')");
  }
  if (node.has(prefix + "mttr"))
    mttr = node.get(prefix + "mttr", 0.0, 0.0);
  if ((mtbf > 0) != (mttr > 0))
    node.fail(what + " need both " + prefix + "mtbf and " + prefix + "mttr");
}

ClusterFaults read_cluster_faults(ConfigNode& node, const ClusterFaults& base, KeyLocation& component_failure_location)
{
  ClusterFaults f = base;
  if (node.has("component_failure")) {
    f.component_failure = node.child("component_failure").as_number(0);
    if (f.component_failure > 1)
      node.child("component_failure").fail("a probability must be at most 1");
    if (f.component_failure > 0 && not component_failure_location.given())
      component_failure_location = node.child("component_failure").location();
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

} // namespace

const KeyList& fault_keys()
{
  static const KeyList keys = [] {
    KeyList all = cluster_fault_keys();
    all.insert(all.end(), {"unusable_after", "completion_failure", "clusters", "hosts"});
    return all;
  }();
  return keys;
}

FaultConfig read_faults(ConfigNode faults)
{
  FaultConfig f;
  faults.allow_only(fault_keys());
  f.unusable_after     = faults.get("unusable_after", 0, 0);
  f.completion_failure = faults.get("completion_failure", 0.0, 0.0);
  if (f.completion_failure >= 1)
    faults.child("completion_failure").fail("must be below 1 (every run would fail forever)");
  f.defaults = read_cluster_faults(faults, f.defaults, f.component_failure_location);
  for (const char* rate : {"component_failure", "mtbf", "mttr", "host_mtbf", "host_mttr"})
    faults.get(rate, 0.0, 0.0); // read above; this writes the default into the resolved configuration
  f.read_clusters(faults, cluster_fault_keys(), [&f](ConfigNode& node) {
    return read_cluster_faults(node, f.defaults, f.component_failure_location);
  });
  if (auto hosts = faults.find("hosts"))
    for (auto& [name, node] : hosts->entries())
      f.hosts[name] = read_host_outages(node);
  // A component that fails on every cluster, none of which is ever given up, makes every job fail for ever: the
  // run would go on, with its background load, until the simulated-time horizon.
  bool fails_everywhere = f.unusable_after == 0 && f.defaults.component_failure >= 1;
  for (const auto& [_, cluster] : f.per_cluster)
    fails_everywhere = fails_everywhere && cluster.component_failure >= 1;
  if (fails_everywhere)
    faults.child("component_failure")
        .fail("is 1 on every cluster and unusable_after is 0 (no cluster is ever given up): every job would fail "
              "for ever");
  return f;
}

} // namespace coalsim
