/* The power each cluster draws, integrated exactly over time and emitted as fixed-interval means, at the instants of
 * the utilization samples (UtilizationRecorder.hpp). Memory does not grow with the run. */
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

namespace coalsim {

class PowerRecorder {
public:
  /** Called with the end of each interval and each cluster's mean power over it (W). */
  using Sink = std::function<void(double time, const std::vector<double>& watts)>;
  PowerRecorder(size_t clusters, double interval, Sink sink);

  void set_watts(size_t cluster, double watts, double now);
  /** Closes the last (possibly shorter) interval at `end`; later updates are ignored. */
  void finish(double end);

private:
  void advance(double now);

  double interval_;
  Sink sink_;
  bool finished_      = false;
  double last_        = 0;
  double next_sample_ = 0;
  std::vector<double> watts_, accumulated_, mean_;
};

} // namespace coalsim
