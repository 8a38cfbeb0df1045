/* Conservative backfilling with shaped jobs (ConservativeBackfilling.hpp): a profile of free cores per host, and
 * every reservation made again at each pass. Planning again in queue order keeps the rule that a job never waits
 * for one behind it; unlike the compression of the pool's profile it does not promise that a reservation never
 * moves later (an earlier job moving earlier may take the hosts a later one had reserved). */
#include "sim/engine/ConservativeBackfilling.hpp"

#include <algorithm>
#include <cmath>

namespace coalsim {

void ConservativeBackfilling::pass_by_host(LocalPass& pass, const Start& start)
{
  std::vector<ProcessorProfile> hosts = pass.shaped->host_profiles(pass.now);
  next_due_                           = INFINITY;
  unplanned_                          = 0;
  improved_                           = false;
  std::vector<HostCores> take;
  for (auto it = waiting_.begin(); it != waiting_.end();) {
    const int size       = it->job.request.size;
    const double runtime = it->job.estimate;
    take.clear();
    it->start = pass.shaped->earliest(size, runtime, pass.now, hosts, take);
    if (not std::isfinite(it->start)) { // only cores with no estimated end could make room: a later pass plans it
      ++it;
      continue;
    }
    for (const HostCores& h : take)
      hosts[h.host].add(it->start, it->start + runtime, -h.cores);
    // Not due yet; or due, but a running job past its estimate still holds some of its cores (it is planned to end
    // now): it starts at a later pass, when that job ends.
    if (it->start > pass.now || not pass.shaped->free_now(take)) {
      if (it->start > pass.now)
        next_due_ = std::min(next_due_, it->start);
      ++it;
      continue;
    }
    pass.idle -= size;
    pass.start_on = take;
    start(it->job);
    pass.start_on.clear();
    it = waiting_.erase(it);
  }
}

} // namespace coalsim
