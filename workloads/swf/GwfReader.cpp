#include "workloads/swf/GwfReader.hpp"

#include "workloads/swf/TraceFields.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_swf_gwf_reader, coalsim_swf, "GwfReader");

namespace coalsim {

const std::array<const char*, GwfReader::field_count>& GwfReader::field_names()
{
  static const std::array<const char*, field_count> names = {
      "JobID",       "SubmitTime",         "WaitTime",      "RunTime",
      "NProcs",      "AverageCPUTimeUsed", "UsedMemory",    "ReqNProcs",
      "ReqTime",     "ReqMemory",          "Status",        "UserID",
      "GroupID",     "ExecutableID",       "QueueID",       "PartitionID",
      "OrigSiteID",  "LastRunSiteID",      "JobStructure",  "JobStructureParams",
      "UsedNetwork", "UsedLocalDiskSpace", "UsedResources", "ReqPlatform",
      "ReqNetwork",  "ReqLocalDiskSpace",  "ReqResources",  "VOID",
      "ProjectID"};
  return names;
}

TraceJob GwfRecord::job() const
{
  return TraceJob{job_id, submit_time, wait_time, run_time, processors(), status, line};
}

GwfRecord GwfReader::parse_line(std::string_view text, const std::string& file, int line)
{
  TraceLine fields("GWF record", text, file, line, field_names());
  auto integer    = [&](size_t i) { return fields.integer(i); };
  auto real       = [&](size_t i) { return fields.real(i); };
  auto text_field = [&](size_t i) { return fields.text(i); };

  GwfRecord r;
  r.job_id                     = integer(0);
  r.submit_time                = real(1);
  r.wait_time                  = real(2);
  r.run_time                   = real(3);
  r.processors_allocated       = integer(4);
  r.average_cpu_time           = real(5);
  r.used_memory                = real(6);
  r.requested_processors       = integer(7);
  r.requested_time             = real(8);
  r.requested_memory           = real(9);
  r.status                     = integer(10);
  r.user_id                    = text_field(11);
  r.group_id                   = text_field(12);
  r.executable_id              = text_field(13);
  r.queue_id                   = text_field(14);
  r.partition_id               = text_field(15);
  r.orig_site_id               = text_field(16);
  r.last_run_site_id           = text_field(17);
  r.job_structure              = text_field(18);
  r.job_structure_params       = text_field(19);
  r.used_network               = real(20);
  r.used_local_disk_space      = real(21);
  r.used_resources             = text_field(22);
  r.requested_platform         = text_field(23);
  r.requested_network          = real(24);
  r.requested_local_disk_space = real(25);
  r.requested_resources        = text_field(26);
  r.virtual_organization_id    = text_field(27);
  r.project_id                 = text_field(28);
  r.line                       = line;
  return r;
}

} // namespace coalsim
