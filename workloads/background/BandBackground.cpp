#include "workloads/background/BandBackground.hpp"

#include "sim/config/ConfigNode.hpp"
#include "sim/engine/Clock.hpp"
#include "workloads/background/BackgroundModels.hpp"
#include "workloads/background/SyntheticBackground.hpp"

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

namespace {

std::vector<ParameterSpec> band_parameters()
{
  using Type                        = ParameterSpec::Type;
  std::vector<ParameterSpec> params = {
      {"band", Type::section, "[0.3, 0.4]", "0 <= low <= high < 1",
       "[low, high]: dummy jobs fill to the middle below low, and are killed down to it above high", "fraction"},
      {"band_interval", Type::number, "60", ">= 0.001", "time between checks", "s", 60, 0.001},
      {"band_void_after", Type::number, "0", ">= 0",
       "the run is declared void once the background stays above high with no dummy job left to kill for this long "
       "(0: never)",
       "s", 0, 0},
      {"others", Type::section, "-", "not band",
       "the other users, a background model of their own (without it, this model's own synthetic keys)"}};
  for (auto& own : synthetic_job_parameters("own users: "))
    params.push_back(std::move(own));
  return params;
}

void check_band(ConfigNode& node, const BackgroundModel& model)
{
  if (not model.band_others)
    return;
  for (const char* own : {"utilization", "interarrival", "size", "runtime"})
    if (node.has(own))
      node.child(own).fail("the other users are given by 'others'; move this key there");
  if (model.band_others->model == "band")
    node.child("others").child("model").fail("the other users cannot be a band themselves");
}

std::vector<BackgroundTime> band_times(const BackgroundModel& model)
{
  auto times = synthetic_job_times(model);
  times.push_back({"band_interval", model.band_interval, "an interval of"});
  return times;
}

} // namespace

COALSIM_REGISTER(BackgroundModels, band, "band",
                 "the experimenters' control of the load (KOALA paper 7.5): the other users' jobs plus dummy jobs that "
                 "keep each cluster's background inside the band",
                 [](const BackgroundModel& model, LocalResourceManager& manager, uint64_t seed,
                    const BackgroundModels::LogLocator& locate) {
                   std::unique_ptr<BackgroundLoad> others =
                       model.band_others ? make_background_load(*model.band_others, manager, seed, locate)
                                         : std::make_unique<SyntheticBackground>(model, manager, seed);
                   return std::make_unique<BandBackground>(model, manager, std::move(others));
                 },
                 band_parameters(), {.check = check_band, .times = band_times});

} // namespace coalsim
