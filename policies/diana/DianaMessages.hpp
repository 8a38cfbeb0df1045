/* DIANA's protocol between the sites' meta-schedulers (Salam et al. 2008, 3.3 and 4.8), one type per message kind:
 * a site asks its peers (Query), each answers with its load (Reply), a job is handed to a peer with its executable
 * (JobSubmission) or migrates to one (JobMigration), and a job run away from home sends its output back (Output).
 * Sizes on the wire are the policy's parameters (`query_bytes`, `reply_bytes`) and the jobs' own sizes. */
#pragma once

#include "policies/diana/ComputationCost.hpp"
#include "sim/api/Message.hpp"

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace coalsim::diana {

/** A site's scheduler asks a peer for its queue and load, for a decision round or a migration round. */
struct Query final : MessageOf<Query> {
  static constexpr std::string_view kind_name = "query";
  Query(uint64_t round_id, JobId first_job, int priority, bool for_migration, double size)
      : round(round_id)
      , about(first_job)
      , asked_priority(priority)
      , migration(for_migration)
      , wire_bytes(size)
  {
  }
  uint64_t round;     // the asker's round, which the reply names
  JobId about;        // the round's first job
  int asked_priority; // the peer counts the jobs ahead of a newcomer of this priority (4.8)
  bool migration;     // a migration round
  double wire_bytes;  // `query_bytes`
  double bytes() const override { return wire_bytes; }
  JobId job() const override { return about; }
};

/** A peer's answer to a Query: what it knows of itself at the query's arrival. */
struct Reply final : MessageOf<Reply> {
  static constexpr std::string_view kind_name = "reply";
  Reply(uint64_t round_id, JobId first_job, SiteLoad site_load, int ahead, bool still_runs, double size)
      : round(round_id)
      , about(first_job)
      , load(site_load)
      , jobs_ahead(ahead)
      , runs_jobs(still_runs)
      , wire_bytes(size)
  {
  }
  uint64_t round;    // the query's
  JobId about;       // the query's
  SiteLoad load;     // its queue, processors and busy processors
  int jobs_ahead;    // of a newcomer at the asked priority
  bool runs_jobs;    // its cluster is not marked unusable: it may still run a job given to it
  double wire_bytes; // `reply_bytes`
  double bytes() const override { return wire_bytes; }
  JobId job() const override { return about; }
};

/** Jobs handed from one site's scheduler to another's with their executables: a header of `query_bytes` plus each
 *  job's executable. */
template <class Kind> struct HandedJobs : MessageOf<Kind> {
  HandedJobs(std::vector<JobId> handed, std::vector<double> executable_bytes, double header)
      : jobs(std::move(handed))
      , executables(std::move(executable_bytes))
      , header_bytes(header)
  {
  }
  std::vector<JobId> jobs;         // in the sender's order; the first names the message in the trace
  std::vector<double> executables; // per job, bytes
  double header_bytes;
  double bytes() const override
  {
    double total = header_bytes;
    for (double executable : executables)
      total += executable;
    return total;
  }
  JobId job() const override { return jobs.front(); }
};

/** Jobs a site's scheduler hands to a peer after a decision round: the peer queues them as one submission. */
struct JobSubmission final : HandedJobs<JobSubmission> {
  static constexpr std::string_view kind_name = "job";
  using HandedJobs::HandedJobs;
};

/** A queued job migrating to a peer with fewer jobs ahead (4.8): its priority is raised at its arrival. */
struct JobMigration final : HandedJobs<JobMigration> {
  static constexpr std::string_view kind_name = "migrate";
  using HandedJobs::HandedJobs;
};

/** A job's output, back from its execution site to its submission site (3.3.3); nothing waits for it. */
struct Output final : MessageOf<Output> {
  static constexpr std::string_view kind_name = "output";
  Output(JobId finished, double size) : about(finished), wire_bytes(size) {}
  JobId about;
  double wire_bytes; // the job's output size
  double bytes() const override { return wire_bytes; }
  JobId job() const override { return about; }
};

} // namespace coalsim::diana
