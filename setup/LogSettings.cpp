#include "setup/LogSettings.hpp"

#include "sim/config/InputError.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_setup_log_settings, coalsim_setup, "LogSettings");

namespace coalsim {

namespace {

[[noreturn]] void refuse(const std::string& setting, const std::string& what)
{
  throw InputError("Invalid option '--log " + setting + "': " + what +
                   " (expected CATEGORY.thres:PRIORITY, CATEGORY.fmt:FORMAT, CATEGORY.app:file:NAME or "
                   "CATEGORY.add:yes|no, separated by spaces)");
}

/** The value of one `CATEGORY.<option>:<value>` word; `option` may be any prefix of the full name. */
void check_option(const std::string& setting, const std::string& option, const std::string& value)
{
  auto is_prefix = [&option](const char* of) { return not option.empty() && std::string(of).rfind(option, 0) == 0; };
  if (is_prefix("threshold")) {
    static const std::vector<std::string> priorities = {"trace",   "debug", "verbose", "info",
                                                        "warning", "error", "critical"};
    std::string lower                                = value;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (std::find(priorities.begin(), priorities.end(), lower) == priorities.end())
      refuse(setting, "unknown priority '" + value + "' (trace, debug, verbose, info, warning, error or critical)");
  } else if (is_prefix("additivity")) { // SimGrid's order: "a" is additivity
  } else if (is_prefix("appender")) {
    if (value.rfind("file:", 0) != 0 && value.rfind("rollfile:", 0) != 0 && value.rfind("splitfile:", 0) != 0)
      refuse(setting, "unknown appender '" + value + "' (file:NAME, rollfile:NAME or splitfile:NAME)");
  } else if (not is_prefix("fmt")) {
    refuse(setting, "unknown setting '" + option + "'");
  }
}

} // namespace

void check_log_setting(const std::string& setting)
{
  std::istringstream words(setting);
  std::string word;
  while (words >> word) {
    if (word == "no_loc")
      continue;
    size_t dot = word.find_first_of(".:=");
    if (dot == std::string::npos || word[dot] != '.')
      refuse(setting, "'" + word + "' names no setting after the category");
    size_t colon = word.find_first_of(":=", dot);
    if (colon == std::string::npos)
      refuse(setting, "'" + word + "' has no value");
    check_option(setting, word.substr(dot + 1, colon - dot - 1), word.substr(colon + 1));
  }
}

void apply_log_settings(const std::vector<std::string>& settings)
{
  for (const auto& setting : settings)
    check_log_setting(setting);
  xbt_log_control_set("root.thres:critical");
  for (const auto& setting : settings)
    xbt_log_control_set(setting.c_str());
}

} // namespace coalsim
