#include "sim/platform/RouteProperties.hpp"

#include "sim/config/InputError.hpp"
#include "sim/platform/PlatformXml.hpp"

#include <xbt/log.h>

#include <cmath>
#include <limits>
#include <vector>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_platform_route_properties, coalsim_platform, "RouteProperties");

namespace coalsim {
namespace {

/** The link's property `name` as a number in [0, max), or 0 when the link has none. */
double link_number(const simgrid::s4u::Link* link, const char* name, double max, const std::string& platform_file)
{
  const char* text = link->get_property(name);
  if (text == nullptr)
    return 0;
  std::string value(text);
  size_t used   = 0;
  double parsed = NAN;
  try {
    parsed = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != value.size() || value.empty() || !(parsed >= 0 && parsed < max)) {
    std::string range = std::isinf(max) ? "a number of seconds, at least 0" : "a fraction in [0, 1)";
    throw_input_error("link", link->get_name(), platform_file,
                      platform_line_of(platform_file, "link", link->get_name()),
                      std::string("property '") + name + "' must be " + range + " (got '" + value + "')");
  }
  return parsed;
}

constexpr double max_loss   = 1;
constexpr double max_jitter = std::numeric_limits<double>::infinity();

} // namespace

void check_route_properties(const std::string& platform_file)
{
  for (const simgrid::s4u::Link* link : simgrid::s4u::Engine::get_instance()->get_all_links()) {
    link_number(link, "loss", max_loss, platform_file);
    link_number(link, "jitter", max_jitter, platform_file);
  }
}

RouteQuality route_quality(simgrid::s4u::Host* from, simgrid::s4u::Host* to, const std::string& platform_file)
{
  if (from == to)
    return route_quality(std::vector<simgrid::s4u::Link*>{}, 0, platform_file);
  std::vector<simgrid::s4u::Link*> links;
  double latency = 0;
  from->route_to(to, links, &latency);
  return route_quality(links, latency, platform_file);
}

RouteQuality route_quality(const std::vector<simgrid::s4u::Link*>& links, double latency,
                           const std::string& platform_file)
{
  RouteQuality quality;
  quality.latency   = latency;
  quality.bandwidth = std::numeric_limits<double>::infinity();
  double delivered  = 1;
  for (const auto* link : links) {
    quality.bandwidth = std::min(quality.bandwidth, link->get_bandwidth());
    delivered *= 1 - link_number(link, "loss", max_loss, platform_file);
    quality.jitter += link_number(link, "jitter", max_jitter, platform_file);
  }
  quality.loss = 1 - delivered;
  return quality;
}

} // namespace coalsim
