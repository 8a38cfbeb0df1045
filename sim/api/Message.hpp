/* A message between two sites' schedulers (SiteChannel::send): the engine carries it as a SimGrid communication of
 * `bytes` between the sites' scheduler hosts, and the receiver reads `values`. What a kind means is the policy's
 * business; the trace records every message (/messages). */
#pragma once

#include "sim/api/Job.hpp"

#include <string>
#include <vector>

namespace coalsim {

struct Message {
  std::string kind;           // e.g. "query", "reply", "job", "output" (at most 15 characters in the trace)
  double bytes = 0;           // size carried over the network
  JobId job    = -1;          // the job it is about, -1 for none
  std::vector<double> values; // what the receiver reads (costs, counts, job ids); not sized: `bytes` is
};

} // namespace coalsim
