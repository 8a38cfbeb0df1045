#include "sim/platform/PlatformCheck.hpp"

#include "sim/config/InputError.hpp"
#include "sim/config/TimeHorizon.hpp"
#include "sim/platform/PlatformXml.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <strings.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_platform_check, coalsim_platform, "PlatformCheck");

namespace coalsim {

namespace fs = std::filesystem;

namespace {

using Elements = std::vector<PlatformElement>;

/** The leading number of a SimGrid quantity ("1Gf", "100MBps", "-5ms") and the unit after it; nullopt when there
 *  is no number (SimGrid reports those itself, with their line). */
std::optional<std::pair<double, std::string>> leading_number(const std::string& value)
{
  const char* start = value.c_str();
  char* end         = nullptr;
  double number     = std::strtod(start, &end);
  if (end == start)
    return std::nullopt;
  return std::make_pair(number, std::string(end));
}

/** Seconds per unit of SimGrid's time suffixes (xbt_parse_get_time); nullopt for a suffix it refuses itself. */
std::optional<double> time_unit(const std::string& unit)
{
  static const std::map<std::string, double> units = {{"", 1},      {"s", 1},      {"ms", 1e-3}, {"us", 1e-6},
                                                      {"ns", 1e-9}, {"ps", 1e-12}, {"m", 60},    {"h", 3600},
                                                      {"d", 86400}, {"w", 604800}};
  auto it                                          = units.find(unit);
  return it == units.end() ? std::nullopt : std::optional<double>(it->second);
}

bool is_profile_attribute(const std::string& element, const std::string& attribute)
{
  return (attribute.size() > 5 && attribute.compare(attribute.size() - 5, 5, "_file") == 0) ||
         (element == "trace" && attribute == "file");
}

bool is_zone(const PlatformElement& e)
{
  return e.name == "zone" || e.name == "cluster" || e.name == "AS";
}

bool is_route(const PlatformElement& e)
{
  return e.name == "route" || e.name == "zoneRoute" || e.name == "ASroute";
}

bool symmetrical(const PlatformElement& e)
{
  return strcasecmp(e.attribute("symmetrical").c_str(), "NO") != 0;
}

using Fail = std::function<void(const std::string&, const std::string&)>;

/** Why a rate or latency written without a unit is refused, with the value written with units as the hint:
 *  SimGrid reads a bare number in its base unit (bytes per second, flop/s, seconds), so `bandwidth="12.5"` meant as
 *  12.5MBps is a link a million times slower, and a run that crawls to the simulated-time horizon. 0 needs no unit. */
std::string without_unit(const std::string& attribute, const std::string& number, bool rate)
{
  const bool speed         = attribute == "speed";
  const std::string base   = speed ? "f" : rate ? "Bps" : "s";
  const std::string scaled = speed ? "Gf" : rate ? "MBps" : "ms";
  const std::string reads  = speed ? "flop/s" : rate ? "bytes per second" : "seconds";
  return "the " + attribute + " \"" + number + "\" has no unit, and SimGrid would read it as " + number + " " + reads +
         "; write the unit: " + attribute + "=\"" + number + base + "\" for that, or the unit meant, e.g. " +
         attribute + "=\"" + number + scaled + "\"";
}

/** `attribute="value"`, for a message. */
std::string quoted(const std::string& attribute, const std::string& value)
{
  return attribute + "=\"" + value + "\"";
}

/** The numbers SimGrid 3.32 takes without a word but cannot run with: a core count below 1 (it aborts), a speed
 *  or bandwidth not above 0 or not finite, a latency that is negative, not finite or past the horizon (transfers and
 *  computations that never end, or end before they start). */
void check_quantities(const PlatformElement& e, const Fail& fail)
{
  for (const auto& [attribute, value] : e.attributes) {
    bool core = attribute == "core";
    bool rate = attribute == "speed" || attribute == "bandwidth" || attribute == "limiter_link" ||
                attribute.rfind("bw", 0) == 0 || attribute.find("_bw") != std::string::npos;
    bool latency =
        attribute == "latency" || attribute.rfind("lat", 0) == 0 || attribute.find("_lat") != std::string::npos;
    if ((not core && not rate && not latency) || is_profile_attribute(e.name, attribute))
      continue;
    // Speeds of several pstates, bandwidths of wifi links: comma-separated. Split without a stream: a platform of
    // 1,000 clusters has tens of thousands of these, and a stringstream each was a tenth of its check.
    size_t begin = 0;
    for (int index = 0; begin < value.size(); ++index) {
      size_t comma = std::min(value.find(',', begin), value.size());
      std::string part(value, begin, comma - begin);
      begin       = comma + 1;
      auto number = leading_number(part);
      if (not number)
        continue;
      double x = number->first;
      if (core && not(x >= 1))
        fail(e.attribute("id"), "a host needs at least one core (" + quoted(attribute, value) + ")");
      // A host runs at its first pstate: the others may be 0 (the off, boot and shutdown states of energy_boot.xml).
      bool first_pstate = not(e.name == "host" || e.name == "cluster") || attribute != "speed" || index == 0;
      if (rate && first_pstate && not(x > 0))
        fail(e.attribute("id"), "the " + attribute + " must be above 0 (" + quoted(attribute, value) + ")");
      if (rate && not(x >= 0))
        fail(e.attribute("id"), "the " + attribute + " must not be negative (" + quoted(attribute, value) + ")");
      if (rate && not std::isfinite(x))
        fail(e.attribute("id"), "the " + attribute + " must be finite (" + quoted(attribute, value) + ")");
      if (latency && not(x >= 0))
        fail(e.attribute("id"), "the " + attribute + " must not be negative (" + quoted(attribute, value) + ")");
      if ((rate || latency) && number->second.empty() && x != 0 && std::isfinite(x))
        fail(e.attribute("id"), without_unit(attribute, part, rate));
      if (latency) {
        auto unit = time_unit(number->second);
        if (unit && not(x * *unit <= time_horizon))
          fail(e.attribute("id"), "the " + attribute + " of " + describe_seconds(x * *unit) +
                                      " lies beyond the simulated-time horizon of " + describe_seconds(time_horizon) +
                                      ": no transfer over it would ever end (" + quoted(attribute, value) + ")");
      }
    }
  }
}

/** True when the element or one inside it is a host (or a cluster of hosts). */
std::vector<bool> holds_hosts(const Elements& elements)
{
  std::vector<bool> holds(elements.size(), false);
  for (size_t i = 0; i < elements.size(); ++i)
    if (elements[i].name == "host" || elements[i].name == "cluster" || elements[i].name == "cabinet")
      for (int at = static_cast<int>(i); at >= 0 && not holds[at]; at = elements[at].parent)
        holds[at] = true;
  return holds;
}

/** In a zone with Full routing, SimGrid 3.32 crashes (a segmentation fault, no message) on a route between two
 *  of its sub-zones that has no <zoneRoute>: every pair of sub-zones holding hosts needs one. */
void check_full_zone_routes(const Elements& elements, const std::string& path)
{
  auto holds = holds_hosts(elements);
  for (size_t z = 0; z < elements.size(); ++z) {
    const PlatformElement& zone = elements[z];
    if (zone.name != "zone" || strcasecmp(zone.attribute("routing").c_str(), "Full") != 0)
      continue;
    std::vector<const PlatformElement*> children;
    std::set<std::pair<std::string, std::string>> routes;
    for (size_t i = z + 1; i < elements.size(); ++i) {
      const PlatformElement& e = elements[i];
      if (e.parent != static_cast<int>(z))
        continue;
      if (is_zone(e) && holds[i])
        children.push_back(&e);
      if (e.name == "zoneRoute" || e.name == "ASroute" || e.name == "bypassZoneRoute") {
        routes.insert({e.attribute("src"), e.attribute("dst")});
        if (symmetrical(e))
          routes.insert({e.attribute("dst"), e.attribute("src")});
      }
    }
    for (size_t a = 0; a < children.size(); ++a)
      for (size_t b = 0; b < children.size(); ++b) {
        const std::string& from = children[a]->attribute("id");
        const std::string& to   = children[b]->attribute("id");
        if (a != b && not routes.count({from, to}))
          throw_input_error("platform element <zone>", zone.attribute("id"), path, zone.line,
                            "no <zoneRoute> from '" + from + "' to '" + to +
                                "': in a zone with Full routing every pair of sub-zones holding hosts needs one "
                                "(SimGrid 3.32 has no route between them: it crashes or fails on the first transfer)");
      }
  }
}

/** The structure SimGrid 3.32 aborts or segfaults on: root, zones, routing models, removed elements. */
void check_structure(const Elements& elements, const std::string& path)
{
  if (elements.empty() || elements.front().name != "platform")
    throw_input_error("platform", path, path, elements.empty() ? 1 : elements.front().line,
                      "not a SimGrid platform XML file (no <platform> element" +
                          (elements.empty() ? std::string(")") : ", the root is <" + elements.front().name + ">)"));
  std::vector<const PlatformElement*> top_zones;
  for (const auto& e : elements)
    if (e.parent == 0 && is_zone(e))
      top_zones.push_back(&e);
  if (top_zones.empty())
    throw_input_error("platform", path, path, elements.front().line,
                      "the <platform> holds no <zone> nor <cluster> (SimGrid 3.32 crashes on it): put the hosts "
                      "in a <zone id=\"...\" routing=\"Full\">");
  if (top_zones.size() > 1)
    throw_input_error(
        "platform element <" + top_zones[1]->name + ">", top_zones[1]->attribute("id"), path, top_zones[1]->line,
        "a second zone at the top of the <platform>, beside '" + top_zones[0]->attribute("id") + "' (line " +
            std::to_string(top_zones[0]->line) + "): SimGrid 3.32 takes one root zone; put both inside it");
  static const std::vector<std::string> routings = {"Full", "Floyd",   "Dijkstra", "DijkstraCache",
                                                    "None", "Cluster", "Vivaldi",  "Wifi"};
  for (const auto& e : elements) {
    if ((e.name == "zone" || e.name == "AS") && e.has("routing")) {
      const std::string& routing = e.attribute("routing");
      if (std::none_of(routings.begin(), routings.end(),
                       [&](const std::string& r) { return strcasecmp(r.c_str(), routing.c_str()) == 0; }))
        throw_input_error("platform element <" + e.name + ">", e.attribute("id"), path, e.line,
                          "unknown routing '" + routing +
                              "' (SimGrid 3.32 aborts on it; valid values are: Full, Floyd, Dijkstra, "
                              "DijkstraCache, None, Cluster, Vivaldi, Wifi)");
    }
    if (e.name == "zone" && strcasecmp(e.attribute("routing").c_str(), "Wifi") == 0 &&
        std::any_of(elements.begin(), elements.end(), [&](const PlatformElement& h) {
          return h.name == "host" && h.parent >= 0 && &elements[h.parent] == &e;
        }))
      throw_input_error("platform element <zone>", e.attribute("id"), path, e.line,
                        "a Wifi zone holding hosts: SimGrid 3.32 needs the program to choose each station's rate "
                        "(Link::set_host_rate) and aborts on the first transfer otherwise; coalsim models no wifi");
    if (e.name == "storage" || e.name == "storage_type" || e.name == "mount" || e.name == "include")
      throw_input_error("platform element <" + e.name + ">", e.attribute("id"), path, e.line,
                        "SimGrid 3.32 no longer knows <" + e.name + "> (it aborts on it): remove it");
  }
}

/** Names SimGrid keeps in one namespace each and aborts on when declared twice: links; hosts and routers (the
 *  nodes of its routing); zones. */
void check_unique_ids(const Elements& elements, const std::string& path)
{
  std::map<std::string, const PlatformElement*> links, nodes, zones;
  auto claim = [&path](std::map<std::string, const PlatformElement*>& seen, const PlatformElement& e,
                       const std::string& what) {
    const std::string& id = e.attribute("id");
    auto [it, fresh]      = seen.emplace(id, &e);
    if (not fresh)
      throw_input_error("platform element <" + e.name + ">", id, path, e.line,
                        what + " '" + id + "' is already declared at line " + std::to_string(it->second->line) +
                            " (SimGrid 3.32 aborts on it)");
  };
  for (const auto& e : elements) {
    if (not e.has("id"))
      continue;
    if (e.name == "link")
      claim(links, e, "a link");
    else if (e.name == "host" || e.name == "router")
      claim(nodes, e, "a host or router");
    else if (is_zone(e))
      claim(zones, e, "a zone");
  }
}

/** Two routes between the same pair in one zone (a symmetrical route counts both ways): SimGrid 3.32 aborts
 *  ("The route between ... already exists"). */
void check_unique_routes(const Elements& elements, const std::string& path)
{
  std::map<std::tuple<int, std::string, std::string, bool>, const PlatformElement*> seen; // zone, src, dst, bypass
  for (const auto& e : elements) {
    bool bypass = e.name.rfind("bypass", 0) == 0;
    if (not is_route(e) && not bypass)
      continue;
    auto add = [&](const std::string& src, const std::string& dst) {
      auto [it, fresh] = seen.emplace(std::make_tuple(e.parent, src, dst, bypass), &e);
      if (not fresh)
        throw_input_error(
            "platform element <" + e.name + ">", e.attribute("src") + " -> " + e.attribute("dst"), path, e.line,
            "a route from '" + src + "' to '" + dst + "' is already given at line " + std::to_string(it->second->line) +
                (it->second->attribute("src") != src ? " (routes are symmetrical unless symmetrical=\"NO\")" : "") +
                "; SimGrid 3.32 aborts on a second one");
    };
    add(e.attribute("src"), e.attribute("dst"));
    if (symmetrical(e) && e.attribute("src") != e.attribute("dst"))
      add(e.attribute("dst"), e.attribute("src"));
  }
}

/** Refuses the element's profile files SimGrid cannot open; adds those it names to `found`, as SimGrid finds them. */
void check_profiles(const PlatformElement& e, const std::set<std::string>& links, const fs::path& folder,
                    const Fail& fail, std::vector<std::string>& found)
{
  for (const auto& [attribute, value] : e.attributes) {
    if (not is_profile_attribute(e.name, attribute))
      continue;
    if (e.name == "link" && attribute == "state_file")
      fail(e.attribute("id"), "links cannot fail in coalsim (only hosts and clusters do): remove its state_file");
    // SimGrid opens it relative to the current folder or to the platform's folder, absolute paths included.
    const fs::path file(value);
    std::error_code error;
    if (file.is_absolute())
      fail(value, "SimGrid 3.32 finds the " + attribute +
                      " only relative to the current folder or to the platform's folder, not as an absolute path");
    if (fs::is_regular_file(file, error))
      found.push_back(value);
    else if (fs::is_regular_file(folder / file, error))
      found.push_back((folder / file).string());
    else
      fail(value,
           "the " + attribute + " is not found in the current folder nor in the platform's folder " + folder.string());
  }
  if (e.name == "trace_connect" && links.count(e.attribute("element")))
    fail(e.attribute("element"),
         "SimGrid 3.32 cannot connect a trace to a link (it aborts: the link is sealed); for its bandwidth or "
         "latency, use the link's bandwidth_file or latency_file attribute; links cannot fail in coalsim");
}

/** The last event date of a <trace>: its file's (`file_last_event`, found already) or its text's, infinity when it
 *  repeats (a periodicity above 0, or one SimGrid refuses). */
double trace_last_event(const PlatformElement& e, double file_last_event)
{
  double periodicity = -1;
  if (e.has("periodicity")) {
    auto number = leading_number(e.attribute("periodicity"));
    if (not number || not(number->first <= 0))
      return INFINITY;
    periodicity = number->first;
  }
  return e.attribute("file").empty() ? profile_last_event(e.text, periodicity) : file_last_event;
}

} // namespace

double profile_last_event(std::string_view text, double periodicity)
{
  if (periodicity > 0)
    return INFINITY;
  static const std::set<std::string, std::less<>> distributions = {"NORM", "NORMAL",      "GAUSS", "GAUSSIAN",
                                                                   "EXP",  "EXPONENTIAL", "UNIF",  "UNIFORM"};
  // A number as SimGrid's std::stod reads it (its leading part); nullopt when there is none.
  auto number = [](const std::string& token) -> std::optional<double> {
    auto read = leading_number(token);
    return read ? std::optional<double>(read->first) : std::nullopt;
  };
  double last = -INFINITY;
  size_t at   = 0;
  while (at <= text.size()) {
    size_t end = text.find_first_of("\n\r", at);
    if (end == std::string_view::npos)
      end = text.size();
    std::istringstream line{std::string(text.substr(at, end - at))};
    at = end + 1;
    std::vector<std::string> tokens{std::istream_iterator<std::string>(line), std::istream_iterator<std::string>()};
    if (tokens.empty() || tokens[0][0] == '#' || tokens[0][0] == '%')
      continue;
    const std::string& first = tokens[0];
    // PERIODICITY/LOOPAFTER: it repeats; STOCHASTIC (LOOP) or a distribution: dates drawn; anything else not a
    // number: SimGrid refuses the line.
    if (first.rfind("PERIODICITY", 0) == 0 || first.rfind("LOOPAFTER", 0) == 0 || first.rfind("STOCHASTIC", 0) == 0 ||
        distributions.count(first))
      return INFINITY;
    size_t value_at = first == "DET" ? 2 : 1;
    if (tokens.size() <= value_at || distributions.count(tokens[value_at]))
      return INFINITY;
    auto date = number(tokens[value_at - 1]);
    auto value =
        number(tokens[value_at] == "DET" && tokens.size() > value_at + 1 ? tokens[value_at + 1] : tokens[value_at]);
    // SimGrid asserts dates are not negative and do not decrease.
    if (not date || not value || not(*date >= 0) || not std::isfinite(*date) || *date < last)
      return INFINITY;
    last = *date;
  }
  return last;
}

double profile_file_last_event(const std::string& file)
{
  std::error_code error;
  if (not fs::is_regular_file(file, error))
    return INFINITY;
  std::ifstream in(file);
  if (not in)
    return INFINITY;
  std::stringstream buffer;
  buffer << in.rdbuf();
  return in.bad() ? INFINITY : profile_last_event(buffer.str());
}

PlatformProfiles check_platform_text(std::string_view text, const std::string& path)
{
  const auto elements = read_platform_elements(text, path);
  check_structure(elements, path);
  check_unique_ids(elements, path);
  check_unique_routes(elements, path);

  std::set<std::string> links;
  for (const auto& e : elements)
    if (e.name == "link" && e.has("id"))
      links.insert(e.attribute("id"));
  std::error_code error;
  fs::path folder = fs::absolute(path, error).parent_path();
  PlatformProfiles profiles;
  for (const auto& e : elements) {
    Fail fail = [&](const std::string& id, const std::string& what) {
      throw_input_error("platform element <" + e.name + ">", id, path, e.line, what);
    };
    check_profiles(e, links, folder, fail, profiles.files);
    check_quantities(e, fail);
    if (e.name == "trace" || e.name == "trace_connect")
      profiles.any = true;
  }
  check_full_zone_routes(elements, path);
  profiles.any = profiles.any || not profiles.files.empty();
  // The last event any of them plays: each file once (a cluster's hosts or many hosts may name the same one).
  std::map<std::string, double> files_last_event;
  for (const auto& file : profiles.files)
    if (files_last_event.emplace(file, 0.0).second)
      profiles.last_event = std::max(profiles.last_event, files_last_event[file] = profile_file_last_event(file));
  for (const auto& e : elements)
    if (e.name == "trace") {
      double file_last_event = INFINITY;
      if (not e.attribute("file").empty()) { // found as check_profiles found it
        const fs::path named(e.attribute("file"));
        std::error_code error;
        auto it = files_last_event.find(fs::is_regular_file(named, error) ? named.string() : (folder / named).string());
        if (it != files_last_event.end())
          file_last_event = it->second;
      }
      profiles.last_event = std::max(profiles.last_event, trace_last_event(e, file_last_event));
    }
  return profiles;
}

PlatformProfiles check_platform_file_text(const std::string& path)
{
  std::error_code error;
  if (fs::is_directory(path, error))
    throw InputError("Invalid platform '" + path + "': is a folder, not a file");
  std::ifstream in(path);
  if (not in)
    throw InputError("Invalid platform '" + path + "': cannot be read (" + std::strerror(errno) + ")");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return check_platform_text(buffer.str(), path);
}

PlatformProfiles check_platform_file(const std::string& path, const std::vector<std::string>& selected)
{
  auto profiles = check_platform_file_text(path);
  probe_platform_load(path, selected);
  return profiles;
}

} // namespace coalsim
