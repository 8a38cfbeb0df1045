/* What a policy returns: intents that the engine validates and carries out. A placement is not a
 * reservation: processors are claimed later and the claim may fail. */
#pragma once

#include "sim/api/Job.hpp"

#include <cmath>
#include <string>
#include <vector>

namespace coalsim {

struct ComponentPlacement {
  ClusterIndex cluster   = no_cluster;
  int processors         = 0;
  ClusterIndex file_site = no_cluster; // where this component's input file is copied from
};

/** When processors are claimed relative to the file stage-in. */
enum class Claiming {
  immediate,     // claim now, then copy the files while the processors wait (DUROC-style)
  after_transfer, // copy the files first, claim when they have arrived (KOALA claims late); the claim may fail
  incremental     // KOALA's claiming queue: per-component claims at the job's claiming times (see ClaimingQueue.hpp)
};

/** Parameters of KOALA's incremental claiming (paper 001, Section 6) for one placement. */
struct IncrementalClaiming {
  double L          = 0.75; // JCT_0 = JPT + L * FTT; JCT_{n+1} = JCT_n + L * (JST - JCT_n)
  double T          = 1;    // ICP threshold on the fraction of components started (1: atomic claiming)
  double min_step   = 1;    // s: claiming tries closer than this to the previous one or to the JST are made at the JST
  Priority priority = Priority::high; // the job's current priority (placement queues may have promoted it)
  // The co-allocator counts the processors of its placed, not yet claimed components as taken when it
  // places other grid jobs (they stay free for local jobs until claimed).
  bool count_pending = false;
  // Claiming tries, over all of the job's placements, after which the job fails (0: no limit). The engine
  // aborts the job when an unsuccessful try makes its count exceed this, and returns it to the policy with
  // ReturnReason::claiming_tries_exceeded.
  int max_tries = 0;
};

struct Placement {
  JobId job = 0;
  std::vector<ComponentPlacement> components;
  Claiming claiming = Claiming::immediate;
  IncrementalClaiming incremental{}; // used when claiming == incremental
};

struct Rejection {
  JobId job = 0;
  std::string reason;
  /** true: the job failed (e.g. too many submission failures); false: the policy refused it. */
  bool failed = false;
};

struct Decisions {
  std::vector<Placement> placements;
  std::vector<Rejection> rejections;
  /** Jobs this pass considered and could not place (counted as placement tries). */
  std::vector<JobId> not_placed;
  /** Ask to be called again at this time even if nothing happens (NaN: no wake-up). */
  double wake_at = NAN;
};

} // namespace coalsim
