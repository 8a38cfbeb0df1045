/* Reads a coalsim HDF5 trace back into rows (for tests and tools). */
#pragma once

#include "sim/trace/TraceRows.hpp"

#include <optional>
#include <string>
#include <vector>

namespace coalsim {

struct Trace {
  std::vector<JobRow> jobs;
  std::vector<ComponentRow> components;
  std::vector<PlacementRow> placements;
  std::vector<ClusterRow> clusters;
  std::vector<FailureRow> failures;
  std::vector<LocalJobRow> local_jobs;
  std::vector<MessageRow> messages;                // empty when the run sent none (no /messages)
  std::vector<MigrationRow> migrations;            // empty when the run migrated none (no /migrations)
  std::vector<MigrationCheckRow> migration_checks; // empty when the run checked none (no /migration_checks)
  std::vector<double> sample_time;
  size_t columns = 0;                  // clusters in the utilization matrices
  std::vector<double> grid_busy;       // [sample * columns + cluster]
  std::vector<double> background_busy; // same layout
  std::vector<double> queue_length;
  std::vector<double> held;        // KOALA: processors claimed before their job started (PWT), per sample
  std::vector<double> gained;      // KOALA: processors placed but not yet claimed (PGT), per sample
  std::optional<double> void_time; // root attributes of a run a band background declared void
  std::string void_cluster;
  std::string config;                    // root attribute: the experiment as run, as YAML
  bool has_economy = false;              // the trace has an /economy dataset
  std::vector<EconomyRow> economy;       // jobs with deadlines
  std::optional<double> economy_revenue; // root attribute of a run with an /economy dataset
  std::vector<ShareRow> shares;          // changes of time-shared hosts' shares (empty without /shares)
  bool has_energy = false;               // the trace has /cluster_energy (a platform with power properties)
  std::vector<ClusterEnergyRow> cluster_energy;
  std::vector<JobEnergyRow> job_energy;
  std::vector<double> energy_time;        // /energy/time
  std::vector<double> energy_watts;       // /energy/watts, [sample * columns + cluster]
  std::optional<double> energy_joules;    // root attribute
  std::vector<AllocationRow> allocations; // the cores each job held
  std::vector<HostRow> hosts;
  bool has_decisions = false;                  // the trace has the decision log (trace.decisions)
  std::vector<DecisionRow> decisions;          // empty without it
  std::vector<DecisionTermRow> decision_terms; // likewise
};

/** Throws InputError when the file or one of its datasets is missing. */
Trace read_trace(const std::string& path);

} // namespace coalsim
