/* `always_on`: every host stays on (the default, and coalsim's behaviour before power management). */
#include "sim/engine/power/PowerManagers.hpp"

namespace coalsim {

namespace {

class AlwaysOn final : public PowerManager {
public:
  void attach(Hosts, EnergyAccounting*, size_t) override {}
  bool observes_cores() const override { return false; }
  void need(int, For) override {}
  void wake(int, For) override {}
  void release() override {}
  int cores_off() const override { return 0; }
  int cores_booting() const override { return 0; }
  bool is_off(int) const override { return false; }
};

} // namespace

COALSIM_REGISTER(PowerManagers, always_on, "always_on", "every compute host stays on",
                 [](const PowerConfig&) { return std::make_unique<AlwaysOn>(); });

} // namespace coalsim
