/* KOALA's choice of preemption victims (Mohamed and Epema 2008, Algorithm 2, lines 9-13): which lower-priority grid
 * jobs give up their processors so that a component can claim. */
#pragma once

#include "sim/api/Job.hpp"

#include <vector>

namespace coalsim::koala::claiming {

/** A grid job holding processors on the cluster where a component needs room. */
struct Holder {
  JobId job;
  Priority priority;
  double jst;     // its job start time: preemption goes newest (latest JST) first
  int processors; // it holds on that cluster
};

/** The lower-priority jobs (numerically greater priority) to preempt, newest JST first, until `idle` plus what
 *  they free reaches `needed`; empty when even all of them are not enough, or when the requester is super-low
 *  (it never preempts). Ties in JST: the larger job id first. */
std::vector<JobId> preemption_victims(Priority requester, int needed, int idle, std::vector<Holder> holders);

} // namespace coalsim::koala::claiming
