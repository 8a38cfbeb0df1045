#include "sim/trace/TraceTypes.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_types, coalsim_trace, "TraceTypes");

namespace coalsim {

static hid_t string_type(size_t size)
{
  hid_t t = H5Tcopy(H5T_C_S1);
  H5Tset_size(t, size);
  H5Tset_strpad(t, H5T_STR_NULLPAD);
  return t;
}

hid_t job_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(JobRow));
  H5Tinsert(t, "id", HOFFSET(JobRow, id), H5T_NATIVE_INT64);
  H5Tinsert(t, "request_type", HOFFSET(JobRow, request_type), H5T_NATIVE_INT8);
  H5Tinsert(t, "priority", HOFFSET(JobRow, priority), H5T_NATIVE_INT8);
  H5Tinsert(t, "status", HOFFSET(JobRow, status), H5T_NATIVE_INT8);
  H5Tinsert(t, "n_components", HOFFSET(JobRow, n_components), H5T_NATIVE_INT32);
  H5Tinsert(t, "processors", HOFFSET(JobRow, processors), H5T_NATIVE_INT32);
  H5Tinsert(t, "n_clusters", HOFFSET(JobRow, n_clusters), H5T_NATIVE_INT32);
  hid_t s = string_type(sizeof(JobRow::clusters));
  H5Tinsert(t, "clusters", HOFFSET(JobRow, clusters), s);
  H5Tclose(s);
  H5Tinsert(t, "job_spread", HOFFSET(JobRow, job_spread), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "coallocated", HOFFSET(JobRow, coallocated), H5T_NATIVE_INT8);
  H5Tinsert(t, "submit_time", HOFFSET(JobRow, submit_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "placement_time", HOFFSET(JobRow, placement_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "start_time", HOFFSET(JobRow, start_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "end_time", HOFFSET(JobRow, end_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "completion_time", HOFFSET(JobRow, completion_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "response_time", HOFFSET(JobRow, response_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "wait_time", HOFFSET(JobRow, wait_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "runtime", HOFFSET(JobRow, runtime), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "overhead", HOFFSET(JobRow, overhead), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "file_transfer_time", HOFFSET(JobRow, file_transfer_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "file_size", HOFFSET(JobRow, file_size), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "placement_tries", HOFFSET(JobRow, placement_tries), H5T_NATIVE_INT32);
  H5Tinsert(t, "submission_failures", HOFFSET(JobRow, submission_failures), H5T_NATIVE_INT32);
  H5Tinsert(t, "completion_failures", HOFFSET(JobRow, completion_failures), H5T_NATIVE_INT32);
  H5Tinsert(t, "total_placement_time", HOFFSET(JobRow, total_placement_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "estimated_ftt", HOFFSET(JobRow, estimated_ftt), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "jst", HOFFSET(JobRow, estimated_start), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "start_delay", HOFFSET(JobRow, start_delay), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "pgt", HOFFSET(JobRow, pgt), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "pwt", HOFFSET(JobRow, pwt), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "claiming_tries", HOFFSET(JobRow, claiming_tries), H5T_NATIVE_INT32);
  H5Tinsert(t, "placements", HOFFSET(JobRow, placements), H5T_NATIVE_INT32);
  H5Tinsert(t, "submission_site", HOFFSET(JobRow, submission_site), H5T_NATIVE_INT32);
  return t;
}

hid_t component_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(ComponentRow));
  H5Tinsert(t, "job_id", HOFFSET(ComponentRow, job_id), H5T_NATIVE_INT64);
  H5Tinsert(t, "index", HOFFSET(ComponentRow, index), H5T_NATIVE_INT32);
  H5Tinsert(t, "cluster", HOFFSET(ComponentRow, cluster), H5T_NATIVE_INT32);
  H5Tinsert(t, "processors", HOFFSET(ComponentRow, processors), H5T_NATIVE_INT32);
  H5Tinsert(t, "file_site", HOFFSET(ComponentRow, file_site), H5T_NATIVE_INT32);
  H5Tinsert(t, "transfer_time", HOFFSET(ComponentRow, transfer_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "host", HOFFSET(ComponentRow, host), H5T_NATIVE_INT32);
  H5Tinsert(t, "cpu_work", HOFFSET(ComponentRow, cpu_work), H5T_NATIVE_DOUBLE);
  return t;
}

hid_t placement_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(PlacementRow));
  H5Tinsert(t, "job_id", HOFFSET(PlacementRow, job_id), H5T_NATIVE_INT64);
  H5Tinsert(t, "placement", HOFFSET(PlacementRow, placement), H5T_NATIVE_INT32);
  H5Tinsert(t, "queued_at", HOFFSET(PlacementRow, queued_at), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "placed_at", HOFFSET(PlacementRow, placed_at), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "placement_time", HOFFSET(PlacementRow, placement_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "tries", HOFFSET(PlacementRow, tries), H5T_NATIVE_INT32);
  H5Tinsert(t, "estimated_ftt", HOFFSET(PlacementRow, estimated_ftt), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "jst", HOFFSET(PlacementRow, estimated_start), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "started_at", HOFFSET(PlacementRow, started_at), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "ended_at", HOFFSET(PlacementRow, ended_at), H5T_NATIVE_DOUBLE);
  hid_t s = string_type(sizeof(PlacementRow::outcome));
  H5Tinsert(t, "outcome", HOFFSET(PlacementRow, outcome), s);
  H5Tclose(s);
  return t;
}

hid_t cluster_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(ClusterRow));
  H5Tinsert(t, "index", HOFFSET(ClusterRow, index), H5T_NATIVE_INT32);
  hid_t s = string_type(32);
  H5Tinsert(t, "name", HOFFSET(ClusterRow, name), s);
  H5Tinsert(t, "site", HOFFSET(ClusterRow, site), s);
  H5Tclose(s);
  H5Tinsert(t, "processors", HOFFSET(ClusterRow, processors), H5T_NATIVE_INT32);
  return t;
}

hid_t local_job_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(LocalJobRow));
  H5Tinsert(t, "id", HOFFSET(LocalJobRow, id), H5T_NATIVE_INT64);
  H5Tinsert(t, "trace_id", HOFFSET(LocalJobRow, trace_id), H5T_NATIVE_INT64);
  H5Tinsert(t, "cluster", HOFFSET(LocalJobRow, cluster), H5T_NATIVE_INT32);
  H5Tinsert(t, "processors", HOFFSET(LocalJobRow, processors), H5T_NATIVE_INT32);
  H5Tinsert(t, "submit_time", HOFFSET(LocalJobRow, submit_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "start_time", HOFFSET(LocalJobRow, start_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "end_time", HOFFSET(LocalJobRow, end_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "wait_time", HOFFSET(LocalJobRow, wait_time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "estimate", HOFFSET(LocalJobRow, estimate), H5T_NATIVE_DOUBLE);
  return t;
}

hid_t host_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(HostRow));
  H5Tinsert(t, "cluster", HOFFSET(HostRow, cluster), H5T_NATIVE_INT32);
  H5Tinsert(t, "index", HOFFSET(HostRow, index), H5T_NATIVE_INT32);
  hid_t s = string_type(32);
  H5Tinsert(t, "name", HOFFSET(HostRow, name), s);
  H5Tclose(s);
  H5Tinsert(t, "cores", HOFFSET(HostRow, cores), H5T_NATIVE_INT32);
  return t;
}

hid_t allocation_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(AllocationRow));
  H5Tinsert(t, "owner", HOFFSET(AllocationRow, owner), H5T_NATIVE_INT8);
  H5Tinsert(t, "job_id", HOFFSET(AllocationRow, job_id), H5T_NATIVE_INT64);
  H5Tinsert(t, "component", HOFFSET(AllocationRow, component), H5T_NATIVE_INT32);
  H5Tinsert(t, "placement", HOFFSET(AllocationRow, placement), H5T_NATIVE_INT32);
  H5Tinsert(t, "cluster", HOFFSET(AllocationRow, cluster), H5T_NATIVE_INT32);
  H5Tinsert(t, "host", HOFFSET(AllocationRow, host), H5T_NATIVE_INT32);
  H5Tinsert(t, "first_core", HOFFSET(AllocationRow, first_core), H5T_NATIVE_INT32);
  H5Tinsert(t, "cores", HOFFSET(AllocationRow, cores), H5T_NATIVE_INT32);
  H5Tinsert(t, "claimed_at", HOFFSET(AllocationRow, claimed_at), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "started_at", HOFFSET(AllocationRow, started_at), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "released_at", HOFFSET(AllocationRow, released_at), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "outcome", HOFFSET(AllocationRow, outcome), H5T_NATIVE_INT8);
  return t;
}

hid_t economy_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(EconomyRow));
  H5Tinsert(t, "job_id", HOFFSET(EconomyRow, job_id), H5T_NATIVE_INT64);
  H5Tinsert(t, "estimate", HOFFSET(EconomyRow, estimate), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "deadline", HOFFSET(EconomyRow, deadline), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "budget", HOFFSET(EconomyRow, budget), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "cost", HOFFSET(EconomyRow, cost), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "charge", HOFFSET(EconomyRow, charge), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "load", HOFFSET(EconomyRow, load), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "accepted", HOFFSET(EconomyRow, accepted), H5T_NATIVE_INT8);
  H5Tinsert(t, "met", HOFFSET(EconomyRow, met), H5T_NATIVE_INT8);
  hid_t s = string_type(16);
  H5Tinsert(t, "rejection", HOFFSET(EconomyRow, rejection), s);
  H5Tclose(s);
  return t;
}

