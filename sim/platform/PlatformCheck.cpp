#include "sim/platform/PlatformCheck.hpp"

#include "sim/config/InputError.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace coalsim {

namespace fs = std::filesystem;

namespace {

struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  int line;
  int parent; // index of the enclosing element, -1 at the top

  std::string attribute(const std::string& key) const
  {
    auto it = attributes.find(key);
    return it == attributes.end() ? "" : it->second;
  }
};

/** The start tags of the XML text, with their attributes, line numbers and enclosing element (comments
 *  skipped). */
std::vector<Element> start_tags(const std::string& text)
{
  static const std::regex tag(
      R"re(<!--[\s\S]*?-->|</([A-Za-z_][\w-]*)\s*>|<([A-Za-z_][\w-]*)((?:\s+[\w-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(/?)>)re");
  static const std::regex attribute(R"re(([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'))re");
  std::vector<Element> out;
  std::vector<int> open; // the elements not closed yet
  int line          = 1;
  size_t line_until = 0; // offset up to which newlines are counted
  for (auto it = std::sregex_iterator(text.begin(), text.end(), tag); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    if (m[1].matched) { // an end tag
      if (not open.empty())
        open.pop_back();
      continue;
    }
    if (not m[2].matched)
      continue; // a comment
    size_t at = static_cast<size_t>(m.position(0));
    line += static_cast<int>(std::count(text.begin() + static_cast<long>(line_until), text.begin() + static_cast<long>(at), '\n'));
    line_until = at;
    Element e{m[2].str(), {}, line, open.empty() ? -1 : open.back()};
    std::string attributes = m[3].str();
    for (auto a = std::sregex_iterator(attributes.begin(), attributes.end(), attribute); a != std::sregex_iterator(); ++a)
      e.attributes[(*a)[1].str()] = (*a)[2].matched ? (*a)[2].str() : (*a)[3].str();
    out.push_back(std::move(e));
    if (m[4].str().empty())
      open.push_back(static_cast<int>(out.size()) - 1);
  }
  return out;
}

/** The leading number of a SimGrid quantity ("1Gf", "100MBps", "-5ms"); nullopt when there is none (SimGrid
 *  reports those itself). */
std::optional<double> leading_number(const std::string& value)
{
  const char* start = value.c_str();
  char* end         = nullptr;
  double number     = std::strtod(start, &end);
  if (end == start)
    return std::nullopt;
  return number;
}

bool is_profile_attribute(const std::string& element, const std::string& attribute)
{
  return (attribute.size() > 5 && attribute.compare(attribute.size() - 5, 5, "_file") == 0) ||
         (element == "trace" && attribute == "file");
}

bool is_zone(const Element& e)
{
  return e.name == "zone" || e.name == "cluster";
}

/** Checks the numbers SimGrid 3.32 takes without a word but cannot run with: a core count below 1 (it aborts),
 *  a speed or bandwidth not above 0 and a negative latency (transfers and computations that never end, or end
 *  before they start). */
void check_quantities(const Element& e, const std::function<void(const std::string&, const std::string&)>& fail)
{
  for (const auto& [attribute, value] : e.attributes) {
    bool core      = attribute == "core";
    bool rate      = attribute == "speed" || attribute == "bandwidth" || attribute.rfind("bw", 0) == 0 ||
                attribute.find("_bw") != std::string::npos;
    bool latency   = attribute == "latency" || attribute.rfind("lat", 0) == 0 || attribute.find("_lat") != std::string::npos;
    if ((not core && not rate && not latency) || is_profile_attribute(e.name, attribute))
      continue;
    std::stringstream parts(value); // speeds of several pstates, bandwidths of wifi links: comma-separated
    std::string part;
    while (std::getline(parts, part, ',')) {
      auto number = leading_number(part);
      if (not number)
        continue;
      if (core && not(*number >= 1))
        fail(e.attribute("id"), "a host needs at least one core (core=\"" + value + "\")");
      if (rate && not(*number > 0))
        fail(e.attribute("id"), "the " + attribute + " must be above 0 (" + attribute + "=\"" + value + "\")");
      if (latency && not(*number >= 0))
        fail(e.attribute("id"), "the " + attribute + " must not be negative (" + attribute + "=\"" + value + "\")");
    }
  }
}

