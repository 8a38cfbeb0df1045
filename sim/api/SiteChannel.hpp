/* What a policy with one scheduler per site (each cluster's, on its scheduler host) may do: send typed messages
 * between the sites' schedulers over the platform, learn the routes between them, and record where its jobs were
 * submitted and moved. Granted only to a policy that declares PolicyNeeds::site_messages. */
#pragma once

#include "sim/api/Job.hpp"
#include "sim/api/Message.hpp"
#include "sim/api/RouteQuality.hpp"

#include <memory>

namespace coalsim {

class SiteChannel {
public:
  virtual ~SiteChannel() = default;

  /** Sends `message` from site `from`'s scheduler host to site `to`'s now, as a communication of its size
   *  (Message::bytes) over the platform; the policy gets GridPolicy::on_message at its arrival (or failure, when a
   *  scheduler host is off), at that instant's step, with the same message. */
  virtual void send(ClusterIndex from, ClusterIndex to, std::shared_ptr<const Message> message) = 0;
  /** The route between the two sites' scheduler hosts: latency, bandwidth, loss and jitter. */
  virtual RouteQuality route(ClusterIndex from, ClusterIndex to) const = 0;
  /** The site `job` was submitted to, whose scheduler decides it first (its /jobs `submission_site`; a job of
   *  which none is recorded has -1 there). */
  virtual void record_submission_site(JobId job, ClusterIndex site) = 0;
  /** The job waiting with site `from`'s scheduler now waits with site `to`'s (a /migrations row). */
  virtual void record_migration(JobId job, ClusterIndex from, ClusterIndex to) = 0;
  /** Site `site`'s scheduler, in a check begun at `started`, examined `examined` of its waiting jobs for migration
   *  and sent `migrated` of them away (a /migration_checks row, written now, when it decided). */
  virtual void record_migration_check(ClusterIndex site, double started, int examined, int migrated) = 0;
};

} // namespace coalsim
