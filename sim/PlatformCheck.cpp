#include "sim/PlatformCheck.hpp"

#include "sim/InputError.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
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
};

/** The start tags of the XML text, with their attributes and line numbers (comments skipped). */
std::vector<Element> start_tags(const std::string& text)
{
  static const std::regex tag(R"re(<!--[\s\S]*?-->|<([A-Za-z_][\w-]*)((?:\s+[\w-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*/?>)re");
  static const std::regex attribute(R"re(([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'))re");
  std::vector<Element> out;
  int line          = 1;
  size_t line_until = 0; // offset up to which newlines are counted
  for (auto it = std::sregex_iterator(text.begin(), text.end(), tag); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    if (not m[1].matched)
      continue; // a comment
    size_t at = static_cast<size_t>(m.position(0));
    line += static_cast<int>(std::count(text.begin() + static_cast<long>(line_until), text.begin() + static_cast<long>(at), '\n'));
    line_until = at;
    Element e{m[1].str(), {}, line};
    std::string attributes = m[2].str();
    for (auto a = std::sregex_iterator(attributes.begin(), attributes.end(), attribute); a != std::sregex_iterator(); ++a)
      e.attributes[(*a)[1].str()] = (*a)[2].matched ? (*a)[2].str() : (*a)[3].str();
    out.push_back(std::move(e));
  }
  return out;
}

bool is_profile_attribute(const std::string& element, const std::string& attribute)
{
  return (attribute.size() > 5 && attribute.compare(attribute.size() - 5, 5, "_file") == 0) ||
         (element == "trace" && attribute == "file");
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
    if (e.name == "trace_connect") {
      std::string element = e.attributes.count("element") ? e.attributes.at("element") : "";
      if (links.count(element))
        fail(element, "SimGrid 3.32 cannot connect a trace to a link (it aborts: the link is sealed); for its "
                      "bandwidth or latency, use the link's bandwidth_file or latency_file attribute; links cannot "
                      "fail in coalsim");
    }
  }
}

} // namespace coalsim
