#include "sim/config/ConfigNode.hpp"

#include <sstream>

#include "sim/config/InputError.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <unordered_map>
#include <xbt/log.h>
#include <yaml-cpp/eventhandler.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_config_node, coalsim_config, "ConfigNode");

namespace coalsim {

namespace {
std::string join(const std::vector<std::string>& items)
{
  std::string out;
  for (const auto& item : items)
    out += (out.empty() ? "" : ", ") + item;
  return out;
}
} // namespace

YAML::Node name_map(const YAML::Node& name)
{
  YAML::Node map(YAML::NodeType::Map);
  map["name"] = name;
  return map;
}

std::optional<double> parse_quantity(const std::string& text)
{
  if (text == "inf" || text == ".inf" || text == "infinity")
    return INFINITY;
  if (text.empty())
    return std::nullopt;
  char* end     = nullptr;
  double number = std::strtod(text.c_str(), &end);
  if (end == text.c_str())
    return std::nullopt;
  std::string unit(end);
  unit.erase(0, unit.find_first_not_of(' '));
  static const std::vector<std::pair<std::string, double>> units = {{"", 1},
                                                                    {"B", 1},
                                                                    {"kB", 1e3},
                                                                    {"KB", 1e3},
                                                                    {"MB", 1e6},
                                                                    {"GB", 1e9},
                                                                    {"TB", 1e12},
                                                                    {"KiB", 1024.0},
                                                                    {"MiB", 1048576.0},
                                                                    {"GiB", 1073741824.0},
                                                                    {"TiB", 1099511627776.0}};
  for (const auto& [name, factor] : units)
    if (unit == name)
      return number * factor;
  return std::nullopt;
}

ConfigNode::ConfigNode(YAML::Node node, std::string path, std::shared_ptr<const std::string> file,
                       std::shared_ptr<const CommandLineKeys> overridden)
    : node_(node)
    , path_(std::move(path))
    , file_(std::move(file))
    , overridden_(std::move(overridden))
{
}

namespace {
/** `below` is `above` or a key under it ("a.b.c", "a.b[2]" under "a.b"). */
bool is_under(const std::string& below, const std::string& above)
{
  return below == above || (below.size() > above.size() && below.compare(0, above.size(), above) == 0 &&
                            (below[above.size()] == '.' || below[above.size()] == '['));
}
} // namespace

std::string ConfigNode::command_line_option() const
{
  if (not overridden_)
    return "";
  const std::pair<const std::string, std::string>* closest = nullptr;
  for (const auto& entry : *overridden_)
    if (is_under(path_, entry.first) && (not closest || entry.first.size() > closest->first.size()))
      closest = &entry;
  if (closest)
    return closest->second;
  if (line() == 0) // a map the override created on its way to the key it set
    for (const auto& [key, option] : *overridden_)
      if (is_under(key, path_))
        return option;
  return "";
}

KeyLocation ConfigNode::location() const
{
  std::string option = command_line_option();
  return KeyLocation(path_, *file_, option.empty() ? line() : 0, option);
}

int ConfigNode::line() const
{
  auto mark = node_.Mark();
  return mark.line < 0 ? 0 : mark.line + 1;
}

void ConfigNode::fail(const std::string& what) const
{
  location().fail(what);
}

bool ConfigNode::has(const std::string& key) const
{
  return node_.IsMap() && node_[key];
}

ConfigNode ConfigNode::child(const std::string& key) const
{
  if (not node_.IsMap())
    fail("expected a map with key '" + key + "'");
  YAML::Node c = node_[key];
  if (not c)
    fail("missing key '" + key + "'");
  return ConfigNode(c, path_.empty() ? key : path_ + "." + key, file_, overridden_);
}

std::optional<ConfigNode> ConfigNode::find(const std::string& key) const
{
  if (not has(key))
    return std::nullopt;
  ConfigNode c = child(key);
  if (c.is_null()) {                                       // `seed:` or `--set seed=`: no value is not the default
    for (auto it = node_.begin(); it != node_.end(); ++it) // named at the key's line (a null value has none)
      if (it->first.IsScalar() && it->first.Scalar() == key)
        ConfigNode(it->first, c.path(), file_, overridden_).fail("has no value (leave the key out for its default)");
    c.fail("has no value (leave the key out for its default)");
  }
  return c;
}

ConfigNode ConfigNode::section(const std::string& key)
{
  if (not node_.IsMap())
    fail("expected a map");
  if (not node_[key] || node_[key].IsNull())
    node_[key] = YAML::Node(YAML::NodeType::Map);
  ConfigNode c = child(key);
  if (not c.is_map())
    c.fail("expected a map of settings");
  return c;
}

std::vector<ConfigNode> ConfigNode::items() const
{
  if (not node_.IsSequence())
    fail("expected a list");
  std::vector<ConfigNode> out;
  for (size_t i = 0; i < node_.size(); ++i)
    out.emplace_back(node_[i], path_ + "[" + std::to_string(i) + "]", file_, overridden_);
  return out;
}

std::string ConfigNode::key_of(const YAML::Node& key) const
{
  if (not key.IsScalar())
    ConfigNode(key, path_.empty() ? "?" : path_ + ".?", file_, overridden_)
        .fail("a key must be a plain name, not a list or a map");
  return key.Scalar();
}

std::vector<std::pair<std::string, ConfigNode>> ConfigNode::entries() const
{
  if (not node_.IsMap())
    fail("expected a map");
  std::vector<std::pair<std::string, ConfigNode>> out;
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    auto key = key_of(it->first);
    out.emplace_back(key, ConfigNode(it->second, path_.empty() ? key : path_ + "." + key, file_, overridden_));
  }
  return out;
}

