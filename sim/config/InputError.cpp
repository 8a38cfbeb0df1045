#include "sim/config/InputError.hpp"

namespace coalsim {

std::string input_error_message(const std::string& thing, const std::string& id, const std::string& file, int line,
                                const std::string& what)
{
  std::string message = "Invalid ";
  message.append(thing).append(" '").append(id).append("' in ").append(file);
  if (line > 0)
    message.append(":").append(std::to_string(line));
  return message.append(": ").append(what);
}

void throw_input_error(const std::string& thing, const std::string& id, const std::string& file, int line,
                       const std::string& what)
{
  throw InputError(input_error_message(thing, id, file, line, what));
}

} // namespace coalsim
