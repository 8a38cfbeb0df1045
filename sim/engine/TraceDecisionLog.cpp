#include "sim/engine/TraceDecisionLog.hpp"

#include "sim/engine/Clock.hpp"

#include <cstring>
#include <xbt/asserts.h>

namespace coalsim {

uint64_t TraceDecisionLog::begin_round(JobId job, ClusterIndex deciding_site)
{
  job_           = job;
  deciding_site_ = deciding_site;
  return ++rounds_;
}

void TraceDecisionLog::candidate(uint64_t round, ClusterIndex cluster, int host, const char* outcome,
                                 const char* reason)
{
  xbt_assert(round == rounds_ && round > 0, "decision row of round %lu, while round %lu is open",
             static_cast<unsigned long>(round), static_cast<unsigned long>(rounds_));
  DecisionRow row{};
  row.time          = now();
  row.round         = static_cast<int64_t>(round);
  row.job_id        = job_;
  row.deciding_site = deciding_site_;
  row.cluster       = cluster;
  row.host          = host;
  std::strncpy(row.outcome, outcome, sizeof row.outcome - 1);
  std::strncpy(row.reason, reason, sizeof row.reason - 1);
  trace_.add_decision(row);
  ++rows_;
}

void TraceDecisionLog::term(uint64_t round, ClusterIndex cluster, int host, const char* name, double value)
{
  DecisionTermRow row{};
  row.round   = static_cast<int64_t>(round);
  row.cluster = cluster;
  row.host    = host;
  std::strncpy(row.name, name, sizeof row.name - 1);
  row.value = value;
  trace_.add_decision_term(row);
  ++term_rows_;
}

} // namespace coalsim