void ConfigNode::allow_only(const KeyList& keys) const
{
  std::vector<std::string> allowed = key_names(keys);
  if (not node_.IsMap())
    fail("expected a map");
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    auto key = key_of(it->first);
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      ConfigNode where(it->first, path_.empty() ? key : path_ + "." + key, file_, overridden_);
      where.fail("unknown key (valid keys here: " + join(allowed) + ")");
    }
  }
}

std::string ConfigNode::as_string() const
{
  if (not node_.IsScalar())
    fail("expected a single value");
  return node_.Scalar();
}

double ConfigNode::as_number(double min, bool infinite) const
{
  auto value = node_.IsScalar() ? parse_quantity(node_.Scalar()) : std::nullopt;
  if (not value)
    fail("expected a number (got '" + (node_.IsScalar() ? node_.Scalar() : std::string("a non-scalar")) + "')");
  if (std::isinf(*value) && not infinite) // an endless runtime, overhead or outage: a run that never ends
    fail("must be finite (got '" + node_.Scalar() + "')");
  if (std::isnan(*value) || *value < min) {
    std::ostringstream bound; // 1, 0.5, 1e+09: as short as the number allows
    bound << min;
    fail("must be at least " + bound.str() + " (got '" + node_.Scalar() + "')");
  }
  return *value;
}

int ConfigNode::as_int(int min) const
{
  double value = as_number(min);
  if (value != std::floor(value) || value > 2e9)
    fail("expected an integer (got '" + node_.Scalar() + "')");
  return static_cast<int>(value);
}

bool ConfigNode::as_bool() const
{
  std::string text = as_string();
  if (text == "true" || text == "yes")
    return true;
  if (text == "false" || text == "no")
    return false;
  fail("expected true or false (got '" + text + "')");
}

std::vector<std::string> ConfigNode::as_strings() const
{
  if (node_.IsScalar())
    return {node_.Scalar()};
  std::vector<std::string> out;
  for (const auto& item : items())
    out.push_back(item.as_string());
  return out;
}

Distribution ConfigNode::as_distribution(double min) const
{
  Distribution d = read_distribution(min);
  if (not std::isfinite(d.mean())) // e.g. a lognormal whose exp(mu + sigma^2 / 2) overflows
    fail("has no finite mean (" + d.describe() + ")");
  return d;
}

std::vector<double> ConfigNode::numbers(const std::string& key, double min) const
{
  std::vector<double> out;
  for (const auto& item : child(key).items())
    out.push_back(item.as_number(min));
  return out;
}

Distribution ConfigNode::read_choice(double min) const
{
  allow_only({"dist", "values", "weights"});
  auto values = numbers("values", min);
  if (values.empty())
    child("values").fail("needs at least one value");
  std::vector<double> weights;
  if (has("weights")) {
    weights = numbers("weights", 0);
    if (weights.size() != values.size())
      child("weights").fail("needs one weight per value (" + std::to_string(values.size()) + ")");
    double sum = 0;
    for (double w : weights)
      sum += w;
    if (sum <= 0)
      child("weights").fail("must not all be zero");
    if (not std::isfinite(sum)) // every weight over the sum would be 0 or NaN
      child("weights").fail("must add up to a finite number");
  }
  return Distribution::choice(values, weights);
}

