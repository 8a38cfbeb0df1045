/* How a cluster's local resource manager serves its queue of local jobs. */
#pragma once

#include <string>
#include <vector>

namespace coalsim {

enum class LocalScheduling {
  fcfs,        // only the head of the queue may start
  easy,        // EASY backfilling (Lifka 1995): later jobs may start if they do not delay the head's reservation
  conservative // conservative backfilling (Mu'alem and Feitelson 2001): every waiting job holds a reservation,
               // and a job starts early only if it delays none of the reservations of the jobs before it
};

inline const char* to_string(LocalScheduling scheduling)
{
  switch (scheduling) {
    case LocalScheduling::easy:
      return "easy";
    case LocalScheduling::conservative:
      return "conservative";
    default:
      return "fcfs";
  }
}

inline std::vector<std::string> local_scheduling_names()
{
  return {"fcfs", "easy", "conservative"};
}

} // namespace coalsim
