/* What a policy returns: intents that the engine validates and carries out. A placement is not a
 * reservation: processors are claimed later and the claim may fail. */
#pragma once

#include "sim/api/Job.hpp"

#include <cmath>
#include <string>
#include <vector>

namespace coalsim {

/** The smallest CPU share a component may get: SimGrid's solver gives an Exec of a much smaller weight than its
 *  neighbours no rate at all (it would never end). */
constexpr double smallest_share = 1e-4;

struct ComponentPlacement {
  ClusterIndex cluster   = no_cluster;
  int processors         = 0;
  ClusterIndex file_site = no_cluster; // where this component's input file is copied from
  /** A compute host of the cluster (its index, in natural name order) whose CPU the component shares with
   *  others, taking `share` of one core's speed (time-shared runtime model only, one processor, claimed by the
   *  engine; smallest_share <= share <= 1). -1: the component gets whole processors (space sharing). */
  int host     = -1;
  double share = 1;
};

/** Who claims the processors of a placement, and when relative to the file stage-in. */
enum class Claiming {
  immediate,      // the engine claims every component after the submission overhead, then copies the files while
                  // the processors wait (DUROC-style); the claim fails as a whole when one component's is short
  after_transfer, // the engine copies the files first and claims when they have arrived (late claiming); the claim
                  // may fail
  by_policy       // the policy stages and claims itself, component by component, at times it chooses (Claims:
                  // stage, claim, move, abort; Timers: wake_at); the job starts once every component is claimed and
                  // staged. Only a policy whose needs() declare claims may place so.
};

struct Placement {
  JobId job = 0;
  std::vector<ComponentPlacement> components;
  Claiming claiming = Claiming::immediate;
  /** The placed processors count as taken in the scheduler's view until they are claimed (or the attempt ends).
   *  false (by_policy claiming only): they stay free for anyone until claimed, and only the claim makes them
   *  busy in the view. */
  bool reserve = true;
  /** Each component draws at its start whether it fails (`faults.component_failure` of its cluster), at a random
   *  point of its run; a failure aborts the job. Only a policy whose needs() declare component_failures sets it. */
  bool component_failures = false;
};

struct Rejection {
  JobId job = 0;
  std::string reason;
  /** true: the job failed (e.g. too many submission failures); false: the policy refused it. */
  bool failed = false;
  /** A short code for the trace (/jobs and /economy `rejection`, at most 15 characters, letters and underscores;
   *  docs/trace-format.md lists the shipped ones). Empty: `reason` is the code (cut to 15 characters). */
  std::string code;
};

/** The code a rejection is traced with: its code, or its reason when it has none. */
inline const std::string& rejection_code(const Rejection& rejection)
{
  return rejection.code.empty() ? rejection.reason : rejection.code;
}

struct Decisions {
  std::vector<Placement> placements;
  std::vector<Rejection> rejections;
  /** Jobs this pass considered and could not place (counted as placement tries). */
  std::vector<JobId> not_placed;
  /** Ask to be called again at this time even if nothing happens (NaN: no wake-up). */
  double wake_at = NAN;
};

} // namespace coalsim
