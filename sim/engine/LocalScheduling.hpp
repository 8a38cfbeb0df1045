/* How a cluster's local resource manager serves its queue of local jobs. */
#pragma once

namespace coalsim {

enum class LocalScheduling {
  fcfs, // only the head of the queue may start
  easy  // EASY backfilling (Lifka 1995): the head gets a reservation at the earliest time the estimated
        // ends of running local jobs free enough processors; later jobs may start now if they do not delay it
};

inline const char* to_string(LocalScheduling scheduling)
{
  return scheduling == LocalScheduling::easy ? "easy" : "fcfs";
}

} // namespace coalsim
