/* Errors in what the user gave us (platform, YAML, trace, command line).
 * Thrown at load time, caught in main, printed, exit code 2. */
#pragma once

#include <stdexcept>
#include <string>

namespace coalsim {

class InputError : public std::runtime_error {
public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

/** "Invalid <thing> '<id>' in <where>: <what>": the one wording of located input errors. */
std::string located_error_message(const std::string& thing, const std::string& id, const std::string& where,
                                  const std::string& what);

/** "Invalid <thing> '<id>' in <file>:<line>: <what>"; line <= 0 leaves the line out. */
std::string input_error_message(const std::string& thing, const std::string& id, const std::string& file, int line,
                                const std::string& what);

[[noreturn]] void throw_input_error(const std::string& thing, const std::string& id, const std::string& file, int line,
                                    const std::string& what);

} // namespace coalsim
