#include "setup/Plugins.hpp"

#include "sim/api/PolicyRegistry.hpp"
#include "sim/config/InputError.hpp"

#include <dlfcn.h>
#include <filesystem>
#include <set>

namespace coalsim {

namespace {
InputError plugin_error(const std::string& path, const std::string& what)
{
  return InputError("Invalid plugin '" + path + "': " + what);
}

/** Notes the registrations that clash with an existing name while it lives, rather than stopping the process. */
class NotingClashes {
public:
  NotingClashes()
  {
    RegistrationClashes::noted.clear();
    RegistrationClashes::noting = true;
  }
  ~NotingClashes() { RegistrationClashes::noting = false; }
  NotingClashes(const NotingClashes&)            = delete;
  NotingClashes& operator=(const NotingClashes&) = delete;
};
} // namespace

std::vector<std::string> load_plugin(const std::string& path)
{
  namespace fs = std::filesystem;
  std::error_code error;
  fs::file_status status = fs::status(path, error);
  if (not fs::exists(status))
    throw plugin_error(path, "no such file");
  if (not fs::is_regular_file(status))
    throw plugin_error(path, "not a file");
  // An absolute path: dlopen searches the library path for a bare name, and the file given is the one meant.
  fs::path absolute = fs::absolute(path);
  static std::set<fs::path> loaded; // their files, each once (a second dlopen would register nothing)
  if (not loaded.insert(fs::weakly_canonical(absolute)).second)
    throw plugin_error(path, "given twice to --plugin");

  std::set<std::string> before;
  for (const auto& [name, entry] : PolicyRegistry::instance().entries())
    before.insert(name);
  void* handle = nullptr;
  {
    NotingClashes noting;
    // RTLD_NOW: a symbol the plugin uses and simulate lacks (a plugin built against other headers) is an error
    // now, not a crash in the middle of a run. The handle is never closed: the registry holds the plugin's code.
    handle = dlopen(absolute.c_str(), RTLD_NOW | RTLD_LOCAL);
  }
  if (handle == nullptr) {
    const char* reason = dlerror();
    throw plugin_error(path, std::string("not a shared library simulate can load (") +
                                 (reason ? reason : "no reason given") + ")");
  }
  if (not RegistrationClashes::noted.empty())
    throw plugin_error(path, "it registers " + RegistrationClashes::noted.front() +
                                 ", a name simulate already has (built in, or from an earlier --plugin): rename it");
  std::vector<std::string> added;
  for (const auto& [name, entry] : PolicyRegistry::instance().entries())
    if (before.count(name) == 0)
      added.push_back(name);
  if (added.empty())
    throw plugin_error(path, "it registers no policy (a plugin registers its policies with COALSIM_REGISTER_POLICY "
                             "in its .cpp: docs/policies.md, \"A policy outside the tree\")");
  return added;
}

} // namespace coalsim
