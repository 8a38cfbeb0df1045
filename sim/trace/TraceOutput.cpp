#include "sim/trace/TraceOutput.hpp"

#include "sim/config/InputError.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sys/stat.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_output, coalsim_trace, "TraceOutput");

namespace coalsim {

namespace {

/** "a character device", ... for what is not a regular file. */
std::string kind_of(mode_t mode)
{
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISFIFO(mode))
    return "a FIFO (named pipe)";
  if (S_ISSOCK(mode))
    return "a socket";
  if (S_ISDIR(mode))
    return "a folder";
  return "not a regular file";
}

} // namespace

void check_output_replaceable(const std::string& output)
{
  struct stat entry {};
  if (lstat(output.c_str(), &entry) != 0)
    return; // no such file yet, or a path the file system refuses: creating the temporary file says why
  if (S_ISREG(entry.st_mode))
    return;
  const std::string head = "Invalid output '" + output + "': ";
  const std::string name = ". Name a regular file with --output (or give --no-trace)";
  if (not S_ISLNK(entry.st_mode))
    throw InputError(head + "it is " + kind_of(entry.st_mode) +
                     ", not a regular file; the trace, renamed into place, would replace it" + name);
  std::error_code error;
  std::string target = std::filesystem::read_symlink(output, error).string();
  struct stat resolved {};
  if (stat(output.c_str(), &resolved) != 0) {
    if (errno == ELOOP)
      throw InputError(head + "it is a loop of symbolic links (" + std::strerror(ELOOP) + ")");
    throw InputError(head + "it is a symbolic link to '" + target + "', which cannot be reached (" +
                     std::strerror(errno) +
                     "); the trace would replace the link, not create that file. Name the file itself with --output");
  }
  if (not S_ISREG(resolved.st_mode))
    throw InputError(head + "it is a symbolic link to '" + target + "', which is " + kind_of(resolved.st_mode) +
                     ", not a regular file; a trace is written only to a regular file" + name);
}

} // namespace coalsim
