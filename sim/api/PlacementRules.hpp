/* The rules a placement must follow, checked against the job it places and the grid it is made on: one function
 * for the engine (GridScheduler::validate, which stops the run on a broken rule: a C++ policy's bug) and for the
 * Python adapter (Decisions.place raises DecisionError at the policy's line), so that the two cannot drift. Each
 * caller words the broken rule its own way; the rules and their order are here only. */
#pragma once

#include "sim/api/Decision.hpp"
#include "sim/api/Job.hpp"
#include "sim/api/PolicyNeeds.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace coalsim {

/** What the rules need to know of the run: its grid and what the placing policy declared. */
struct PlacementRules {
  int clusters = 0;                   // the grid's clusters, 0 to clusters - 1
  std::vector<size_t> hosts;          // per cluster, its compute hosts (ComponentPlacement::host counts them)
  const PolicyNeeds* needs = nullptr; // the placing policy's (it must outlive the rules)
  bool shares_hosts        = false;   // the run's runtime model lets jobs share a host's CPU (timeshared)
};

/** The rules, in the order they are checked (not PlacementRule: that is how a family's policy picks clusters,
 *  policies/common/PlacementRule.hpp, and one name for two types in one program breaks C++'s one-definition rule). */
enum class PlacementCheck {
  has_components,              // at least one component
  claims_declared,             // Claiming::by_policy only when needs() declare claims
  component_failures_declared, // Placement::component_failures only when needs() declare them
  cluster_exists,              // each component's cluster is one of the grid's
  cluster_used,                // ... and one of needs().clusters
  has_processors,              // ... and it has processors
  share_allowed,               // a host share: declared host_shares, a timeshared runtime, immediate claiming,
                               // one processor, a host of the cluster and smallest_share <= share <= 1
  file_site_has_replica,       // a component's file site holds a replica of the job's file
  file_site_given,             // a job with an input file gets a file site for each component
  flexible_total,              // a flexible job's components add up to its processors
  component_count,             // any other job: as many components as it asked for,
  component_size,              // ... each with the processors it asked for,
  ordered_cluster              // ... and an ordered job's each on the cluster it asked for
};

struct BrokenRule {
  PlacementCheck rule;
  size_t component = 0; // the component that breaks it (for the per-component rules)
};

/** The first rule `placement` of `job` breaks, or none. */
std::optional<BrokenRule> broken_rule(const JobSpec& job, const Placement& placement, const PlacementRules& rules);

} // namespace coalsim
