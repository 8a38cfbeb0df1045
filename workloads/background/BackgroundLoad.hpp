/* Local jobs of other users on one cluster, submitted to its local resource manager: a synthetic model or
 * a replayed trace (see BackgroundModel). Arrivals are generated one at a time, so memory does not grow
 * with the run. */
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

namespace coalsim {

class BackgroundLoad {
public:
  virtual ~BackgroundLoad() = default;
  /** Starts the arrivals at time 0; they stop once `keep_going` returns false (or the model runs out). */
  virtual void start(std::function<bool()> keep_going) = 0;
  /** Local jobs submitted so far. */
  virtual uint64_t submitted() const = 0;
  /** Jobs the model could not submit because they need more processors than the cluster has. */
  virtual uint64_t too_large() const { return 0; }
  /** True when the arrivals end by themselves (a replayed window); false when they go on while asked. */
  virtual bool finite() const = 0;
  /** True while local jobs may still arrive. */
  virtual bool arriving() const { return not finite(); }
  /** When the model declared the run void (only the band background does, see BandBackground). */
  virtual std::optional<double> voided_at() const { return std::nullopt; }
};

} // namespace coalsim
