/* DIANA's choice of where a queued job migrates (report 4.8, Fig 4.7): among the peers that answered, the one with
 * the fewest jobs ahead of the job (queued jobs it would wait behind), ties broken by the cost of running the job
 * there, then by the lower site index. The job moves only if that peer beats the local site in the same order:
 * fewer jobs ahead, or as many and a lower cost (Fig 4.7 compares jobs ahead; 4.8.2 adds that the job stays when
 * the remote site's jobs and cost are no better than the local ones, so a job at the head of a busy site may still
 * move to an idle one). And only while it has moved fewer times than the limit, which the report leaves open (a
 * job must not bounce forever). */
#pragma once

#include <optional>
#include <vector>

namespace coalsim::diana {

/** A peer's answer to "how many jobs would be ahead of this job, and what would it cost there". */
struct PeerOffer {
  int site       = 0;
  int jobs_ahead = 0;
  double cost    = 0;
};

struct LocalStanding {
  int jobs_ahead = 0; // queued jobs before the job in the local queue
  double cost    = 0;
  int migrations = 0; // how often the job has moved already
};

/** The best peer by (jobs ahead, cost, site), whether or not it beats the local site; nothing without offers. */
std::optional<PeerOffer> best_offer(const std::vector<PeerOffer>& offers);

/** The site to migrate to, or nothing: no offer, none better than the local site by (jobs ahead, cost), or the
 *  limit reached (`max_migrations` < 0: no limit). */
std::optional<int> choose_migration(const LocalStanding& local, const std::vector<PeerOffer>& offers,
                                    int max_migrations);

} // namespace coalsim::diana
