#include "setup/InputFiles.hpp"

#include "setup/ShippedFiles.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_setup_input_files, coalsim_setup, "InputFiles");

namespace coalsim {

namespace fs = std::filesystem;

std::string locate_input(const std::string& path, const std::string& experiment_file, const std::string& shipped_folder)
{
  if (fs::exists(path) || fs::path(path).is_absolute())
    return path;
  if (not experiment_file.empty() && fs::exists(experiment_file)) {
    // Relative to the experiment file's folder and its parents (experiment files live in the repository).
    for (fs::path dir = fs::absolute(experiment_file).parent_path(); not dir.empty(); dir = dir.parent_path()) {
      if (fs::exists(dir / path))
        return (dir / path).string();
      if (dir == dir.root_path())
        break;
    }
  }
  if (not shipped_folder.empty() && is_bare_name(path) && fs::exists(shipped_root() / shipped_folder / path))
    return (shipped_root() / shipped_folder / path).string();
  if (fs::exists(shipped_root() / path))
    return (shipped_root() / path).string();
  return path;
}

std::string locate_readable(const std::string& path, const std::string& experiment_file, const KeyLocation& location,
                            const std::string& shipped_folder, const std::string& what)
{
  std::string found = locate_input(path, experiment_file, shipped_folder);
  std::error_code error;
  if (not shipped_folder.empty() && is_bare_name(path) && not fs::exists(found, error)) {
    std::string order = search_order(what, shipped_folder);
    if (not experiment_file.empty() && fs::exists(experiment_file, error)) // between the two, as locate_input
      order.replace(order.find(", then among"), 0,
                    ", the experiment file's folder and its parents (" +
                        fs::absolute(experiment_file).parent_path().string() + ")");
    location.fail("cannot find '" + path + "': " + order);
  }
  if (fs::is_directory(found, error))
    location.fail("'" + found + "' is a folder, not a file");
  errno = 0;
  if (not std::ifstream(found))
    location.fail("cannot read '" + found + "' (" + std::strerror(errno != 0 ? errno : ENOENT) + ")");
  return found;
}

} // namespace coalsim
