#include "sim/trace/TraceOutput.hpp"

#include "sim/config/InputError.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <hdf5.h>
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

/** Refuses to replace a regular file that is neither empty nor a coalsim trace, unless forced. */
void check_replaces_a_trace(const std::string& output, const struct stat& file, bool force)
{
  if (force || file.st_size == 0 || is_coalsim_trace(output))
    return;
  throw InputError("Invalid output '" + output +
                   "': the file exists and is not a trace written by coalsim; the trace would replace it. Name "
                   "another file with --output, or give --force to replace it");
}

} // namespace

bool is_coalsim_trace(const std::string& path)
{
  bool trace = false;
  H5E_BEGIN_TRY // a file that is not HDF5 is an answer, not an error to print
  {
    if (H5Fis_hdf5(path.c_str()) > 0) {
      hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
      if (file >= 0) {
        if (H5Aexists(file, "simulator") > 0) {
          hid_t attribute = H5Aopen(file, "simulator", H5P_DEFAULT);
          hid_t type      = attribute >= 0 ? H5Aget_type(attribute) : -1;
          if (type >= 0 && H5Tget_class(type) == H5T_STRING && H5Tis_variable_str(type) > 0) {
            char* text    = nullptr;
            hid_t memtype = H5Tcopy(H5T_C_S1);
            H5Tset_size(memtype, H5T_VARIABLE);
            H5Tset_cset(memtype, H5Tget_cset(type));
            if (H5Aread(attribute, memtype, &text) >= 0 && text != nullptr) {
              trace = std::strcmp(text, "coalsim") == 0;
              H5free_memory(text);
            }
            H5Tclose(memtype);
          }
          if (type >= 0)
            H5Tclose(type);
          if (attribute >= 0)
            H5Aclose(attribute);
        }
        H5Fclose(file);
      }
    }
  }
  H5E_END_TRY;
  return trace;
}

void check_output_replaceable(const std::string& output, bool force)
{
  struct stat entry {};
  if (lstat(output.c_str(), &entry) != 0)
    return; // no such file yet, or a path the file system refuses: creating the temporary file says why
  if (S_ISREG(entry.st_mode))
    return check_replaces_a_trace(output, entry, force);
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
