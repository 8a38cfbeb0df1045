#include "sim/config/ParameterSpec.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_config_parameter_spec, coalsim_config, "ParameterSpec");

namespace coalsim {

std::string ParameterSpec::line() const
{
  std::string out = name + " (default " + default_text + "): " + help;
  if (not bounds.empty())
    out += " [" + bounds + "]";
  if (not units.empty())
    out += " (" + units + ")";
  return out;
}

std::string number_text(double value)
{
  std::string text = std::to_string(value);
  text.erase(text.find_last_not_of('0') + 1);
  if (not text.empty() && text.back() == '.')
    text.pop_back();
  return text;
}

ParameterSpec number_parameter(std::string name, double fallback, double min, std::string help, std::string units)
{
  return {std::move(name),
          ParameterSpec::Type::number,
          number_text(fallback),
          std::isinf(min) ? "" : ">= " + number_text(min),
          std::move(help),
          std::move(units),
          fallback,
          min};
}

ParameterSpec integer_parameter(std::string name, int fallback, int min, std::string help, std::string units)
{
  return {std::move(name),
          ParameterSpec::Type::integer,
          std::to_string(fallback),
          ">= " + std::to_string(min),
          std::move(help),
          std::move(units),
          static_cast<double>(fallback),
          static_cast<double>(min)};
}

} // namespace coalsim
