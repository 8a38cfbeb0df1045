#include "setup/ShippedFiles.hpp"

#include <system_error>

namespace coalsim {

namespace fs = std::filesystem;

fs::path shipped_root()
{
  static const fs::path root = [] {
    std::error_code error;
    fs::path executable = fs::read_symlink("/proc/self/exe", error);
    if (not error) {
      fs::path installed = executable.parent_path().parent_path() / "share" / "coalsim";
      if (executable.parent_path().filename() == "bin" && fs::is_directory(installed / "platforms", error))
        return installed;
    }
    return fs::path(COALSIM_SOURCE_DIR);
  }();
  return root;
}

bool is_bare_name(const std::string& name)
{
  fs::path path(name);
  return not name.empty() && not path.has_parent_path() && name != "." && name != "..";
}

std::string find_by_name(const std::string& name, const std::string& shipped_folder)
{
  if (not is_bare_name(name))
    return name;
  // Throwing: a name the file system refuses (too long) is reported as such, not as "not found".
  if (fs::exists(name))
    return name;
  fs::path shipped = shipped_root() / shipped_folder / name;
  if (fs::exists(shipped))
    return shipped.string();
  return "";
}

std::string search_order(const std::string& what, const std::string& shipped_folder)
{
  std::error_code error;
  fs::path here = fs::current_path(error);
  return "looked in the current folder (" + (error ? std::string(".") : here.string()) + "), then among the shipped " +
         what + " (" + (shipped_root() / shipped_folder).string() + ")";
}

} // namespace coalsim
