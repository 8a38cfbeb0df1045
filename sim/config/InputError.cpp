#include "sim/config/InputError.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_config_input_error, coalsim_config, "InputError");

namespace coalsim {

std::string located_error_message(const std::string& thing, const std::string& id, const std::string& where,
                                  const std::string& what)
{
  std::string message = "Invalid ";
  message.append(thing).append(" '").append(id).append("'");
  if (not where.empty()) // a key left at its default has no place to name
    message.append(" in ").append(where);
  return message.append(": ").append(what);
}

std::string input_error_message(const std::string& thing, const std::string& id, const std::string& file, int line,
                                const std::string& what)
{
  return located_error_message(thing, id, line > 0 ? file + ":" + std::to_string(line) : file, what);
}

void throw_input_error(const std::string& thing, const std::string& id, const std::string& file, int line,
                       const std::string& what)
{
  throw InputError(input_error_message(thing, id, file, line, what));
}

} // namespace coalsim
