/* A plugin whose policy takes a built-in's name, `wf` (tests/plugin/test_plugin.py: simulate refuses it). */
#include "sim/api/GridPolicy.hpp"
#include "sim/api/PolicyRegistry.hpp"

namespace {

/** Places nothing: simulate refuses the plugin before any run. */
class NeverPlaces : public coalsim::GridPolicy {
public:
  void on_job_submitted(const coalsim::JobSpec&) override { ++waiting_; }
  void on_claim_failed(const coalsim::JobSpec&) override { ++waiting_; }
  void on_job_withdrawn(const coalsim::JobSpec&) override { --waiting_; }
  coalsim::Decisions decide(const coalsim::GridView&) override { return {}; }
  size_t waiting_jobs() const override { return waiting_; }

private:
  size_t waiting_ = 0;
};

} // namespace

COALSIM_REGISTER_POLICY(wf, "wf", "a second worst-fit", [](coalsim::PolicyParameters&, const coalsim::PolicyContext&) {
  return std::make_unique<NeverPlaces>();
});
