#include "sim/trace/TraceSchema.hpp"

#include <cstdio>

namespace coalsim {

/* One field list per row struct of TraceRows.hpp, in the order of the struct's members (which is the order of
 * the file's fields). The meanings are the tables of docs/trace-format.md. */
template <> const TraceTable& trace_table<ClusterRow>()
{
  static const TraceTable table{
      "/clusters",
      sizeof(ClusterRow),
      {
          field("index", &ClusterRow::index, "the cluster's number, 0-based, in the platform's order"),
          field("name", &ClusterRow::name, "the zone's name"),
          field("site", &ClusterRow::site, "the zone's `site` property (the institution)"),
          field("processors", &ClusterRow::processors, "cores of its compute hosts"),
      }};
  return table;
}

template <> const TraceTable& trace_table<JobRow>()
{
  static const TraceTable table{
      "/jobs",
      sizeof(JobRow),
      {
          field("id", &JobRow::id, "job id, 0-based in order of submission"),
          field("request_type", &JobRow::request_type, "0 ordered, 1 unordered, 2 flexible, 3 total"),
          field("priority", &JobRow::priority, "0 super-high, 1 high, 2 low, 3 super-low"),
          field(
              "status", &JobRow::status,
              "0 completed, 1 failed (dropped after its retries, or fitting no cluster left usable), 2 rejected by the "
              "policy or, at its arrival, by the engine: no placement the policy can make could ever hold it, even "
              "with every cluster idle (larger than the grid, larger than any one cluster for a policy that places a "
              "job on one cluster: [policies.md](policies.md#adding-a-policy)), 3 unfinished at the stop time"),
          field("coallocated", &JobRow::coallocated, "1 when `n_clusters > 1`"),
          field("n_components", &JobRow::n_components,
                "components the job ran with (for flexible jobs, the split chosen); if it never started, those it "
                "asked for (0 for a flexible job)"),
          field("processors", &JobRow::processors, "total processors"),
          field("n_clusters", &JobRow::n_clusters, "distinct execution clusters (0 with no placement)"),
          field("clusters", &JobRow::clusters,
                "execution cluster names joined by `+`, in component order, deduplicated; empty if the job held no "
                "placement when it left (never placed, or failed)"),
          field("job_spread", &JobRow::job_spread,
                "`n_clusters / n_components` (KOALA's definition); NaN if it never started"),
          field("submit_time", &JobRow::submit_time, "arrival at the grid scheduler"),
          field("placement_time", &JobRow::placement_time, "when the successful placement was decided (NaN if never)"),
          field("start_time", &JobRow::start_time, "when all components started (NaN if never)"),
          field("end_time", &JobRow::end_time, "when the processes ended (NaN if never)"),
          field("completion_time", &JobRow::completion_time,
                "`end_time` plus the completion overhead: the job is done for the user. A failed job: when it was "
                "dropped (out of tries or failures, or fitting no cluster left usable); NaN if rejected or unfinished"),
          field("response_time", &JobRow::response_time, "`completion_time - submit_time`"),
          field("wait_time", &JobRow::wait_time, "`start_time - submit_time`"),
          field("runtime", &JobRow::runtime, "`end_time - start_time`"),
          field("overhead", &JobRow::overhead,
                "submission plus completion middleware overhead of the successful attempt"),
          field("file_transfer_time", &JobRow::file_transfer_time,
                "from the start of stage-in to the arrival of the last file (0 without transfers)"),
          field("file_size", &JobRow::file_size, "input file size in bytes (0: none)"),
          field("placement_tries", &JobRow::placement_tries,
                "scheduling passes that considered the job and could not place it"),
          field("submission_failures", &JobRow::submission_failures, "claims that failed because processors were gone"),
          field("completion_failures", &JobRow::completion_failures,
                "runs that failed: completion failures, and host or cluster failures that hit the job; for KOALA every "
                "`component_failed` attempt, including a component hit after its claim but before the start and a file "
                "copy failed by an outage"),
          field("total_placement_time", &JobRow::total_placement_time,
                "sum of the placement times (queue entry to JPT) over all placements; for other policies "
                "`placement_time - submit_time` (NaN if never placed)"),
          field("estimated_ftt", &JobRow::estimated_ftt,
                "KOALA: the last placement's estimated FTT (largest over components); NaN otherwise"),
          field("jst", &JobRow::estimated_start, "KOALA: the last estimated job start time; NaN otherwise"),
          field("start_delay", &JobRow::start_delay,
                "KOALA: last JST minus the first JST; NaN otherwise, or if the job never started"),
          field("pgt", &JobRow::pgt,
                "KOALA: processor gained time, sum over components of processors x (claim - JPT), processor-seconds, "
                "summed over all the job's attempts (an attempt aborted before its start gains its unclaimed "
                "components' time up to the abort); the jobs' sum is the integral of `/utilization/gained`; NaN for "
                "other policies, or if the job never started"),
          field(
              "pwt", &JobRow::pwt,
              "KOALA: processor wasted time, sum over components of processors x (start - claim), processor-seconds, "
              "summed over all attempts (an aborted attempt wastes its claimed components' time up to the abort); the "
              "jobs' sum is the integral of `/utilization/held`; NaN for other policies, or if the job never started"),
          field("claiming_tries", &JobRow::claiming_tries,
                "KOALA: claiming tries over all placements; 0 for other policies"),
          field("placements", &JobRow::placements,
                "successful placements (KOALA: one per attempt: failed claims + failed runs + preemptions (`preempted` "
                "rows) + 1 for a completed job)"),
          field("submission_site", &JobRow::submission_site,
                "the site (cluster) the job was submitted to, whose scheduler decided it first, for a policy with one "
                "scheduler per site (`diana`: the workload's or the log's site, else the policy's own `submit_site`); "
                "-1 where the policy has none (every central policy)"),
          field("rejection", &JobRow::rejection,
                "why the job was turned away (status 2) or given up at a scheduling pass (status 1 with a `drop` row "
                "in `/failures`), as a short code; empty for every other job (one given up after a failed run "
                "included). The codes below"),
      }};
  return table;
}

template <> const TraceTable& trace_table<PlacementRow>()
{
  static const TraceTable table{
      "/placements",
      sizeof(PlacementRow),
      {
          field("job_id", &PlacementRow::job_id, "the job"),
          field("placement", &PlacementRow::placement, "1-based number of this placement of the job"),
          field("queued_at", &PlacementRow::queued_at,
                "when the job entered its queue for this placement: its arrival, then the end of the previous attempt "
                "(`ended_at` of the row before)"),
          field("placed_at", &PlacementRow::placed_at, "the JPT: when the placement was decided"),
          field("placement_time", &PlacementRow::placement_time, "`placed_at - queued_at`"),
          field("tries", &PlacementRow::tries,
                "placement tries of this placement: scheduling passes since the previous placement (or the arrival) "
                "that considered the job and could not place it; they sum to the job's `placement_tries` unless it was "
                "left waiting after its last attempt"),
          field("estimated_ftt", &PlacementRow::estimated_ftt,
                "KOALA: this placement's estimated FTT (largest over components); NaN otherwise"),
          field("jst", &PlacementRow::estimated_start,
                "KOALA: this placement's estimated job start time (`placed_at + estimated_ftt`); NaN otherwise"),
          field("started_at", &PlacementRow::started_at,
                "when the attempt's components started together (NaN: they never did)"),
          field("ended_at", &PlacementRow::ended_at,
                "when the attempt ended (the outcome below; for `completed` the job's `completion_time`)"),
          field("outcome", &PlacementRow::outcome,
                "how the attempt that followed the placement ended: `completed` (the job is done); `run_failed` (a "
                "completion failure, `faults.completion_failure`); `claim_failed` (processors were gone at claim time, "
                "or KOALA's JST came with components unclaimed); `component_failed` (a component failed: drawn by "
                "`component_failure`, killed by an outage, or its file copy failed with a file server that went down; "
                "for other policies also a copy that failed before the claim with `claiming: after_transfer`, which "
                "`/jobs` counts as a submission failure); `preempted` (KOALA: a higher-priority job took its "
                "processors); `tries_exceeded` (KOALA: its claiming tries exceeded `max_claiming_tries`, the job "
                "fails); `unfinished` (under way at the stop time)"),
      }};
  return table;
}

template <> const TraceTable& trace_table<ComponentRow>()
{
  static const TraceTable table{
      "/components",
      sizeof(ComponentRow),
      {
          field("job_id", &ComponentRow::job_id, "the job"),
          field("index", &ComponentRow::index, "the component's number in the job, 0-based"),
          field("cluster", &ComponentRow::cluster, "its execution cluster"),
          field("processors", &ComponentRow::processors, "its processors"),
          field("file_site", &ComponentRow::file_site, "the cluster its input file was copied from (-1: no file)"),
          field("transfer_time", &ComponentRow::transfer_time, "the copy's duration (0 when the file was local)"),
          field("host", &ComponentRow::host,
                "a time-shared component's host (its index in its cluster, as `/shares` `host`); -1 for a component on "
                "whole processors"),
          field("cpu_work", &ComponentRow::cpu_work,
                "a time-shared component's CPU work (core-seconds, as SimGrid counted it) when its run ended, or at "
                "the stop time for one still running; NaN for a component on whole processors, and for a run that "
                "failed. With exact estimates it equals the job's estimate"),
      }};
  return table;
}

template <> const TraceTable& trace_table<HostRow>()
{
  static const TraceTable table{
      "/hosts",
      sizeof(HostRow),
      {
          field("cluster", &HostRow::cluster, "its cluster"),
          field("index", &HostRow::index,
                "its index in the cluster, 0-based, in natural name order (`/allocations.host`, `/shares.host`)"),
          field("name", &HostRow::name, "its SimGrid name"),
          field("cores", &HostRow::cores, "its cores; a cluster's `processors` are its hosts' cores summed"),
      }};
  return table;
}

template <> const TraceTable& trace_table<AllocationRow>()
{
  static const TraceTable table{
      "/allocations",
      sizeof(AllocationRow),
      {
          field("owner", &AllocationRow::owner,
                "who held the cores: 0 a grid component, 1 a local job, 2 a dummy job of the band background"),
          field("job_id", &AllocationRow::job_id,
                "owner 0: the grid job's `/jobs.id`; owners 1 and 2: the local job's `/local_jobs.id` (a dummy job's "
                "number comes from the same sequence; it has no `/local_jobs` row)"),
          field("component", &AllocationRow::component,
                "the component's index in the job, as `/components.index` (-1 for local and dummy jobs)"),
          field("placement", &AllocationRow::placement,
                "the 1-based number of the grid job's placement whose attempt held the cores, as "
                "`/placements.placement` (-1 for local and dummy jobs)"),
          field("cluster", &AllocationRow::cluster, "the cluster"),
          field("host", &AllocationRow::host,
                "the compute host's index in its cluster (natural name order, as `/shares.host`)"),
          field("first_core", &AllocationRow::first_core, "the run's first core on that host, 0-based"),
          field("cores", &AllocationRow::cores, "the run's consecutive cores on that host"),
          field("claimed_at", &AllocationRow::claimed_at,
                "when the cores were taken: a grid component's claim, a local or dummy job's start"),
          field("started_at", &AllocationRow::started_at,
                "when the job started on them: the attempt's start (`/placements.started_at`), or a local job's start; "
                "NaN if the attempt never started (e.g. KOALA claimed the component, then the attempt failed)"),
          field("released_at", &AllocationRow::released_at,
                "when the cores were given back: the end of the run, a kill (outage, host failure, the band), an "
                "abort, or the stop time"),
          field("outcome", &AllocationRow::outcome,
                "0 completed (the run ended; a grid run that a completion failure then fails is found out only later, "
                "see `/placements.outcome`; a dummy job ended by the band); 1 failed or killed while running; 2 "
                "aborted before the start (claimed, then the attempt failed, was preempted or was cancelled); 3 "
                "unfinished: held at the stop time (`released_at` is the stop time)"),
      }};
  return table;
}

template <> const TraceTable& trace_table<LocalJobRow>()
{
  static const TraceTable table{
      "/local_jobs",
      sizeof(LocalJobRow),
      {
          field("id", &LocalJobRow::id,
                "the job's number, 0-based in order of arrival at the local managers, over all clusters (the band's "
                "dummy jobs take numbers from the same sequence and have no row here, nor do jobs still running when "
                "the run stops: so the numbers have gaps); `/allocations.job_id` of its cores"),
          field("trace_id", &LocalJobRow::trace_id, "job number in the replayed log, -1 for synthetic jobs"),
          field("cluster", &LocalJobRow::cluster, "its cluster"),
          field(
              "processors", &LocalJobRow::processors,
              "its processors; on a cluster with a job shape (`job_shape`), the cores it holds, whole nodes' worth (a "
              "job of 1 processor on whole dual nodes shows 2), unlike `/components.processors`, which keeps a "
              "component's own"),
          field("submit_time", &LocalJobRow::submit_time, "arrival at the local resource manager"),
          field("start_time", &LocalJobRow::start_time, "start"),
          field("end_time", &LocalJobRow::end_time, "end (or the outage or host failure that killed it)"),
          field("wait_time", &LocalJobRow::wait_time, "`start_time - submit_time`"),
          field("estimate", &LocalJobRow::estimate, "the requested time the local scheduler planned with"),
      }};
  return table;
}

template <> const TraceTable& trace_table<ShareRow>()
{
  static const TraceTable table{
      "/shares",
      sizeof(ShareRow),
      {
          field("time", &ShareRow::time, "when it changed"),
          field("cluster", &ShareRow::cluster, "the host's cluster"),
          field("host", &ShareRow::host,
                "the host's index in its cluster (natural name order, as `ComponentPlacement::host`)"),
          field("taken", &ShareRow::taken,
                "the shares of the components on it, summed (in cores; at most its cores when a share was admitted, "
                "possibly more after a share rose while running)"),
          field("components", &ShareRow::components,
                "components sharing it; 0: the last one left and the host is back in the space-shared pool"),
          field("job_id", &ShareRow::job_id, "the job whose component's share changed"),
          field("component", &ShareRow::component, "that component's index in the job"),
          field("share", &ShareRow::share,
                "that component's share after this change (its Exec's priority, in cores); 0 when it left the host"),
      }};
  return table;
}

template <> const TraceTable& trace_table<ClusterEnergyRow>()
{
  static const TraceTable table{
      "/cluster_energy",
      sizeof(ClusterEnergyRow),
      {
          field("cluster", &ClusterEnergyRow::cluster, "the cluster's index (`/clusters.index`)"),
          field("joules", &ClusterEnergyRow::joules,
                "what its compute hosts drew over [0, `end_time`] (J): the sum of the next five"),
          field("grid_joules", &ClusterEnergyRow::grid_joules,
                "charged to grid job components holding its cores (the sum of its `/job_energy` rows)"),
          field("local_joules", &ClusterEnergyRow::local_joules,
                "charged to local (background) jobs and dummy jobs holding its cores"),
          field("idle_joules", &ClusterEnergyRow::idle_joules,
                "the idle power's share of the cores no job held, on hosts that were on"),
          field("off_joules", &ClusterEnergyRow::off_joules,
                "drawn by hosts while off (`wattage_off`): failed, or switched off by the power manager"),
          field("boot_joules", &ClusterEnergyRow::boot_joules, "drawn by hosts while booting (`boot_energy` each)"),
          field("boots", &ClusterEnergyRow::boots, "hosts switched on again by the power manager"),
          field("mean_watts", &ClusterEnergyRow::mean_watts, "`joules / end_time` (W)"),
      }};
  return table;
}

template <> const TraceTable& trace_table<JobEnergyRow>()
{
  static const TraceTable table{
      "/job_energy",
      sizeof(JobEnergyRow),
      {
          field("job_id", &JobEnergyRow::job_id, "the grid job (`/jobs.id`)"),
          field("component", &JobEnergyRow::component, "the component's index in the job"),
          field("placement", &JobEnergyRow::placement,
                "the 1-based placement whose attempt held the cores (`/placements.placement`)"),
          field("cluster", &JobEnergyRow::cluster, "the cluster of the cores"),
          field("joules", &JobEnergyRow::joules,
                "charged to those cores from their claim to their release (J): per held core, its host's idle power "
                "over its cores plus its power above idle over its busy cores"),
      }};
  return table;
}

template <> const TraceTable& trace_table<EconomyRow>()
{
  static const TraceTable table{
      "/economy",
      sizeof(EconomyRow),
      {
          field("job_id", &EconomyRow::job_id, "the job"),
          field("estimate", &EconomyRow::estimate, "the user's estimate E (s on a dedicated core)"),
          field("deadline", &EconomyRow::deadline, "the absolute deadline: submission + D (s)"),
          field("budget", &EconomyRow::budget, "B (NaN: none given)"),
          field("cost", &EconomyRow::cost,
                "the price the policy computed, a E + b E / D (NaN: none computed, e.g. a job rejected before its "
                "budget check)"),
          field("charge", &EconomyRow::charge,
                "what the job was charged: its `cost` if it was accepted, NaN otherwise"),
          field("load", &EconomyRow::load,
                "`libra`: the load (fraction of the node's capacity its jobs are guaranteed) of the node that took the "
                "job, with it; for a job no node took (`no_node`), the least load any node open to it (dedicated to "
                "Libra's jobs) would have carried with it, above 1; NaN otherwise (also when no node was open)"),
          field("accepted", &EconomyRow::accepted, "1 unless the policy rejected it"),
          field("met", &EconomyRow::met,
                "1 if it completed with its processes ended by its deadline (up to a relative billionth: a job given "
                "exactly the share it needs ends on its deadline up to rounding)"),
          field("rejection", &EconomyRow::rejection,
                "the job's rejection code when it was rejected (status 2), as in `/jobs.rejection` (e.g. `budget`, "
                "`no_node`, `share_over_core`, `exceeds_grid`), empty otherwise"),
      }};
  return table;
}

template <> const TraceTable& trace_table<FailureRow>()
{
  static const TraceTable table{
      "/failures",
      sizeof(FailureRow),
      {
          field("time", &FailureRow::time, "when it happened"),
          field("job_id", &FailureRow::job_id, "the job (-1 when no job)"),
          field("cluster", &FailureRow::cluster, "the cluster (-1 when none)"),
          field("kind", &FailureRow::kind, "one of the kinds below"),
          field("host", &FailureRow::host, "the host of a `host_down` or `host_up` row, empty otherwise"),
      }};
  return table;
}

template <> const TraceTable& trace_table<MessageRow>()
{
  static const TraceTable table{
      "/messages",
      sizeof(MessageRow),
      {
          field("sent", &MessageRow::sent, "when the sender sent it"),
          field("received", &MessageRow::received,
                "when it arrived at the receiver's scheduler host; NaN when it failed (a scheduler host was off)"),
          field("from", &MessageRow::from, "the sending site (cluster index)"),
          field("to", &MessageRow::to, "the receiving site"),
          field("kind", &MessageRow::kind,
                "what it is, as the policy names it; `diana`: `query`, `reply`, `job` (a remote submission, with the "
                "executables), `migrate`, `output`"),
          field("bytes", &MessageRow::bytes, "its size on the network"),
          field("job_id", &MessageRow::job_id, "the job it is about (a bulk's first job; -1 when none)"),
          field("failed_at", &MessageRow::failed_at,
                "when it failed (a scheduler host was off at the send, or went off on the way); NaN when it arrived"),
          field("route_latency", &MessageRow::route_latency,
                "the latencies of the links of its route (between the two scheduler hosts) summed, as they were at the "
                "send (s); 0 between a site and itself"),
          field("route_bandwidth", &MessageRow::route_bandwidth,
                "the smallest bandwidth of its route's links, as it was at the send (bytes/s); `inf` for a route "
                "without links"),
      }};
  return table;
}

template <> const TraceTable& trace_table<MigrationRow>()
{
  static const TraceTable table{
      "/migrations",
      sizeof(MigrationRow),
      {
          field("time", &MigrationRow::time, "when the job arrived at its new site (and joined that site's queue)"),
          field("job_id", &MigrationRow::job_id, "the job"),
          field("from", &MigrationRow::from, "the site it left"),
          field("to", &MigrationRow::to, "the site it joined"),
      }};
  return table;
}

template <> const TraceTable& trace_table<MigrationCheckRow>()
{
  static const TraceTable table{
      "/migration_checks",
      sizeof(MigrationCheckRow),
      {
          field("time", &MigrationCheckRow::time,
                "when it decided (its peers' replies in, or the reply timeout; its start when it examined none)"),
          field("started", &MigrationCheckRow::started,
                "when it began: the instant of the check, when its queries were sent"),
          field("site", &MigrationCheckRow::site, "the site whose waiting jobs it examined"),
          field("examined", &MigrationCheckRow::examined, "jobs it examined"),
          field("migrated", &MigrationCheckRow::migrated,
                "jobs it sent away; each is a `/migrations` row when it arrives (none when its peer went off on the "
                "way)"),
      }};
  return table;
}

template <> const TraceTable& trace_table<DecisionRow>()
{
  static const TraceTable table{
      "/decisions",
      sizeof(DecisionRow),
      {
          field("time", &DecisionRow::time, "when the round decided"),
          field("round", &DecisionRow::round, "the round's number, counted over the run from 1"),
          field("job_id", &DecisionRow::job_id, "the job decided (the first job of a bulk or sub-bulk round)"),
          field("deciding_site", &DecisionRow::deciding_site,
                "the site whose scheduler decided (`diana`), -1 for a central scheduler"),
          field("cluster", &DecisionRow::cluster, "the candidate cluster (the site)"),
          field("host", &DecisionRow::host,
                "the candidate host, index in its cluster (`libra`'s nodes), -1 for a whole cluster"),
          field("outcome", &DecisionRow::outcome,
                "`chosen` (the job, or some of a bulk, went there), `refused` (it could take none), `no_reply` (a "
                "peer that did not answer by the timeout, or whose host was off), `considered` (it could, but the "
                "round chose another)"),
          field("reason", &DecisionRow::reason,
                "why, as a short code, or empty: `unusable` (marked unusable, or the deciding site's own cluster "
                "unusable), `down` (an outage), `too_small` (`diana`: fewer processors than the job needs), "
                "`too_few_idle` (fewer idle processors than the job's smallest component, or than an ordered job asks "
                "there), `not_requested` (an ordered job names other clusters), `no_file` (no replica of its input in "
                "reach), `not_shareable` (`libra`: the host runs other work or is off), `over_capacity` (`libra`: the "
                "shares with the job would exceed the node's cores), `not_least_loaded` / `not_best_fit` (`libra`: it "
                "accepted, but another node was chosen by `node_choice`)"),
      }};
  return table;
}

template <> const TraceTable& trace_table<DecisionTermRow>()
{
  static const TraceTable table{
      "/decision_terms",
      sizeof(DecisionTermRow),
      {
          field("round", &DecisionTermRow::round, "the round"),
          field("cluster", &DecisionTermRow::cluster, "the candidate it is about, -1 for the job itself"),
          field("host", &DecisionTermRow::host, "as in `/decisions`"),
          field("name", &DecisionTermRow::name,
                "the figure: `diana`: `queue_length`, `jobs_ahead` (of the job at its priority; 0 for the deciding "
                "site in a placement round), `processors`, `busy` (what the site reported, or what the deciding site "
                "knows of itself), `cost.computation`, `cost.network`, `cost.data_transfer`, `cost.total` (eq. 3.5, "
                "for each site that answered and can hold the job), `jobs` (the jobs of a bulk a site got); `libra`: "
                "`share` (the job's minimum share, cluster -1), `load` (each open node's load with the job); central "
                "schedulers: `idle` (each cluster's idle processors as the scheduler saw them before the try)"),
          field("value", &DecisionTermRow::value, "its value"),
      }};
  return table;
}

std::vector<const TraceTable*> trace_tables()
{
  return {&trace_table<ClusterRow>(),       &trace_table<JobRow>(),         &trace_table<PlacementRow>(),
          &trace_table<ComponentRow>(),     &trace_table<HostRow>(),        &trace_table<AllocationRow>(),
          &trace_table<LocalJobRow>(),      &trace_table<ShareRow>(),       &trace_table<EconomyRow>(),
          &trace_table<ClusterEnergyRow>(), &trace_table<JobEnergyRow>(),   &trace_table<FailureRow>(),
          &trace_table<MessageRow>(),       &trace_table<MigrationRow>(),   &trace_table<MigrationCheckRow>(),
          &trace_table<DecisionRow>(),      &trace_table<DecisionTermRow>()};
}

std::string TraceField::type_name() const
{
  switch (kind) {
    case FieldKind::i8:
      return "i8";
    case FieldKind::i32:
      return "i32";
    case FieldKind::i64:
      return "i64";
    case FieldKind::f64:
      return "f64";
    case FieldKind::text: {
      char name[24];
      std::snprintf(name, sizeof name, "S%zu", size);
      return name;
    }
  }
  return "?";
}

std::string render_field_table(const TraceTable& table)
{
  std::string text = "| field | type | meaning |\n| --- | --- | --- |\n";
  for (const TraceField& f : table.fields)
    text += "| `" + f.name + "` | " + f.type_name() + " | " + f.meaning + " |\n";
  return text;
}

} // namespace coalsim
