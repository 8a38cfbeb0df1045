#include "sim/api/PolicyParameters.hpp"

#include "sim/config/ConfigNode.hpp"
#include "sim/config/InputError.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_api_policy_parameters, coalsim_api, "PolicyParameters");

namespace coalsim {

namespace {
std::string join(const std::vector<std::string>& items, const std::string& separator)
{
  std::string out;
  for (const auto& item : items)
    out += (out.empty() ? "" : separator) + item;
  return out;
}
} // namespace

std::vector<std::string> PolicyParameters::declared() const
{
  std::vector<std::string> lines;
  for (const auto& spec : specs_)
    lines.push_back(spec.line());
  return lines;
}

const ParameterValue* PolicyParameters::take(ParameterSpec spec, bool map_allowed)
{
  const std::string key = spec.name;
  resolved_[key]        = spec.default_text;
  specs_.push_back(std::move(spec));
  used_.push_back(key);
  auto it = values_.find(key);
  if (it != values_.end())
    resolved_[key] = it->second.text;
  if (it == values_.end())
    return nullptr;
  if (it->second.node && not it->second.node->is_scalar() && not map_allowed)
    fail(key, it->second, "expected a single value");
  return &it->second;
}

void PolicyParameters::fail(const std::string& key, const ParameterValue& value, const std::string& what) const
{
  throw InputError("Invalid parameter 'policy." + key + "' of policy '" + policy_ + "' in " + value.origin + ": " +
                   what + " (got '" + value.text + "')");
}

std::string PolicyParameters::get_choice(const std::string& key, const std::string& fallback,
                                         const std::vector<std::string>& allowed, const std::string& help)
{
  const ParameterValue* value = take({key, ParameterSpec::Type::choice, fallback, join(allowed, "|"), help}, false);
  if (not value)
    return fallback;
  if (std::find(allowed.begin(), allowed.end(), value->text) == allowed.end())
    fail(key, *value, "valid values are: " + join(allowed, ", "));
  return value->text;
}

int PolicyParameters::get_int(const std::string& key, int fallback, int min, const std::string& help,
                              const std::string& units)
{
  const ParameterValue* value = take(integer_parameter(key, fallback, min, help, units));
  if (not value)
    return fallback;
  auto parsed = parse_quantity(value->text); // the experiment file's numbers: 1e3 and 4kB are integers too
  if (not parsed || *parsed != std::floor(*parsed) || std::abs(*parsed) > 2e9)
    fail(key, *value, "expected an integer");
  if (*parsed < min)
    fail(key, *value, "must be at least " + std::to_string(min));
  return static_cast<int>(*parsed);
}

double PolicyParameters::number_of(const std::string& key, const ParameterValue& value, double min) const
{
  auto parsed = parse_quantity(value.text); // the experiment file's numbers: byte units, YAML's .inf
  if (parsed && std::isinf(*parsed))        // an endless scan or monitor interval: a run that waits for it never ends
    fail(key, value, "must be finite");
  if (not parsed || std::isnan(*parsed)) // NaN passed every bound check below
    fail(key, value, "expected a number");
  if (*parsed < min)
    fail(key, value, "must be at least " + std::to_string(min));
  return *parsed;
}

double PolicyParameters::get_double(const std::string& key, double fallback, double min, const std::string& help,
                                    const std::string& units)
{
  const ParameterValue* value = take(number_parameter(key, fallback, min, help, units));
  if (not value)
    return fallback;
  return number_of(key, *value, min);
}

bool PolicyParameters::get_bool(const std::string& key, bool fallback, const std::string& help)
{
  const ParameterValue* value = take({key, ParameterSpec::Type::flag, fallback ? "true" : "false", "true|false", help});
  if (not value)
    return fallback;
  if (value->text == "true")
    return true;
  if (value->text == "false")
    return false;
  fail(key, *value, "expected true or false");
}

Distribution PolicyParameters::get_distribution(const std::string& key, double fallback, double min,
                                                const std::string& help, const std::string& units)
{
  ParameterSpec spec          = number_parameter(key, fallback, min, help, units);
  spec.type                   = ParameterSpec::Type::distribution;
  spec.bounds                 = "a number or a distribution" + (std::isinf(min) ? "" : ", " + spec.bounds);
  const ParameterValue* value = take(std::move(spec), true);
  if (not value)
    return Distribution::constant(fallback);
  if (value->node) // the experiment's own reader: the same forms, limits and messages as any other key
    return value->node->as_distribution(min);
  return Distribution::constant(number_of(key, *value, min));
}

void PolicyParameters::check_all_used() const
{
  for (const auto& [key, value] : values_)
    if (std::find(used_.begin(), used_.end(), key) == used_.end())
      throw InputError("Invalid parameter 'policy." + key + "' of policy '" + policy_ + "' in " + value.origin +
                       ": policy '" + policy_ + "' has no such parameter (it has: " + join(used_, ", ") + ")");
}

} // namespace coalsim

namespace coalsim {

double PolicyParameters::get_fraction(const std::string& key, double fallback, const std::string& help,
                                      const std::string& units)
{
  double value         = get_double(key, fallback, 0.0, help, units);
  specs_.back().bounds = "0..1";
  if (value > 1)
    fail(key, values_.at(key), "must be at most 1");
  return value;
}

} // namespace coalsim
