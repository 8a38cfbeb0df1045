#include "sim/api/PolicyRegistry.hpp"

#include "sim/config/InputError.hpp"

#include <sstream>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_api_policy_registry, coalsim_api, "PolicyRegistry");

namespace coalsim {

PolicyRegistry& PolicyRegistry::instance()
{
  static PolicyRegistry registry;
  return registry;
}

bool PolicyRegistry::add(const std::string& name, const std::string& description, PolicyFactory factory)
{
  xbt_assert(entries_.count(name) == 0, "Policy '%s' registered twice", name.c_str());
  entries_[name] = Entry{description, std::move(factory)};
  return true;
}

std::unique_ptr<GridPolicy> PolicyRegistry::create(const std::string& name, PolicyParameters& parameters,
                                                   const PolicyContext& context) const
{
  auto it = entries_.find(name);
  if (it == entries_.end())
    throw InputError("Invalid policy '" + name + "': no such policy; valid values are: " + valid_names());
  auto policy = it->second.factory(parameters, context);
  parameters.check_all_used();
  return policy;
}

std::string PolicyRegistry::valid_names() const
{
  std::string valid;
  for (const auto& entry : entries_)
    valid += (valid.empty() ? "" : ", ") + entry.first;
  return valid;
}

std::string PolicyRegistry::help() const
{
  std::ostringstream out;
  out << "Policies (--policy NAME; parameters under `policy:` in the experiment file):\n";
  // No platform is read for the help: a parameter whose choices are the clusters names one in their place.
  PolicyContext no_platform{{"<a cluster's name>"}};
  for (const auto& [name, entry] : entries_) {
    out << "  " << name << std::string(name.size() < 8 ? 10 - name.size() : 2, ' ') << entry.description << "\n";
    PolicyParameters parameters(name, {});
    entry.factory(parameters, no_platform);
    for (const auto& line : parameters.declared())
      out << "      " << line << "\n";
  }
  return out.str();
}

} // namespace coalsim
