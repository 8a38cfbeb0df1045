/* DIANA (Salam et al. 2008, Ch. 3-4 and 6): one meta-scheduler per site, each on its site's scheduler host, peers that
 * talk only through typed messages (SiteChannel::send; DianaMessages.hpp). A job is submitted to a site; that site's
 * scheduler asks its peers for their queues and loads, waits for the replies (or the reply timeout: silent peers are
 * dead), ranks the sites by cost (SiteCostModel, SiteRanking) and queues the job at home or hands it to a peer with its
 * executable. Each scheduler runs its own priority queue (4.7) on its own cluster only, which it sees exactly; queued
 * jobs may migrate (4.8) to a peer with fewer jobs ahead, their priority raised. A job run away from its submission
 * site sends its output back there. Jobs submitted to one site at one instant are decided one by one, as one atomic
 * bulk, or as sub-bulks by site rank (5.3). What a site gets is submitted to its local scheduler as one submission
 * (a job decided alone, a bulk, a sub-bulk), which takes `local_submission_time`. The sites are the clusters. */
#pragma once

#include "policies/diana/ComputationCost.hpp"
#include "policies/diana/DianaMessages.hpp"
#include "policies/diana/DianaSettings.hpp"
#include "policies/diana/PriorityQueue.hpp"
#include "policies/diana/ReplyRound.hpp"
#include "sim/api/GridPolicy.hpp"
#include "sim/config/Random.hpp"

#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

namespace coalsim::diana {

class DianaPolicy : public GridPolicy {
public:
  DianaPolicy(DianaSettings settings, size_t sites, uint64_t seed);

  /** Total and unordered jobs; a site's scheduler places all of a job's components on its own cluster (no
   *  co-allocation). The site channel, the clock and wake-ups, and the view between decisions. */
  PolicyNeeds needs() const override;
  void grant(const Capabilities& granted) override;
  void on_job_submitted(const JobSpec& job) override;
  void on_claim_failed(const JobSpec& job) override;
  void on_job_started(const JobSpec& job) override;
  void on_job_finished(const JobSpec& job) override;
  /** A failed run (e.g. its input's file server went off) is not resubmitted: the report has no such rule. */
  bool on_job_failed(const JobSpec& job) override;
  /** The job leaves wherever it is: arrived, in a batch or a round waiting for its replies, queued at a site, or on
   *  its way to a peer (the peer then receives it no more). */
  void on_job_withdrawn(const JobSpec& job) override;
  void on_wake(uint64_t token) override;
  void on_message(ClusterIndex from, ClusterIndex to, const Message& message, bool delivered) override;
  Decisions decide(const GridView& view) override;
  size_t waiting_jobs() const override { return waiting_; }

  /** Where the job waits or runs now (its owner), for tests. */
  ClusterIndex owner(JobId job) const { return jobs_.at(job).owner; }

private:
  struct JobState {
    const JobSpec* spec       = nullptr;
    ClusterIndex submission   = no_cluster;
    ClusterIndex owner        = no_cluster; // the site whose scheduler holds it (the receiver, once it arrived)
    ClusterIndex execution    = no_cluster; // where it was placed
    int priority              = 0;
    int migrations            = 0;
    double queued_since       = 0;
    bool migrating            = false; // a migration round or transfer is under way
    double executable         = 0;     // AD and OD (bytes), drawn at submission
    double output             = 0;
    uint64_t local_submission = 0;    // the submission to its owner's local scheduler it belongs to
    bool submitted            = true; // that submission is done: the job may start
  };
  /** What a site's scheduler reports to a peer's query. */
  struct Report {
    SiteLoad load;
    int jobs_ahead = 0;    // of a newcomer at the asked priority (migration queries)
    bool runs_jobs = true; // its cluster is not marked unusable: no candidate otherwise
  };
  /** A query round of one site: a decision about `jobs` (a batch) or a migration of `jobs[0]`. */
  struct Round {
    bool migration = false;
    double started = 0; // when its queries were sent
    std::vector<JobId> jobs;
    ReplyRound<Report> replies;
  };
  struct Site {
    PriorityQueue queue;
    std::vector<JobId> arrived;             // submitted at this instant, not yet in a batch
    std::deque<std::vector<JobId>> batches; // waiting for a decision round, one at a time
    std::optional<uint64_t> decision_round;
    std::optional<uint64_t> migration_round;
    std::optional<PriorityQueue::Position> last_considered; // the job the last migration check asked about
    bool submitting = false; // a submission to the local scheduler is under way (one at a time)
    // Its cluster marked unusable: when it last sent its queued jobs on.
    double resubmitted_at = -std::numeric_limits<double>::infinity();
    // Its cluster marked unusable: a round found no live site for a job, which came back; it asks again from then
    // (`retry_interval`), or once more clusters are usable than were then.
    double retry_at    = -std::numeric_limits<double>::infinity();
    size_t usable_then = 0;
  };