Distribution ConfigNode::read_distribution(double min) const
{
  if (node_.IsScalar())
    return Distribution::constant(as_number(min));
  if (not node_.IsMap())
    fail("expected a number or a distribution such as {dist: uniform, min: 1, max: 2}");
  std::string kind = child("dist").as_string();
  if (kind == "constant") {
    allow_only({"dist", "value"});
    return Distribution::constant(child("value").as_number(min));
  }
  if (kind == "uniform") {
    allow_only({"dist", "min", "max"});
    double lo = child("min").as_number(min), hi = child("max").as_number(min);
    if (hi < lo)
      child("max").fail("must not be below min");
    return Distribution::uniform(lo, hi);
  }
  if (kind == "exponential") {
    allow_only({"dist", "mean"});
    return Distribution::exponential(child("mean").as_number(0));
  }
  if (kind == "normal") {
    allow_only({"dist", "mean", "sd", "min"});
    double lower = has("min") ? child("min").as_number(min) : std::max(min, 0.0);
    return Distribution::normal(child("mean").as_number(), child("sd").as_number(0), lower);
  }
  if (kind == "lognormal") {
    allow_only({"dist", "mu", "sigma"});
    return Distribution::lognormal(child("mu").as_number(), child("sigma").as_number(0));
  }
  if (kind == "choice")
    return read_choice(min);
  child("dist").fail(
      "unknown distribution; valid values are: constant, uniform, exponential, normal, lognormal, choice");
}

std::string ConfigNode::get(const std::string& key, const std::string& fallback)
{
  if (auto c = find(key))
    return c->as_string();
  node_[key] = fallback;
  return fallback;
}

double ConfigNode::get(const std::string& key, double fallback, double min)
{
  if (auto c = find(key))
    return c->as_number(min, std::isinf(fallback)); // infinity only where it is the default (stop.max_time)
  char text[32];
  std::snprintf(text, sizeof text, "%.15g", fallback);
  node_[key] = std::isinf(fallback) ? std::string("inf") : std::string(text);
  return fallback;
}

int ConfigNode::get(const std::string& key, int fallback, int min)
{
  if (auto c = find(key))
    return c->as_int(min);
  node_[key] = fallback;
  return fallback;
}

bool ConfigNode::get(const std::string& key, bool fallback)
{
  if (auto c = find(key))
    return c->as_bool();
  node_[key] = fallback;
  return fallback;
}

Distribution ConfigNode::get_distribution(const std::string& key, double fallback, double min)
{
  if (auto c = find(key))
    return c->as_distribution(min);
  node_[key] = fallback;
  return Distribution::constant(fallback);
}

std::string ConfigNode::get_choice(const std::string& key, const std::string& fallback,
                                   const std::vector<std::string>& allowed)
{
  std::string value = get(key, fallback);
  if (std::find(allowed.begin(), allowed.end(), value) == allowed.end())
    child(key).fail("valid values are: " + join(allowed) + " (got '" + value + "')");
  return value;
}

namespace {
/** yaml-cpp keeps both entries of a key given twice in a map and reads the first: refuse it instead. An alias is
 *  its anchor's own node (yaml-cpp's Node::is()), so an alias inside the list or map of its anchor (`&a [*a]`)
 *  makes a cycle, which every walk of the tree (this one, the readers, the emitter of the resolved YAML) would
 *  follow until the stack overflows: refuse it too. Each list and map is walked once, however many aliases lead
 *  to it: nested aliases ("billion laughs", 10 aliases to 10 aliases to ...) are small in memory but expand to
 *  10^9 nodes. */
class KeyCheck {
public:
  /** The keys of `file`, or of the value of a --set (`option`: "--set workload.runtime"), whose places are then
   *  counted in the value. */
  explicit KeyCheck(std::string file, std::string option = "") : file_(std::move(file)), option_(std::move(option)) {}
  /** `at`: where `node` is written, for the error on a cycle (its key, or the list holding it). */
  void check(const YAML::Node& node, const std::string& path, const YAML::Mark& at);

private:
  struct Visit {
    YAML::Node node;
    bool done; // false while the walk is inside it
  };
  std::string place(const YAML::Mark& mark) const
  {
    return option_.empty() ? "line " + std::to_string(mark.line + 1)
                           : "character " + std::to_string(mark.pos + 1) + " of the value";
  }
  [[noreturn]] void fail(const std::string& path, const YAML::Mark& at, const std::string& what) const
  {
    KeyLocation(path, file_, at.line + 1, option_).fail(what);
  }

  std::string file_;
  std::string option_;
  std::unordered_multimap<int, Visit> seen_; // the lists and maps met, by their place in the text (then is())
};

void KeyCheck::check(const YAML::Node& node, const std::string& path, const YAML::Mark& at)
{
  if (not node.IsSequence() && not node.IsMap())
    return;
  auto [first, last] = seen_.equal_range(node.Mark().pos);
  for (auto it = first; it != last; ++it)
    if (it->second.node.is(node)) {
      if (not it->second.done)
        fail(path, at,
             "an alias to the list or map it is in (anchored at " + place(node.Mark()) +
                 "): its value would never end");
      return; // an alias to a list or map already checked
    }
  Visit& visit = seen_.emplace(node.Mark().pos, Visit{node, false})->second; // references outlive rehashing
  if (node.IsSequence()) {
    for (size_t i = 0; i < node.size(); ++i)
      check(node[i], path + "[" + std::to_string(i) + "]", node.Mark());
  } else {
    std::map<std::string, YAML::Mark> keys;
    for (auto it = node.begin(); it != node.end(); ++it) {
      if (not it->first.IsScalar())
        continue; // refused with its path when read
      const std::string& key = it->first.Scalar();
      std::string where      = path.empty() ? key : path + "." + key;
      if (auto [first, inserted] = keys.emplace(key, it->first.Mark()); not inserted)
        fail(where, it->first.Mark(), "given twice in the same map (first at " + place(first->second) + ")");
      check(it->second, where, it->first.Mark());
    }
  }
  visit.done = true;
}
} // namespace