hid_t share_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(ShareRow));
  H5Tinsert(t, "time", HOFFSET(ShareRow, time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "cluster", HOFFSET(ShareRow, cluster), H5T_NATIVE_INT32);
  H5Tinsert(t, "host", HOFFSET(ShareRow, host), H5T_NATIVE_INT32);
  H5Tinsert(t, "taken", HOFFSET(ShareRow, taken), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "components", HOFFSET(ShareRow, components), H5T_NATIVE_INT32);
  H5Tinsert(t, "job_id", HOFFSET(ShareRow, job_id), H5T_NATIVE_INT64);
  H5Tinsert(t, "component", HOFFSET(ShareRow, component), H5T_NATIVE_INT32);
  H5Tinsert(t, "share", HOFFSET(ShareRow, share), H5T_NATIVE_DOUBLE);
  return t;
}

hid_t failure_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(FailureRow));
  H5Tinsert(t, "time", HOFFSET(FailureRow, time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "job_id", HOFFSET(FailureRow, job_id), H5T_NATIVE_INT64);
  H5Tinsert(t, "cluster", HOFFSET(FailureRow, cluster), H5T_NATIVE_INT32);
  hid_t s = string_type(16);
  H5Tinsert(t, "kind", HOFFSET(FailureRow, kind), s);
  H5Tclose(s);
  hid_t h = string_type(32);
  H5Tinsert(t, "host", HOFFSET(FailureRow, host), h);
  H5Tclose(h);
  return t;
}

