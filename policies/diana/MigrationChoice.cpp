#include "policies/diana/MigrationChoice.hpp"

#include <xbt/log.h>

#include <tuple>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_diana_migration_choice, coalsim_diana, "MigrationChoice");

namespace coalsim::diana {

std::optional<PeerOffer> best_offer(const std::vector<PeerOffer>& offers)
{
  std::optional<PeerOffer> best;
  for (const auto& offer : offers)
    if (!best ||
        std::tie(offer.jobs_ahead, offer.cost, offer.site) < std::tie(best->jobs_ahead, best->cost, best->site))
      best = offer;
  return best;
}

std::optional<int> choose_migration(const LocalStanding& local, const std::vector<PeerOffer>& offers,
                                    int max_migrations)
{
  if (max_migrations >= 0 && local.migrations >= max_migrations)
    return std::nullopt;
  auto best = best_offer(offers);
  if (!best || std::tie(best->jobs_ahead, best->cost) >= std::tie(local.jobs_ahead, local.cost))
    return std::nullopt;
  return best->site;
}

} // namespace coalsim::diana
