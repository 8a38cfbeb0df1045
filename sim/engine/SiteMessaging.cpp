/* The grid scheduler's mechanisms for a policy with one scheduler per site: messages between the sites' scheduler
 * hosts, the routes between them, and the record of a job moving from one site's scheduler to another's. */
#include "sim/engine/GridScheduler.hpp"

#include "sim/engine/Clock.hpp"
#include "sim/platform/RouteProperties.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_site_messaging, coalsim_engine, "SiteMessaging");

namespace coalsim {

void GridScheduler::send(ClusterIndex from, ClusterIndex to, std::shared_ptr<const Message> message)
{
  if (not messages_) {
    xbt_assert(parts_.tracker != nullptr, "this grid scheduler was built without an activity tracker for messages");
    std::vector<sg4::Host*> hosts;
    for (const auto& c : parts_.platform.clusters())
      hosts.push_back(c.scheduler_host);
    messages_ =
        std::make_unique<MessageService>(std::move(hosts), *parts_.tracker,
                                         [this](const sg4::Host* a, const sg4::Host* b, std::vector<sg4::Link*>& links,
                                                double& latency) { parts_.platform.host_route(a, b, links, latency); });
    messages_->set_recorder([this](const MessageService::Record& r) { parts_.lifecycle.message_ended(r); });
  }
  uint64_t order = messages_so_far_++;
  messages_->send(from, to, std::move(message),
                  [this, from, to, order](bool delivered, std::shared_ptr<const Message> m) {
                    messages_due_.emplace(order, MessageDue{from, to, std::move(m), delivered});
                    request_pass();
                  });
}

void GridScheduler::deliver_messages()
{
  while (not messages_due_.empty()) {
    auto due = std::move(messages_due_.begin()->second);
    messages_due_.erase(messages_due_.begin());
    parts_.policy.on_message(due.from, due.to, *due.message, due.delivered);
  }
}

RouteQuality GridScheduler::route(ClusterIndex from, ClusterIndex to) const
{
  // Not kept: a policy that asks often keeps what it needs (a table of every pair of 1,000 sites is 1M routes). The
  // route is composed from the platform's kept pieces (SimGrid's route_to per pair was most of DIANA's cost on 1,000
  // sites, whose network costs reach every pair over a long run).
  sg4::Host* a = parts_.platform.cluster(from).scheduler_host;
  sg4::Host* b = parts_.platform.cluster(to).scheduler_host;
  if (a == b)
    return route_quality(a, b, parts_.platform_file);
  std::vector<sg4::Link*> links;
  double latency = 0;
  parts_.platform.host_route(a, b, links, latency);
  return route_quality(links, latency, parts_.platform_file);
}

void GridScheduler::record_submission_site(JobId job, ClusterIndex site)
{
  xbt_assert(site >= 0 && static_cast<size_t>(site) < parts_.platform.clusters().size(), "job %ld submitted to site %d",
             static_cast<long>(job), site);
  xbt_assert(active_.count(job), "job %ld, not in the system, submitted to site %d", static_cast<long>(job), site);
  parts_.lifecycle.submission_site(job, site);
}

void GridScheduler::record_migration(JobId job, ClusterIndex from, ClusterIndex to)
{
  XBT_VERB("job %ld migrates from site %d to site %d", static_cast<long>(job), from, to);
  parts_.lifecycle.migration(now(), job, from, to);
}

void GridScheduler::record_migration_check(ClusterIndex site, double started, int examined, int migrated)
{
  xbt_assert(started <= now() && examined >= 0 && migrated >= 0 && migrated <= examined,
             "a migration check of site %d begun at %g (now %g) examined %d jobs and migrated %d", site, started, now(),
             examined, migrated);
  parts_.lifecycle.migration_check(now(), started, site, examined, migrated);
}

} // namespace coalsim