hid_t message_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(MessageRow));
  H5Tinsert(t, "sent", HOFFSET(MessageRow, sent), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "received", HOFFSET(MessageRow, received), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "from", HOFFSET(MessageRow, from), H5T_NATIVE_INT32);
  H5Tinsert(t, "to", HOFFSET(MessageRow, to), H5T_NATIVE_INT32);
  hid_t s = string_type(16);
  H5Tinsert(t, "kind", HOFFSET(MessageRow, kind), s);
  H5Tclose(s);
  H5Tinsert(t, "bytes", HOFFSET(MessageRow, bytes), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "job_id", HOFFSET(MessageRow, job_id), H5T_NATIVE_INT64);
  H5Tinsert(t, "failed_at", HOFFSET(MessageRow, failed_at), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "route_latency", HOFFSET(MessageRow, route_latency), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "route_bandwidth", HOFFSET(MessageRow, route_bandwidth), H5T_NATIVE_DOUBLE);
  return t;
}

hid_t migration_check_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(MigrationCheckRow));
  H5Tinsert(t, "time", HOFFSET(MigrationCheckRow, time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "started", HOFFSET(MigrationCheckRow, started), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "site", HOFFSET(MigrationCheckRow, site), H5T_NATIVE_INT32);
  H5Tinsert(t, "examined", HOFFSET(MigrationCheckRow, examined), H5T_NATIVE_INT32);
  H5Tinsert(t, "migrated", HOFFSET(MigrationCheckRow, migrated), H5T_NATIVE_INT32);
  return t;
}

hid_t migration_type()
{
  hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(MigrationRow));
  H5Tinsert(t, "time", HOFFSET(MigrationRow, time), H5T_NATIVE_DOUBLE);
  H5Tinsert(t, "job_id", HOFFSET(MigrationRow, job_id), H5T_NATIVE_INT64);
  H5Tinsert(t, "from", HOFFSET(MigrationRow, from), H5T_NATIVE_INT32);
  H5Tinsert(t, "to", HOFFSET(MigrationRow, to), H5T_NATIVE_INT32);
  return t;
}

hid_t packed(hid_t memory_type)
{
  hid_t t = H5Tcopy(memory_type);
  H5Tpack(t);
  return t;
}

} // namespace coalsim
