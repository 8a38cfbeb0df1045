#include "sim/engine/MessageService.hpp"

#include "sim/engine/Clock.hpp"
#include "sim/engine/PayloadSize.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

#include <cmath>
#include <limits>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_message_service, coalsim_engine, "MessageService");

namespace sg4 = simgrid::s4u;

namespace coalsim {

void MessageService::send(int from, int to, std::shared_ptr<const Message> message, Done done)
{
  xbt_assert(from >= 0 && static_cast<size_t>(from) < endpoints_.size() && to >= 0 &&
                 static_cast<size_t>(to) < endpoints_.size(),
             "message from endpoint %d to %d: there are %zu endpoints", from, to, endpoints_.size());
  const double bytes = message->bytes();
  const JobId job    = message->job();
  xbt_assert(bytes >= 0, "a message of %g bytes", bytes);
  Record record;
  record.sent            = now();
  record.received        = NAN;
  record.from            = from;
  record.to              = to;
  record.kind            = message->kind();
  record.bytes           = bytes;
  record.job             = job;
  record.route_bandwidth = std::numeric_limits<double>::infinity();
  for (const sg4::Link* link : links(from, to)) {
    record.route_latency += link->get_latency();
    record.route_bandwidth = std::min(record.route_bandwidth, link->get_bandwidth());
  }
  ++sent_;
  ++in_flight_;
  if (job >= 0) {
    auto& [count, job_bytes] = per_job_[job];
    ++count;
    job_bytes += bytes;
  }
  sg4::Host* source      = endpoints_[from];
  sg4::Host* destination = endpoints_[to];
  if (not source->is_on() || not destination->is_on() || source == destination) {
    // SimGrid starts no communication with a host that is off, and none from a host to itself: the outcome is
    // reported from a timer due now, as any other.
    bool delivered = source->is_on() && destination->is_on();
    at(now(), [this, record, delivered, message = std::move(message), done = std::move(done)]() mutable {
      finish(record, delivered, std::move(message), done);
    });
    return;
  }
  auto comm = sg4::Comm::sendto_init(source, destination);
  comm->set_payload_size(payload_size(bytes, "a message"));
  tracker_->start(comm, [this, record, message = std::move(message),
                         done = std::move(done)](const sg4::Activity& activity) mutable {
    bool delivered = activity.get_state() == sg4::Activity::State::FINISHED;
    finish(record, delivered, std::move(message), done);
  });
}

void MessageService::finish(Record record, bool delivered, std::shared_ptr<const Message> message, const Done& done)
{
  --in_flight_;
  if (delivered)
    record.received = now();
  else
    record.failed_at = now();
  XBT_VERB("%s of job %ld from %d to %d (%g B) %s", record.kind.c_str(), static_cast<long>(record.job), record.from,
           record.to, record.bytes, delivered ? "arrived" : "failed");
  if (recorder_)
    recorder_(record);
  done(delivered, std::move(message));
}

const std::vector<sg4::Link*>& MessageService::links(int from, int to)
{
  route_.clear();
  double latency = 0;
  if (endpoints_[from] == endpoints_[to])
    return route_;
  if (find_route_)
    find_route_(endpoints_[from], endpoints_[to], route_, latency);
  else
    endpoints_[from]->route_to(endpoints_[to], route_, &latency);
  return route_;
}

int64_t MessageService::messages_of(JobId job) const
{
  auto it = per_job_.find(job);
  return it == per_job_.end() ? 0 : it->second.first;
}

double MessageService::bytes_of(JobId job) const
{
  auto it = per_job_.find(job);
  return it == per_job_.end() ? 0 : it->second.second;
}

} // namespace coalsim
