#include "sim/platform/HostPower.hpp"

#include "sim/config/InputError.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace coalsim {

namespace {

std::vector<std::string> split(const std::string& text, char separator)
{
  std::vector<std::string> parts(1);
  for (char c : text)
    if (c == separator)
      parts.emplace_back();
    else
      parts.back() += c;
  return parts;
}

std::string trimmed(const std::string& text)
{
  const auto first = text.find_first_not_of(" \t\n");
  if (first == std::string::npos)
    return "";
  return text.substr(first, text.find_last_not_of(" \t\n") - first + 1);
}

} // namespace

std::optional<HostPower> read_host_power(const simgrid::s4u::Host& host, const std::string& platform_file)
{
  auto fail = [&](const char* property, const std::string& value, const std::string& what) {
    throw InputError("Invalid power property '" + std::string(property) + "' in " + platform_file + ": host '" +
                     host.get_name() + "' has '" + value + "', which " + what);
  };
  auto number = [&](const char* property, const std::string& value, const std::string& text) {
    const std::string t = trimmed(text);
    char* end           = nullptr;
    errno               = 0;
    const double watts  = std::strtod(t.c_str(), &end);
    if (t.empty() || end != t.c_str() + t.size() || errno != 0 || not std::isfinite(watts) || watts < 0)
      fail(property, value, "holds '" + t + "', no number of watts (finite, at least 0)");
    return watts;
  };

  const char* per_state = host.get_property("wattage_per_state");
  if (per_state == nullptr)
    return std::nullopt;
  const std::string value = per_state;
  const auto states       = split(value, ',');
  if (states.size() != host.get_pstate_count())
    fail("wattage_per_state", value,
         "gives " + std::to_string(states.size()) + " power profiles for " + std::to_string(host.get_pstate_count()) +
             " pstates (one Idle:Epsilon:AllCores or Idle:AllCores per pstate)");
  const auto fields = split(states.at(host.get_pstate()), ':');
  if (fields.size() != 2 && fields.size() != 3)
    fail("wattage_per_state", value, "is not Idle:AllCores or Idle:Epsilon:AllCores for each pstate");
  HostPower power;
  power.cores     = host.get_core_count();
  power.idle      = number("wattage_per_state", value, fields[0]);
  power.epsilon   = fields.size() == 3 ? number("wattage_per_state", value, fields[1]) : power.idle;
  power.all_cores = number("wattage_per_state", value, fields.back());
  if (const char* off = host.get_property("wattage_off"))
    power.off = number("wattage_off", off, off);
  return power;
}

} // namespace coalsim
