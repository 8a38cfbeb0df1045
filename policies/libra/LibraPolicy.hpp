/* Libra (PBS-Libra report): a job arrives with an estimate E, a deadline D and a budget B; it is charged a E + b E / D
 * if B covers that (BudgetCheck), and admitted on a node only if the minimum shares of the node's jobs plus its
 * own E / D fit in the node's CPU (MinimumShare, NodeAdmission); the node is chosen among those that accept
 * (NodeChoice). There is no queue: a job no node accepts is rejected at once. An admitted job starts at once on
 * its node, sharing the CPU with the node's other jobs at its share (runtime_model.kind: timeshared), and the
 * node recomputes its jobs' shares from the CPU time they have done, at job events or every interval.
 * Only sequential jobs (one processor) are taken. */
#pragma once

#include "policies/libra/BudgetCheck.hpp"
#include "policies/libra/MinimumShare.hpp"
#include "policies/libra/NodeAdmission.hpp"
#include "policies/libra/NodeChoice.hpp"
#include "sim/api/GridPolicy.hpp"
#include "sim/api/PolicyParameters.hpp"
#include "sim/api/PolicyRegistry.hpp"

#include <map>
#include <vector>

namespace coalsim::libra {

/** Why Libra turned a job away (the trace's rejection reason). */
namespace reasons {
inline constexpr const char* budget         = "budget";          // B below the cost
inline constexpr const char* no_node        = "no_node";         // no node could fit its share
inline constexpr const char* not_sequential = "not_sequential";  // more than one processor
inline constexpr const char* no_deadline    = "no_deadline";     // no estimate, or no deadline still ahead
inline constexpr const char* over_core      = "share_over_core"; // E above D: it needs more than a whole core
} // namespace reasons

class LibraPolicy : public GridPolicy {
public:
  enum class Recompute { events, interval };
  struct Settings {
    CostModel cost;
    NodeChoice choice = NodeChoice::least_loaded;
    Sharing sharing   = Sharing::proportional;
    Recompute when    = Recompute::events;
    double interval   = 60; // s, with Recompute::interval
    Overrun overrun   = Overrun::leftover;
  };
  /** One time-shared node: a compute host of a cluster. */
  struct Node {
    ClusterIndex cluster = no_cluster;
    int host             = 0;
    int cores            = 1;
  };

  LibraPolicy(Settings settings, std::vector<Node> nodes);
  static Settings read_settings(PolicyParameters& parameters);
  /** Every compute host of the platform, in cluster order, then host order. */
  static std::vector<Node> nodes_of(const PolicyContext& context);

  /** Unordered and total jobs, each on one host (no co-allocation), claimed at once: on shares of hosts, with
   *  every job's estimate and deadline; the clock and wake-ups (recomputing the shares) and the economy reports. */
  PolicyNeeds needs() const override;
  void grant(const Capabilities& granted) override;
  void on_job_submitted(const JobSpec& job) override;
  void on_claim_failed(const JobSpec& job) override;
  void on_run_started(const JobSpec& job) override;
  void on_run_ended(const JobSpec& job) override;
  bool on_job_failed(const JobSpec& job) override;
  void on_job_withdrawn(const JobSpec& job) override;
  void on_wake(uint64_t token) override;
  Decisions decide(const GridView& view) override;
  size_t waiting_jobs() const override { return arrived_.size(); }

  /** The share each job admitted on node n needs now (running ones from their progress), in admission order. */
  std::vector<double> shares_needed(size_t n) const;
  const std::vector<Node>& nodes() const { return nodes_; }

private:
  struct Admitted {
    double estimate = 0;
    double deadline = 0; // absolute
    size_t node     = 0;
    bool running    = false;
  };
  struct Need {
    double share = 0;     // the minimum share it needs now
    bool overran = false; // it has run past its estimate or its deadline
  };
  /** What job `id` needs now. */
  Need need_of(JobId id, const Admitted& job) const;
  /** Sets the shares of node n's running jobs: their minimum shares (a job past its estimate or deadline as
   *  settings_.overrun says, `reserved` being the share of a job being admitted there), or equal slices of `jobs`
   *  jobs. */
  void update_shares(size_t n, int jobs, double reserved = 0);
  /** Takes the job off its node (its run ended or failed, or its claim failed). */
  void forget(JobId id);
  /** Admits or rejects one arrived job. */
  void consider(const JobSpec& job, const GridView& view, Decisions& decisions);
  /** The admission round in the decision log: each node's load with the job, and whether it accepted. */
  void log_admission(const JobSpec& job, const GridView& view, double share, const std::vector<bool>& open,
                     const std::vector<NodeLoad>& answers, std::optional<size_t> chosen) const;
  void reject(JobId id, const char* reason, Decisions& decisions);
  void wake_later();

  Settings settings_;
  DecisionLog* log_ = &DecisionLog::off();
  std::vector<Node> nodes_;
  std::vector<std::vector<JobId>> on_node_; // per node, its admitted jobs in admission order
  std::vector<bool> changed_;               // per node: a job left it since its shares were last set
  std::map<JobId, Admitted> admitted_;
  std::vector<JobSpec> arrived_; // since the last decision
  std::vector<Rejection> to_reject_;
  HostShares* shares_  = nullptr;
  Timers* timers_      = nullptr;
  JobReports* reports_ = nullptr;
  bool waking_         = false;
};

} // namespace coalsim::libra
