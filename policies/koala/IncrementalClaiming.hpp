/* KOALA's incremental claiming (Mohamed and Epema 2008, Sections 6.1 and 6.2), on the engine's Claims: a placed
 * job's files are staged at once and its components claim at its job claiming times (JCTs, from the claiming queue),
 * through the Incremental Claiming Policy (Algorithm 2): when enough components can start, those that cannot
 * are re-placed or make room by preempting lower-priority jobs. A job whose JST comes with components unclaimed
 * is aborted (its policy lowers its L); one out of claiming tries is given up. It also keeps the job's figures
 * for the trace: JST, estimated FTT, start delay, PGT, PWT, placements and their total time. */
#pragma once

#include "policies/koala/ClaimAccounting.hpp"
#include "policies/koala/ClaimingQueue.hpp"
#include "policies/koala/TryIdleCounts.hpp"
#include "sim/api/Capabilities.hpp"
#include "sim/api/Decision.hpp"
#include "sim/api/GridView.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace coalsim::koala {

struct ClaimingSettings {
  double L        = 0.75; // JCT_0 = JPT + L * FTT; JCT_{n+1} = JCT_n + L * (JST - JCT_n)
  double T        = 1;    // ICP threshold on the fraction of components started (1: atomic claiming)
  double min_step = 1;    // s: claiming tries closer than this to the previous one or to the JST are made at the JST
  // Placed, not yet claimed processors count as taken when other grid jobs are placed (they stay free for
  // local jobs until claimed).
  bool count_pending = false;
  // Claiming tries, over all of the job's placements, after which the job fails (0: no limit).
  int max_tries = 0;
};

namespace claiming {
/** Algorithm 2, lines 1-2: F = (|C_prev| + |C_now|) / |J|; the policy acts only when F >= T (Section 6.2:
 *  "the job is returned to the claiming queue if its F is lower than T"; T = 1 makes claiming atomic). */
bool icp_acts(size_t previously_started, size_t startable_now, size_t components, double T);
} // namespace claiming

class IncrementalClaiming {
public:
  /** Re-places one component that cannot claim (Algorithm 2, line 5), or none. */
  using Replace = std::function<std::optional<ComponentPlacement>(const JobSpec&, size_t, const GridView&)>;

  IncrementalClaiming(ClaimingSettings settings, Replace replace);
  /** The engine's claims, clock, view and reports (KoalaPolicy::needs declares them). */
  void grant(const Capabilities& granted);
  const ClaimingSettings& settings() const { return settings_; }

  /** The job entered its placement queue for the first time. */
  void submitted(const JobSpec& job);
  /** A placement made with `priority` and `L` was applied: estimate its FTT and JST, stage, queue its first claim. */
  void placed(const JobSpec& job, Priority priority, double L);
  void run_started(const JobSpec& job);
  /** The attempt ended before completion: its claiming stops and the job waits in its placement queue again. */
  void aborted(const JobSpec& job, const Abort& abort);
  /** The job's run failed after it ran: it waits in its placement queue again. */
  void requeued(const JobSpec& job);
  /** The job left: nothing more to report. */
  void forget(JobId job);
  void wake(uint64_t token);

  /** Jobs waiting to claim (for tests). */
  size_t claiming_jobs() const { return queue_.size(); }

private:
  /** One placement under way, from its application to the job's end or abort. */
  struct Attempt {
    const JobSpec* job;
    Priority priority; // the placement's priority level (the placement queues may have promoted the job)
    double L;
    double jst, jct, placed_at;
    int number; // the job's placement number: a due claim of an aborted attempt is stale
  };
  /** What the trace shows of a job, over all its attempts. */
  struct Record {
    double queued_since = NAN;
    int placements = 0, claiming_tries = 0;
    double total_placement_time = 0, estimated_ftt = NAN, jst = NAN, first_jst = NAN;
    ClaimAccounting times;
  };

  void arm();
  void claiming_due();
  void claiming_try(JobId id);
  /** Algorithm 2, lines 3-15, once the ICP acts: the components that cannot claim are re-placed or make room by
   *  preemption; then all startable ones claim. `idle` is the try's view of idle processors. */
  void claim_startable(JobId id, std::vector<size_t> startable, const std::vector<size_t>& not_startable,
                       TryIdleCounts& idle);
  /** Algorithm 2, lines 9-13 for component k; updates `idle` (the try's view of idle processors). */
  bool preempt_for(JobId id, size_t k, TryIdleCounts& idle);
  void publish(JobId id);

  ClaimingSettings settings_;
  Replace replace_;
  Claims* claims_      = nullptr;
  Timers* timers_      = nullptr;
  LiveView* live_view_ = nullptr;
  JobReports* reports_ = nullptr;
  ClaimingQueue queue_;
  std::unordered_map<JobId, Attempt> attempts_;
  std::unordered_map<JobId, Record> records_;
  std::set<double> armed_;           // times of the wake-ups asked for
  std::map<uint64_t, double> wakes_; // token -> its time
  uint64_t next_token_ = 1;
  TryIdleCounts idle_; // the try under way's (kept for its room)
};

} // namespace coalsim::koala
