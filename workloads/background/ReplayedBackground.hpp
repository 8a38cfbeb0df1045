/* A trace replayed as the local load of one cluster (e.g. the DAS-2 fs1 log on fs1): every usable record
 * of the window is submitted to the local resource manager at its (shifted, scaled) submit time, with its
 * recorded run time and requested time. Records still too large for the cluster after scaling are counted
 * and left out. */
#pragma once

#include "sim/engine/LocalResourceManager.hpp"
#include "workloads/TraceReplay.hpp"
#include "workloads/background/BackgroundLoad.hpp"

namespace coalsim {

class ReplayedBackground : public BackgroundLoad {
public:
  ReplayedBackground(const TraceReplayConfig& config, const std::string& path, LocalResourceManager& manager);
  void start(std::function<bool()> keep_going) override;
  uint64_t submitted() const override { return submitted_; }
  uint64_t too_large() const override { return too_large_; }
  bool finite() const override { return true; }
  bool arriving() const override { return has_next_; }
  const TraceReplay& trace() const { return trace_; }

private:
  /** Submits every job due now, in trace order, and waits for the next. */
  void arrive();

  TraceReplay trace_;
  LocalResourceManager* manager_;
  ReplayedJob next_;
  bool has_next_      = false;
  uint64_t submitted_ = 0;
  uint64_t too_large_ = 0;
  std::function<bool()> keep_going_;
};

} // namespace coalsim
