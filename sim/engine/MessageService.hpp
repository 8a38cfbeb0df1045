/* Messages between endpoints (one host each, e.g. the scheduler host of each site) as SimGrid communications of
 * their size, so that a message takes the route's latency plus its size over the bandwidth it gets, and shares
 * the links with file transfers. A message to or from a host that is off fails (at once when the host is off at
 * the send, else when SimGrid fails the communication); the sender learns it. Every message ends as a record
 * (sent, received or failed, from, to, kind, bytes, job, and its route's latency and bottleneck bandwidth at the
 * send) for the trace, and counts towards its job's messages and bytes.
 * Names no policy: what a message means is the sender's and the receiver's business. */
#pragma once

#include "sim/api/Job.hpp"
#include "sim/api/Message.hpp"
#include "sim/engine/ActivityTracker.hpp"
#include "sim/trace/MessageRecord.hpp"

#include <simgrid/s4u.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace coalsim {

class MessageService {
public:
  using Record = MessageRecord;
  /** Called when the message arrived (`delivered`) or failed; the message is passed back. */
  using Done     = std::function<void(bool delivered, std::shared_ptr<const Message> message)>;
  using Recorder = std::function<void(const Record&)>;

  /** The route between two hosts: links appended, latency set (SimGrid's, however found). */
  using RouteFinder = std::function<void(const simgrid::s4u::Host* from, const simgrid::s4u::Host* to,
                                         std::vector<simgrid::s4u::Link*>& links, double& latency)>;

  /** `find_route`: how the routes recorded with each message are found (default: SimGrid's route_to). */
  MessageService(std::vector<simgrid::s4u::Host*> endpoints, ActivityTracker& tracker, RouteFinder find_route = {})
      : endpoints_(std::move(endpoints))
      , tracker_(&tracker)
      , find_route_(std::move(find_route))
  {
  }

  /** Sends `message` from endpoint `from` to endpoint `to` now; `done` is called at its arrival or failure
   *  (never from within this call). Sending to oneself takes no time on the network but still comes back
   *  through a timer. */
  void send(int from, int to, std::shared_ptr<const Message> message, Done done);
  void set_recorder(Recorder recorder) { recorder_ = std::move(recorder); }

  size_t endpoints() const { return endpoints_.size(); }
  simgrid::s4u::Host* host(int endpoint) const { return endpoints_.at(endpoint); }
  /** Messages sent about `job`, delivered or not, and their bytes. */
  int64_t messages_of(JobId job) const;
  double bytes_of(JobId job) const;
  int64_t sent() const { return sent_; }
  size_t in_flight() const { return in_flight_; }

private:
  void finish(Record record, bool delivered, std::shared_ptr<const Message> message, const Done& done);
  /** The links from endpoint `from` to `to`, found at each message (valid until the next call): a table of every
   *  pair of 1,000 sites would be 1M routes. */
  const std::vector<simgrid::s4u::Link*>& links(int from, int to);

  std::vector<simgrid::s4u::Host*> endpoints_;
  ActivityTracker* tracker_;
  Recorder recorder_;
  std::unordered_map<JobId, std::pair<int64_t, double>> per_job_; // messages, bytes
  RouteFinder find_route_;
  std::vector<simgrid::s4u::Link*> route_; // links()'s answer
  int64_t sent_     = 0;
  size_t in_flight_ = 0;
};

} // namespace coalsim