YAML::Node load_yaml(const std::string& file, const std::optional<std::string>& text)
{
  YAML::Node tree = parse_yaml(file, text);
  KeyCheck(file).check(tree, "", tree.Mark());
  return tree;
}

namespace {
/** Where the parser starts a second document (`---`, or text after a `...` line): yaml-cpp's Load reads the first
 *  and ignores the rest. */
struct SecondDocument {
  YAML::Mark mark;
};
class DocumentStarts : public YAML::EventHandler {
public:
  void OnDocumentStart(const YAML::Mark& mark) override
  {
    if (started_)
      throw SecondDocument{mark}; // no need to read it
    started_ = true;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}

private:
  bool started_ = false;
};

/** The one document of `text`; calls `on_second` with the 1-based line where a second one starts, if any (it
 *  throws). YAML syntax errors are YAML::ParserExceptions. */
YAML::Node load_document(const std::string& text, const std::function<void(int)>& on_second)
{
  YAML::Node document = YAML::Load(text);
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentStarts starts;
  try {
    while (parser.HandleNextDocument(starts)) {
    }
  } catch (const SecondDocument& second) {
    on_second(second.mark.line + 1);
  }
  return document;
}
} // namespace

YAML::Node parse_yaml(const std::string& file, const std::optional<std::string>& text)
{
  if (not text && std::filesystem::is_directory(file))
    throw InputError("Invalid experiment file '" + file + "': is a folder, not a file");
  std::string content;
  if (text) {
    content = *text;
  } else {
    std::ifstream in(file, std::ios::binary);
    if (not in)
      throw InputError("Invalid experiment file '" + file + "': cannot be read");
    std::ostringstream read;
    read << in.rdbuf();
    if (in.bad())
      throw InputError("Invalid experiment file '" + file + "': cannot be read (a read error)");
    content = read.str();
  }
  try {
    return load_document(content, [&](int line) {
      throw_input_error("experiment file", file, file, line,
                        "a second YAML document starts here (an experiment file is one document; the rest would "
                        "be ignored)");
    });
  } catch (const YAML::ParserException& e) {
    throw_input_error("experiment file", file, file, e.mark.line + 1, e.msg);
  }
}

std::string apply_override(YAML::Node& root, const Override& given)
{
  const std::string& assignment = given.assignment;
  auto equals                   = assignment.find('=');
  // As typed: "--set key=value", or "--seed value" for the options that stand for a --set.
  std::string option = given.option == "--set" || equals == std::string::npos
                           ? given.option + " " + assignment
                           : given.option + " " + assignment.substr(equals + 1);
  if (equals == std::string::npos || equals == 0)
    throw InputError("Invalid option '" + option + "': expected key.path=value");
  std::string path = assignment.substr(0, equals);
  YAML::Node value;
  try {
    value = load_document(assignment.substr(equals + 1), [&](int line) {
      throw InputError("Invalid option '" + option + "': the value holds a second YAML document (from line " +
                       std::to_string(line) + " of the value); give one value");
    });
  } catch (const YAML::ParserException& e) {
    throw InputError("Invalid option '" + option + "': the value is not valid YAML (" + e.msg + ")");
  }
  KeyCheck("", given.shown(path)).check(value, path, value.Mark()); // as in a file: `{value: 5, value: 500}`
  if (not root || root.IsNull())
    root = YAML::Node(YAML::NodeType::Map);
  if (not root.IsMap())
    throw InputError("Invalid option '" + option + "': the experiment is not a map of settings");
  YAML::Node current = root;
  size_t start       = 0;
  while (true) {
    size_t dot      = path.find('.', start);
    std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (key.empty())
      throw InputError("Invalid option '" + option + "': empty key in '" + path + "'");
    if (dot == std::string::npos) {
      current[key] = value;
      return path;
    }
    if (not current[key] || not current[key].IsMap()) {
      if (current[key] && current[key].IsScalar() && key == "policy") // `policy: cf` becomes `policy: {name: cf}`
        current[key] = name_map(current[key]);
      else
        current[key] = YAML::Node(YAML::NodeType::Map);
    }
    YAML::Node next = current[key];
    current.reset(next);
    start = dot + 1;
  }
}

} // namespace coalsim
