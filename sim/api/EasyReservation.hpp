/* EASY's reservation for the head of a local queue (Lifka 1995; Mu'alem and Feitelson 2001): the shadow time, the
 * earliest estimated end of the running local jobs at which enough processors are free for the head, and the extra
 * processors, those free then beyond what the head needs (every running job estimated to end at or before the shadow
 * time counted). A job behind the head may start now if it ends by the shadow time or takes only extra processors.
 * Every EASY-like discipline (EASY itself, shortest-first backfilling, a user's variant) reserves for its head this
 * way and differs only in the order it tries the jobs behind it. */
#pragma once

#include "sim/api/LocalQueue.hpp"

#include <vector>

namespace coalsim {

struct EasyReservation {
  double shadow;                    // when the head may start at the latest; infinite when no estimated end makes room
  int extra;                        // the processors free at the shadow time beyond the head's need
  std::vector<int> host_extra = {}; // with shaped jobs: the extra cores host by host (`extra` unused)
};

/** The reservation of a head of `head_size` processors, given the running jobs and the idle processors of `pass`
 *  (host by host with shaped jobs). A running job past its estimated end is expected to end now. Processors held
 *  with no estimated end (grid components) are not counted: when only their release could make room, the shadow
 *  time is infinite. */
EasyReservation easy_reservation(int head_size, const LocalPass& pass);

} // namespace coalsim
