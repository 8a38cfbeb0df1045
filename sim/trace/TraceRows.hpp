/* The rows of the HDF5 trace tables: each struct is one dataset's layout in memory. What each field is called in the
 * file and what it means is its field list in TraceSchema.cpp (the schema, declared once; docs/trace-format.md's
 * tables are its rendering). A new field: a member here and its line in the list. */
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
  // Figures the policy reports (JobMetrics; Mohamed and Epema 2008, Figure 5)
  double total_placement_time;
  double estimated_ftt;
  double estimated_start;
  double start_delay;
  double pgt;
  double pwt;
  int32_t claiming_tries;
  int32_t placements;
  int32_t submission_site;
  char rejection[32];
};

/** One placement of a grid job and how the attempt that followed it ended (the outcomes are
 *  PlacementOutcome, sim/trace/JobLifecycleListener.hpp). */
struct PlacementRow {
  int64_t job_id;
  int32_t placement;
  double queued_at;
  double placed_at;
  double placement_time;
  int32_t tries;
  double estimated_ftt;
  double estimated_start;
  double started_at;
  double ended_at;
  char outcome[24]; // PlacementOutcome as text, NUL-terminated
};

struct ComponentRow {
  int64_t job_id;
  int32_t index;
  int32_t cluster;
  int32_t processors;
  int32_t file_site;
  double transfer_time;
  int32_t host;
  double cpu_work;
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
  int32_t index;
  char name[32];
  int32_t cores;
};

struct FailureRow {
  double time;
  int64_t job_id;
  int32_t cluster;
  char kind[16];
  char host[32];
};

/** A job with a deadline (economy workloads: deadline and budget admission): written only for jobs whose workload gives
 * deadlines, so other traces have no /economy dataset. */
struct EconomyRow {
  int64_t job_id;
  double estimate;
  double deadline;
  double budget;
  double cost;
  double charge;
  double load;
  int8_t accepted;
  int8_t met;
  char rejection[16];
};

/** A change of a time-shared host's CPU shares (timeshared runtime model): written only in runs that share
 *  hosts, so other traces have no /shares dataset. */
struct ShareRow {
  double time;
  int32_t cluster;
  int32_t host;
  double taken;
  int32_t components;
  int64_t job_id;
  int32_t component;
  double share;
};

/** A cluster's energy over the run (only when the platform gives its hosts' power). */
struct ClusterEnergyRow {
  int32_t cluster;
  double joules;
  double grid_joules;
  double local_joules;
  double idle_joules;
  double off_joules;
  double boot_joules;
  int64_t boots;
  double mean_watts;
};

/** The energy charged to a grid component's cores over one attempt (only when the platform gives its hosts' power). */
struct JobEnergyRow {
  int64_t job_id;
  int32_t component;
  int32_t placement;
  int32_t cluster;
  double joules;
};

/** A local (background) job that ended; written when `trace.local_jobs` is on. */
struct LocalJobRow {
  int64_t id;
  int64_t trace_id;
  int32_t cluster;
  int32_t processors;
  double submit_time;
  double start_time;
  double end_time;
  double wait_time;
  double estimate;
};

/** A run of consecutive cores on one host held by one job over one attempt (CoreHolding.hpp): grid components
 *  always, local and dummy jobs when `trace.local_jobs` is on. */
struct AllocationRow {
  int8_t owner; // CoreOwner
  int64_t job_id;
  int32_t component;
  int32_t placement;
  int32_t cluster;
  int32_t host;
  int32_t first_core;
  int32_t cores;
  double claimed_at;
  double started_at;
  double released_at;
  int8_t outcome; // HoldingOutcome
};

/** A message between two sites' schedulers (SiteChannel::send); written only by runs that send messages. */
struct MessageRow {
  double sent;
  double received;
  int32_t from;
  int32_t to;
  char kind[16];
  double bytes;
  int64_t job_id;
  double failed_at;
  double route_latency;
  double route_bandwidth;
};

/** A check of one site's waiting jobs for migration (SiteChannel::record_migration_check), whether or not it moved
 *  any; written only by runs that check. */
struct MigrationCheckRow {
  double time;
  double started;
  int32_t site;
  int32_t examined;
  int32_t migrated;
};

/** A waiting job handed from one site's scheduler to another's; written only by runs that migrate jobs. */
struct MigrationRow {
  double time;
  int64_t job_id;
  int32_t from;
  int32_t to;
};

/** The decision log (`trace.decisions`, DecisionLog): one candidate a decision round considered. */
struct DecisionRow {
  double time;
  int64_t round;
  int64_t job_id;
  int32_t deciding_site;
  int32_t cluster;
  int32_t host;
  char outcome[16];
  char reason[32];
};

/** The decision log: one figure a round weighed about one candidate. */
struct DecisionTermRow {
  int64_t round;
  int32_t cluster;
  int32_t host;
  char name[32];
  double value;
};

} // namespace coalsim
