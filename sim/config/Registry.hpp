/* One registry per pluggable kind, all alike: grid policies, local disciplines, runtime models, background
 * models and workload generators. An entry registers by name from its own .cpp,
 *
 *     COALSIM_REGISTER(LocalDiscipline, easy, "easy", "EASY backfilling ...", [] { return ...; });
 *
 * with its parameters (ParameterSpec) and the kind's traits beside its code. The engine asks the registry for an
 * entry by name; it lists no names and switches on no kind. `simulate --list KIND` and the docs' tables are
 * printed from here, so a new entry is documented by registering it.
 *
 * A kind is a tag type in namespace coalsim that gives
 *   Factory    what builds an entry's object (a std::function);
 *   Traits     what the rest of the run must know of an entry without building it (an empty struct for none);
 *   heading    the first line of its listing;
 *   thing      the word of its errors ("policy", "local discipline", ...);
 * and, optionally, `static std::vector<ParameterSpec> declared(const Entry&)` when an entry declares its
 * parameters as it reads them (a grid policy) rather than in a list. */
#pragma once

#include "sim/config/InputError.hpp"
#include "sim/config/ParameterSpec.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace coalsim {

/** Two entries of one name are a build mistake, found before any run: the process stops. While simulate loads a
 *  plugin (`--plugin`, setup/Plugins.cpp), a clash is the plugin's instead: it is noted here, the entry left out,
 *  for the loader to report as the plugin's input error (an exception cannot cross the plugin's loading). */
// Visibility default here, on Registry and on each kind a plugin registers into (GridPolicies): the registry and
// the clashes noted stay one per process, exported by simulate to the plugins it loads, even where a file that
// instantiates them is compiled with hidden visibility (the Python bindings are): one hidden instantiation makes
// simulate's copy local, and a plugin would register into a registry of its own.
struct __attribute__((visibility("default"))) RegistrationClashes {
  static inline bool noting = false;
  /** "policy 'wf'", one per clash noted. */
  static inline std::vector<std::string> noted = {};
};

template <class Kind> class __attribute__((visibility("default"))) Registry {
public:
  using Factory = typename Kind::Factory;
  using Traits  = typename Kind::Traits;

  struct Entry {
    std::string name;
    std::string description;
    Factory factory;
    std::vector<ParameterSpec> parameters = {};
    Traits traits                         = {};
  };

  static Registry& instance()
  {
    static Registry registry;
    return registry;
  }

  bool add(std::string name, std::string description, Factory factory, std::vector<ParameterSpec> parameters = {},
           Traits traits = {})
  {
    if (entries_.count(name) > 0) {
      if (RegistrationClashes::noting) {
        RegistrationClashes::noted.push_back(std::string(Kind::thing) + " '" + name + "'");
        return false;
      }
      std::fprintf(stderr, "coalsim: %s '%s' registered twice\n", Kind::thing, name.c_str());
      std::abort();
    }
    std::string key = name;
    entries_.emplace(std::move(key), Entry{std::move(name), std::move(description), std::move(factory),
                                           std::move(parameters), std::move(traits)});
    return true;
  }

  bool contains(const std::string& name) const { return entries_.count(name) > 0; }

  /** The entry of `name`; throws InputError naming the valid names otherwise (a reader that knows where the name
   *  was written checks it first, with its location). */
  const Entry& at(const std::string& name) const
  {
    auto it = entries_.find(name);
    if (it == entries_.end())
      throw InputError(std::string("Invalid ") + Kind::thing + " '" + name + "': no such " + Kind::thing +
                       "; valid values are: " + valid_names());
    return it->second;
  }

  /** The registered names, sorted. */
  std::vector<std::string> names() const
  {
    std::vector<std::string> out;
    for (const auto& entry : entries_)
      out.push_back(entry.first);
    return out;
  }

  /** "a, b, c": the registered names, for errors. */
  std::string valid_names() const
  {
    std::string valid;
    for (const auto& entry : entries_)
      valid += (valid.empty() ? "" : ", ") + entry.first;
    return valid;
  }

  const std::map<std::string, Entry>& entries() const { return entries_; }

  /** The parameters `entry` declares. */
  static std::vector<ParameterSpec> parameters_of(const Entry& entry)
  {
    if constexpr (requires { Kind::declared(entry); })
      return Kind::declared(entry);
    else
      return entry.parameters;
  }

  /** The heading, then "  name  description" lines, each with its parameters. */
  std::string help() const
  {
    std::ostringstream out;
    out << Kind::heading << ":\n";
    for (const auto& [name, entry] : entries_) {
      out << "  " << name << std::string(name.size() < 8 ? 10 - name.size() : 2, ' ') << entry.description << "\n";
      for (const auto& parameter : parameters_of(entry))
        out << "      " << parameter.line() << "\n";
    }
    return out.str();
  }

  /** The docs' table of the entries (`| name | what it does |`), then one of each entry's parameters. */
  std::string markdown() const
  {
    std::ostringstream out;
    out << "| name | what it does |\n| --- | --- |\n";
    for (const auto& [name, entry] : entries_)
      out << "| `" << name << "` | " << cell(entry.description) << " |\n";
    for (const auto& [name, entry] : entries_) {
      auto parameters = parameters_of(entry);
      if (parameters.empty())
        continue;
      out << "\nParameters of `" << name << "`:\n\n"
          << "| parameter | default | bounds | units | meaning |\n| --- | --- | --- | --- | --- |\n";
      for (const auto& p : parameters)
        out << "| `" << p.name << "` | `" << p.default_text << "` | " << (p.bounds.empty() ? "-" : cell(p.bounds))
            << " | " << (p.units.empty() ? "-" : cell(p.units)) << " | " << cell(p.help) << " |\n";
    }
    return out.str();
  }

private:
  /** `text` in a table's cell: a `|` would end the cell. */
  static std::string cell(const std::string& text)
  {
    std::string out;
    for (char c : text)
      out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
  }

  std::map<std::string, Entry> entries_;
};

/** No traits: a kind whose entries the run needs to know nothing of before it builds them. */
struct NoTraits {};

} // namespace coalsim

/** Registers an entry of `Kind` (a tag type in namespace coalsim) from its own .cpp; `id` names it uniquely among
 *  the kind's entries in the build (a plain identifier), the rest are Registry<Kind>::add's arguments. */
#define COALSIM_REGISTER(Kind, id, ...)                                                                                \
  static const bool coalsim_registered_##Kind##_##id = ::coalsim::Registry<::coalsim::Kind>::instance().add(__VA_ARGS__)
