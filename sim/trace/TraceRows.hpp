/* The rows of the HDF5 trace tables (layout documented in docs/trace-format.md). */
#pragma once

#include <cstdint>

namespace coalsim {

enum class JobStatus : int8_t { completed = 0, failed = 1, rejected = 2, unfinished = 3 };

struct JobRow {
  int64_t id;
  int8_t request_type;
  int8_t priority;
  int8_t status;
  int8_t coallocated;
  int32_t n_components;
  int32_t processors;
  int32_t n_clusters;
  char clusters[48];
  double job_spread;
  double submit_time;
  double placement_time;
  double start_time;
  double end_time;
  double completion_time;
  double response_time;
  double wait_time;
  double runtime;
  double overhead;
  double file_transfer_time;
  double file_size;
  int32_t placement_tries;
  int32_t submission_failures;
  int32_t completion_failures;
  // Figures the policy reports (JobMetrics; Mohamed and Epema 2008, Figure 5); NaN or 0 for jobs of policies that
  // report none
  double total_placement_time; // sum of the job's placement times (queue entry to JPT), over re-placements
  double estimated_ftt;        // of the last placement: the largest estimated component FTT
  double estimated_start;      // "jst": the last estimated job start time (placement time + estimated FTT)
  double start_delay;          // last JST minus the first JST
  double pgt;                  // processor gained time: processors x (claim, or abort, - JPT), summed over all attempts
  double pwt; // processor wasted time: processors x (start, or abort, - claim), summed over all attempts
  int32_t claiming_tries;
  int32_t placements;      // successful placements (failures + 1 for a completed job)
  int32_t submission_site; // the site the policy has the job submitted to (JobControl::record_submission_site), or -1
};

/** One placement of a grid job and how the attempt that followed it ended (the outcomes are
 *  PlacementOutcome, sim/engine/PlacementHistory.hpp). */
struct PlacementRow {
  int64_t job_id;
  int32_t placement;     // 1-based number of this placement of the job
  double queued_at;      // when the job entered its queue for this placement (arrival, or the end of the last attempt)
  double placed_at;      // the JPT
  double placement_time; // placed_at - queued_at
  int32_t tries;         // placement tries of this placement: scheduling passes that could not place the job
  double estimated_ftt;  // the placement's estimated FTT (largest over components), if its policy reports one; else NaN
  double estimated_start; // "jst": the placement's estimated start time, if its policy reports one; else NaN
  double started_at;      // when the attempt's components started (NaN: they never did)
  double ended_at;        // when the attempt ended (its outcome)
  char outcome[24];       // PlacementOutcome as text, NUL-terminated
};

struct ComponentRow {
  int64_t job_id;
  int32_t index;
  int32_t cluster;
  int32_t processors;
  int32_t file_site;
  double transfer_time;
  int32_t host;    // a time-shared component's host (index in its cluster), -1 otherwise
  double cpu_work; // a time-shared component's CPU work done (core-seconds) when it ended; NaN otherwise
};

struct ClusterRow {
  int32_t index;
  char name[32];
  char site[32];
  int32_t processors;
};

/** A compute host of a cluster: where /allocations and /shares rows are. */
struct HostRow {
  int32_t cluster;
  int32_t index; // in its cluster, natural name order (/allocations.host, /shares.host)
  char name[32];
  int32_t cores;
};

struct FailureRow {
  double time;
  int64_t job_id;
  int32_t cluster;
  char kind[16];
  char host[32]; // the host of a host_down or host_up event, empty otherwise
};

/** A job with a deadline (economy workloads: deadline and budget admission): written only for jobs whose workload gives
 * deadlines, so other traces have no /economy dataset. */
struct EconomyRow {
  int64_t job_id;
  double estimate;    // the user's estimate E (s)
  double deadline;    // absolute (s)
  double budget;      // B (NaN: none)
  double cost;        // the price the policy computed (NaN: none, e.g. rejected before it was computed)
  double charge;      // the cost, for an accepted job (NaN otherwise)
  double load;        // the load of its node with it, or the least any node would have had (NaN: none computed)
  int8_t accepted;    // admitted: not rejected by the policy
  int8_t met;         // completed with its run ended by its deadline
  char rejection[16]; // the policy's reason when rejected (e.g. budget, no_node), empty otherwise
};

/** A change of a time-shared host's CPU shares (timeshared runtime model): written only in runs that share
 *  hosts, so other traces have no /shares dataset. */
struct ShareRow {
  double time;
  int32_t cluster;
  int32_t host;       // index of the compute host in its cluster
  double taken;       // the shares of its components, summed (in cores)
  int32_t components; // components sharing it (0: the host is back in the space-shared pool)
  int64_t job_id;     // the job whose component's share changed
  int32_t component;  // that component
  double share;       // its share now (0: it left the host)
};

/** A local (background) job that ended; written when `trace.local_jobs` is on. */
struct LocalJobRow {
  int64_t id;       // its number at the local managers (/allocations.job_id)
  int64_t trace_id; // job number in the replayed log, -1 for synthetic jobs
  int32_t cluster;
  int32_t processors;
  double submit_time;
  double start_time;
  double end_time;
  double wait_time;
  double estimate; // the requested time the local scheduler planned with
};

/** A run of consecutive cores on one host held by one job over one attempt (CoreHolding.hpp): grid components
 *  always, local and dummy jobs when `trace.local_jobs` is on. */
struct AllocationRow {
  int8_t owner; // CoreOwner
  int64_t job_id;
  int32_t component; // -1 for local and dummy jobs
  int32_t placement; // 1-based; -1 for local and dummy jobs
  int32_t cluster;
  int32_t host; // index of the compute host in its cluster
  int32_t first_core;
  int32_t cores;
  double claimed_at;
  double started_at; // NaN: never started
  double released_at;
  int8_t outcome; // HoldingOutcome
};

/** A message between two sites' schedulers (JobControl::send); written only by runs that send messages. */
struct MessageRow {
  double sent;
  double received; // NaN when it failed (a scheduler host was off)
  int32_t from;    // sites (cluster indices)
  int32_t to;
  char kind[16];
  double bytes;
  int64_t job_id;         // -1 when about no job
  double failed_at;       // when it failed; NaN when it arrived
  double route_latency;   // the route's link latencies summed, at the send (s)
  double route_bandwidth; // the smallest bandwidth of the route's links, at the send (bytes/s; inf: no links)
};

/** A check of one site's waiting jobs for migration (JobControl::record_migration_check), whether or not it moved
 *  any; written only by runs that check. */
struct MigrationCheckRow {
  double time;      // when it decided
  double started;   // when it began (its queries were sent)
  int32_t site;     // the site whose waiting jobs it examined
  int32_t examined; // jobs it examined
  int32_t migrated; // jobs it sent away (each a /migrations row when it arrives)
};

/** A waiting job handed from one site's scheduler to another's; written only by runs that migrate jobs. */
struct MigrationRow {
  double time;
  int64_t job_id;
  int32_t from;
  int32_t to;
};

} // namespace coalsim
