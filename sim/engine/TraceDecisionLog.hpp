/* The decision log of a run with `trace.decisions: true`: the rows policies record, written to the trace's
 * /decisions and /decision_terms (docs/trace-format.md). */
#pragma once

#include "sim/api/DecisionLog.hpp"
#include "sim/trace/TraceWriter.hpp"

namespace coalsim {

class TraceDecisionLog final : public DecisionLog {
public:
  explicit TraceDecisionLog(TraceWriter& trace) : DecisionLog(true), trace_(trace) {}

  uint64_t begin_round(JobId job, ClusterIndex deciding_site) override;
  void candidate(uint64_t round, ClusterIndex cluster, int host, const char* outcome, const char* reason) override;
  void term(uint64_t round, ClusterIndex cluster, int host, const char* name, double value) override;

  uint64_t rounds() const { return rounds_; }
  uint64_t rows() const { return rows_; }
  uint64_t term_rows() const { return term_rows_; }

private:
  TraceWriter& trace_;
  uint64_t rounds_ = 0, rows_ = 0, term_rows_ = 0;
  // The round open now: a policy records a round's candidates right after beginning it.
  JobId job_                  = 0;
  ClusterIndex deciding_site_ = no_cluster;
};

} // namespace coalsim
