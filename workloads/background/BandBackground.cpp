#include "workloads/background/BandBackground.hpp"

#include "sim/engine/Clock.hpp"

#include <algorithm>
#include <cmath>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_background_band_background, coalsim_background, "BandBackground");

namespace coalsim {

BandBackground::BandBackground(const BackgroundModel& model, LocalResourceManager& manager,
                               std::unique_ptr<BackgroundLoad> others)
    : others_(std::move(others))
    , manager_(&manager)
    , low_(model.band_low)
    , high_(model.band_high)
    , interval_(model.band_interval)
    , void_after_(model.band_void_after)
{
}

void BandBackground::start(std::function<bool()> keep_going)
{
  keep_going_ = std::move(keep_going);
  others_->start(keep_going_);
  at(0, [this] { tick(); });
}

void BandBackground::tick()
{
  if (not keep_going_())
    return;
  adjust();
  at(now() + interval_, [this] { tick(); });
}

void BandBackground::adjust()
{
  const int processors = manager_->processors();
  const int busy       = manager_->busy_background();
  const int middle     = static_cast<int>(std::lround((low_ + high_) / 2 * processors));
  if (busy < low_ * processors)
    manager_->start_dummy(std::clamp(middle - busy, 0, manager_->idle()));
  else if (busy > high_ * processors && manager_->dummy() > 0)
    manager_->kill_dummy(busy - middle);

  if (void_after_ <= 0 || voided_at_)
    return;
  // After the kills: the other users alone hold it above the band
  const bool out_of_reach = manager_->busy_background() > high_ * processors && manager_->dummy() == 0;
  if (not out_of_reach)
    above_without_dummies_since_.reset();
  else if (not above_without_dummies_since_)
    above_without_dummies_since_ = now();
  else if (now() - *above_without_dummies_since_ >= void_after_)
    voided_at_ = now();
}

} // namespace coalsim
