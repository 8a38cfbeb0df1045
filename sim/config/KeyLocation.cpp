#include "sim/config/KeyLocation.hpp"

#include "sim/config/InputError.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_config_key_location, coalsim_config, "KeyLocation");

namespace coalsim {

KeyLocation::KeyLocation(std::string key, std::string file, int line, std::string option)
    : key_(std::move(key))
    , file_(std::move(file))
    , line_(line)
    , option_(std::move(option))
{
}

std::string KeyLocation::where() const
{
  if (from_command_line())
    return "the command line (" + option_ + ")";
  return line_ > 0 ? file_ + ":" + std::to_string(line_) : file_;
}

KeyLocation KeyLocation::below(const std::string& child) const
{
  KeyLocation location = *this;
  location.key_        = key_.empty() ? child : key_ + "." + child;
  return location;
}

void KeyLocation::fail(const std::string& what) const
{
  fail("key", key_, what);
}

void KeyLocation::fail(const std::string& thing, const std::string& id, const std::string& what) const
{
  throw InputError(located_error_message(thing, id, where(), what));
}

} // namespace coalsim
