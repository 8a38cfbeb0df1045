/* The local disciplines: how a cluster's local resource manager serves its queue of local jobs (LocalQueue.hpp).
 * Each registers by name beside its code (COALSIM_REGISTER(LocalDisciplines, ...), sim/config/Registry.hpp);
 * `background.scheduler` names one. */
#pragma once

#include "sim/api/LocalQueue.hpp"
#include "sim/config/Registry.hpp"

#include <functional>
#include <memory>
#include <string>

namespace coalsim {

struct LocalDisciplines {
  using Factory                        = std::function<std::unique_ptr<LocalQueue>()>;
  using Traits                         = NoTraits;
  static constexpr const char* heading = "Local disciplines (background.scheduler: NAME)";
  static constexpr const char* thing   = "local discipline";
};

/** An empty queue of the registered discipline `discipline` (which the experiment reader has checked). */
std::unique_ptr<LocalQueue> make_local_queue(const std::string& discipline);

} // namespace coalsim