  SiteLoad own_load(ClusterIndex site) const;
  /** NetCost per byte from site a's scheduler host to b's (0 from a site to itself), worked out on first use. */
  double network_cost_between(ClusterIndex a, ClusterIndex b) const;
  /** `site`'s cluster is marked unusable: its queued jobs that another usable cluster could hold are decided again,
   *  as new submissions from `site`. */
  void resubmit_from_unusable(ClusterIndex site, const GridView& view);
  /** Whether `site`, marked unusable, may send its queued jobs on now: not before its retry time, unless a cluster
   *  became usable since the round that placed nothing. */
  bool may_resubmit(ClusterIndex site, const GridView& view) const;
  /** A round of `site`, marked unusable, found no live site: it waits `retry_interval` before asking again. */
  void back_off(ClusterIndex site);
  size_t usable_clusters(const GridView& view) const;
  /** Starts the next decision round of `site`, if none is under way. */
  void next_decision(ClusterIndex site);
  uint64_t start_round(ClusterIndex site, bool migration, std::vector<JobId> jobs, int asked_priority);
  void answer_query(ClusterIndex from, ClusterIndex to, const Query& query);
  /** The jobs of a message that the policy still holds (the engine may have withdrawn some on their way). */
  std::vector<JobId> still_held(const std::vector<JobId>& jobs) const;
  void round_answered(ClusterIndex site, uint64_t round_id, ClusterIndex peer, std::optional<Report> report);
  void finish_round(ClusterIndex site, uint64_t round_id);
  void decide_batch(ClusterIndex site, const Round& round);
  void decide_migration(ClusterIndex site, const Round& round);
  /** Hands the job the migration round asked about to the best peer, if one beats its home; whether it did. */
  bool migrate_if_better(ClusterIndex site, const Round& round);
  std::vector<SiteCosts> costs_for(ClusterIndex site, const Round& round, int bulk_jobs) const;
  /** The round in the decision log: per site what it reported (or that it did not answer), its cost terms, and
   *  the jobs it got (`given[s]`; the site chosen has some). Only with the log on. */
  void log_round(ClusterIndex site, const Round& round, const std::vector<SiteCosts>& costs,
                 const std::vector<int>& given) const;
  /** Hands `jobs` from `from` to `to` (a remote submission, or a migration), or queues them at home. */
  void hand_over(ClusterIndex from, ClusterIndex to, const std::vector<JobId>& jobs, bool migration);
  void enqueue(ClusterIndex site, JobId job);
  /** `jobs` reach `site`'s scheduler together: they join its queue as one submission to its local scheduler. */
  void enqueue_submission(ClusterIndex site, const std::vector<JobId>& jobs);
  /** The submission of the queue head (and of the jobs that came with it) starts now. */
  void start_submission(ClusterIndex site, uint64_t submission);
  void end_submission(ClusterIndex site, uint64_t submission);
  void check_migrations();
  void schedule_migration_check();

  DianaSettings settings_;
  SiteChannel* channel_ = nullptr;
  Timers* timers_       = nullptr;
  LiveView* live_view_  = nullptr;
  DecisionLog* log_     = &DecisionLog::off();
  RngStream submission_sites_;
  RngStream job_sizes_;
  std::vector<Site> sites_;
  std::vector<int> processors_;              // per site, from the first view
  mutable std::vector<double> network_cost_; // NetCost between sites' scheduler hosts, a row per site; NaN: not yet
  std::unordered_map<JobId, JobState> jobs_;
  std::map<uint64_t, std::pair<ClusterIndex, Round>> rounds_; // by round id
  std::map<uint64_t, uint64_t> timeouts_;                     // wake-up token -> round id
  std::set<uint64_t> retry_tokens_;                           // the wake-ups of back_off
  uint64_t next_round_ = 1, next_token_ = 1;
  std::optional<uint64_t> migration_token_;
  uint64_t next_submission_ = 1;
  std::unordered_map<uint64_t, std::vector<JobId>> submissions_;            // not yet done, by id
  std::map<uint64_t, std::pair<ClusterIndex, uint64_t>> submission_tokens_; // wake-up token -> (site, submission)
  std::vector<int> last_busy_; // per site, busy processors at the last view
  size_t waiting_ = 0;
};

} // namespace coalsim::diana