/** True when the element or one inside it is a host (or a cluster of hosts). */
std::vector<bool> holds_hosts(const std::vector<Element>& elements)
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
void check_full_zone_routes(const std::vector<Element>& elements, const std::string& path)
{
  auto holds = holds_hosts(elements);
  for (size_t z = 0; z < elements.size(); ++z) {
    const Element& zone = elements[z];
    if (zone.name != "zone" || zone.attribute("routing") != "Full")
      continue;
    std::vector<const Element*> children;
    std::set<std::pair<std::string, std::string>> routes;
    for (size_t i = z + 1; i < elements.size(); ++i) {
      const Element& e = elements[i];
      if (e.parent != static_cast<int>(z))
        continue;
      if (is_zone(e) && holds[i])
        children.push_back(&e);
      if (e.name == "zoneRoute" || e.name == "bypassZoneRoute") {
        routes.insert({e.attribute("src"), e.attribute("dst")});
        std::string symmetrical = e.attribute("symmetrical");
        if (symmetrical != "NO" && symmetrical != "no")
          routes.insert({e.attribute("dst"), e.attribute("src")});
      }
    }
    for (size_t a = 0; a < children.size(); ++a)
      for (size_t b = 0; b < children.size(); ++b) {
        std::string from = children[a]->attribute("id"), to = children[b]->attribute("id");
        if (a != b && not routes.count({from, to}))
          throw_input_error("platform element <zone>", zone.attribute("id"), path, zone.line,
                            "no <zoneRoute> from '" + from + "' to '" + to +
                                "': in a zone with Full routing every pair of sub-zones holding hosts needs one "
                                "(SimGrid 3.32 crashes without it)");
      }
  }
}

} // namespace

void check_platform_file(const std::string& path)
{
  std::ifstream in(path);
  if (not in)
    throw InputError("Invalid platform '" + path + "': cannot be read (" + std::strerror(errno) + ")");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  if (text.find("<platform") == std::string::npos)
    throw InputError("Invalid platform '" + path + "': not a SimGrid platform XML file (no <platform> element)");

  const auto elements = start_tags(text);
  std::set<std::string> links;
  for (const auto& e : elements)
    if (e.name == "link" && e.attributes.count("id"))
      links.insert(e.attributes.at("id"));
  const fs::path folder = fs::absolute(path).parent_path();
  for (const auto& e : elements) {
    auto fail = [&](const std::string& id, const std::string& what) {
      throw_input_error("platform element <" + e.name + ">", id, path, e.line, what);
    };
    for (const auto& [attribute, value] : e.attributes) {
      if (not is_profile_attribute(e.name, attribute))
        continue;
      if (e.name == "link" && attribute == "state_file")
        fail(e.attributes.count("id") ? e.attributes.at("id") : "",
             "links cannot fail in coalsim (only hosts and clusters do): remove its state_file");
      // SimGrid opens it relative to the current folder or to the platform's folder, absolute paths included.
      const fs::path file(value);
      if (file.is_absolute())
        fail(value, "SimGrid 3.32 finds the " + attribute +
                        " only relative to the current folder or to the platform's folder, not as an absolute path");
      if (not fs::exists(file) && not fs::exists(folder / file))
        fail(value, "the " + attribute + " is not found in the current folder nor in the platform's folder " +
                        folder.string());
    }
    check_quantities(e, fail);
    if (e.name == "trace_connect") {
      std::string element = e.attributes.count("element") ? e.attributes.at("element") : "";
      if (links.count(element))
        fail(element, "SimGrid 3.32 cannot connect a trace to a link (it aborts: the link is sealed); for its "
                      "bandwidth or latency, use the link's bandwidth_file or latency_file attribute; links cannot "
                      "fail in coalsim");
    }
  }
  check_full_zone_routes(elements, path);
}

} // namespace coalsim
