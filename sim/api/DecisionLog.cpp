#include "sim/api/DecisionLog.hpp"

namespace coalsim {

namespace {
/** Keeps nothing; a policy never calls it, as enabled() is false. */
class DecisionLogOff final : public DecisionLog {
public:
  DecisionLogOff() : DecisionLog(false) {}
  uint64_t begin_round(JobId, ClusterIndex) override { return 0; }
  void candidate(uint64_t, ClusterIndex, int, const char*, const char*) override {}
  void term(uint64_t, ClusterIndex, int, const char*, double) override {}
};
} // namespace

DecisionLog& DecisionLog::off()
{
  static DecisionLogOff log;
  return log;
}

} // namespace coalsim
