#include "workloads/background/BackgroundModels.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_background_background_models, coalsim_background, "BackgroundModels");

namespace coalsim {

bool background_model_reads(const std::string& model, const std::string& key)
{
  const auto& models = Registry<BackgroundModels>::instance();
  if (not models.contains(model))
    return false;
  for (const auto& parameter : models.at(model).parameters)
    if (parameter.name == key)
      return true;
  return false;
}

std::string background_key_readers(const std::string& key)
{
  std::string readers;
  for (const auto& name : Registry<BackgroundModels>::instance().names())
    if (background_model_reads(name, key))
      readers += (readers.empty() ? "only read with " : " or ") + ("'model: " + name + "'");
  return readers;
}

std::unique_ptr<BackgroundLoad> make_background_load(const BackgroundModel& model, LocalResourceManager& manager,
                                                     uint64_t seed, const BackgroundModels::LogLocator& locate)
{
  return Registry<BackgroundModels>::instance().at(model.model).factory(model, manager, seed, locate);
}

} // namespace coalsim
