/* No background: the cluster runs the grid's jobs alone. */
#include "workloads/background/BackgroundModels.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_background_no_background, coalsim_background, "NoBackground");

namespace coalsim {

namespace {

class NoBackground : public BackgroundLoad {
public:
  void start(std::function<bool()>) override {}
  uint64_t submitted() const override { return 0; }
  bool finite() const override { return true; } // nothing to come: a run without grid jobs ends at once
};

} // namespace

COALSIM_REGISTER(BackgroundModels, none, "none", "no other users: the cluster runs the grid's jobs alone",
                 [](const BackgroundModel&, LocalResourceManager&, uint64_t, const BackgroundModels::LogLocator&) {
                   return std::make_unique<NoBackground>();
                 });

} // namespace coalsim
