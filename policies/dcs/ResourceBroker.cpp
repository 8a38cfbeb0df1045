#include "policies/dcs/ResourceBroker.hpp"

#include "sim/config/InputError.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_dcs_resource_broker, coalsim_dcs, "ResourceBroker");

namespace coalsim::dcs {

const std::vector<std::string>& ResourceBroker::fit_names()
{
  static const std::vector<std::string> names = {"worstfit", "bestfit", "plain_worstfit", "plain_bestfit", "firstfit"};
  return names;
}

ResourceBroker::Fit ResourceBroker::fit_from_name(const std::string& name)
{
  const auto& names = fit_names();
  for (size_t k = 0; k < names.size(); ++k)
    if (names[k] == name)
      return static_cast<Fit>(k);
  throw InputError("Invalid fit '" + name + "': not a DCS fitting rule");
}

std::optional<fitting::Components> ResourceBroker::approve(const JobSpec& job, std::vector<int>& idle,
                                                           const ComponentCores& held) const
{
  switch (job.type) {
    case RequestType::ordered:
      return fitting::fit_ordered(job.components, idle, held);
    case RequestType::flexible:
      return std::nullopt;
    case RequestType::unordered:
    case RequestType::total:
      break;
  }
  switch (fit_) {
    case Fit::modified_worst_fit:
      return fitting::fit_unordered_marked(job.components, idle, fitting::Rule::worst_fit, held);
    case Fit::modified_best_fit:
      return fitting::fit_unordered_marked(job.components, idle, fitting::Rule::best_fit, held);
    case Fit::worst_fit:
      return fitting::fit_unordered(job.components, idle, fitting::Rule::worst_fit, held);
    case Fit::best_fit:
      return fitting::fit_unordered(job.components, idle, fitting::Rule::best_fit, held);
    case Fit::first_fit:
      return fitting::fit_unordered(job.components, idle, fitting::Rule::first_fit, held);
  }
  return std::nullopt;
}

} // namespace coalsim::dcs
