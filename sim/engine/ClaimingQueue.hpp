/* KOALA's claiming queue and the arithmetic of its Incremental Claiming Policy (paper 001, Section 6),
 * kept free of the simulation so that it can be tested alone. The engine (IncrementalClaiming.cpp)
 * carries the decisions out. */
#pragma once

#include "sim/api/Job.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace coalsim {

/** Placed jobs waiting to claim their processors, in increasing order of their job claiming time (JCT);
 *  jobs with equal JCTs keep their order of arrival. */
class ClaimingQueue {
public:
  void push(double jct, JobId job);
  /** Removes `job` (a preempted or aborted job); false if it was not queued. */
  bool remove(JobId job);
  /** The earliest JCT, or none when empty. */
  std::optional<double> next_time() const;
  /** Removes and returns the jobs whose JCT is at most `now`, in queue order. */
  std::vector<JobId> pop_due(double now);
  size_t size() const { return queue_.size(); }

private:
  std::multimap<double, JobId> queue_;
};

namespace claiming {

/** JCT_0 = JPT + L * FTT. */
double initial_time(double jpt, double ftt, double L);
/** JCT_{n+1} = JCT_n + L * (JST - JCT_n), moved on by at least `min_step` and made the JST itself when it
 *  would fall within `min_step` of it (the geometric sequence never reaches the JST by itself). */
double next_time(double jct, double jst, double L, double min_step);
/** L lowered by `step`, not below `floor` (done each time the JST is reached with components unclaimed). */
double lowered(double L, double step, double floor);

/** Algorithm 2, line 1-2: F = (|C_prev| + |C_now|) / |J|; the policy acts only when F >= T (Section 6.2:
 *  "the job is returned to the claiming queue if its F is lower than T"; T = 1 makes claiming atomic). */
bool icp_acts(size_t previously_started, size_t startable_now, size_t components, double T);

/** A grid job holding processors on the cluster where a component needs room. */
struct Holder {
  JobId job;
  Priority priority;
  double jst;     // its job start time: preemption goes newest (latest JST) first
  int processors; // it holds on that cluster
};

/** Algorithm 2, lines 9-13: the lower-priority jobs (numerically greater priority) to preempt, newest JST
 *  first, until `idle` plus what they free reaches `needed`; empty when even all of them are not enough,
 *  or when the requester is super-low (it never preempts). Ties in JST: the larger job id first. */
std::vector<JobId> preemption_victims(Priority requester, int needed, int idle, std::vector<Holder> holders);

} // namespace claiming
} // namespace coalsim
