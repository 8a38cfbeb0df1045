/* What a policy returns: intents that the engine validates and carries out. A placement is not a
 * reservation: processors are claimed later and the claim may fail. */
#pragma once

#include "sim/Job.hpp"

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
  after_transfer // copy the files first, claim when they have arrived (KOALA claims late); the claim may fail
};

struct Placement {
  JobId job = 0;
  std::vector<ComponentPlacement> components;
  Claiming claiming = Claiming::immediate;
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
