/* The optional decision log (`trace.decisions: true`): a policy records, for each decision round, the candidates it
 * considered (clusters, or hosts of a cluster) and what it made of each, with the figures it weighed (/decisions and
 * /decision_terms, docs/trace-format.md). Every policy is granted one, whatever its needs (Capabilities::decisions,
 * never null); when the log is off it is off(), whose enabled() is false, and the policy builds no row at all (the
 * off path is one test of a bool per round). */
#pragma once

#include "sim/api/Job.hpp"

#include <cstdint>

namespace coalsim {

class DecisionLog {
public:
  virtual ~DecisionLog() = default;

  /** Whether rows are kept: a policy asks before building any. */
  bool enabled() const { return enabled_; }
  /** Opens a round: the decision about `job` taken by `deciding_site`'s scheduler (no_cluster: a central one).
   *  Returns the round's run-wide number. */
  virtual uint64_t begin_round(JobId job, ClusterIndex deciding_site) = 0;
  /** Candidate `cluster` (and `host` of it, or -1 for the whole cluster) of the round: `outcome` is `chosen`,
   *  `refused`, `no_reply` or `considered` (at most 15 characters), `reason` a short code of why (at most 31, may be
   *  empty). */
  virtual void candidate(uint64_t round, ClusterIndex cluster, int host, const char* outcome, const char* reason) = 0;
  /** A figure the round weighed about a candidate, e.g. `queue_length` or `cost.total` (a name of at most 31). */
  virtual void term(uint64_t round, ClusterIndex cluster, int host, const char* name, double value) = 0;

  /** The log of a run without `trace.decisions`: enabled() is false, and it keeps nothing. */
  static DecisionLog& off();

protected:
  explicit DecisionLog(bool enabled) : enabled_(enabled) {}

private:
  bool enabled_;
};

} // namespace coalsim
