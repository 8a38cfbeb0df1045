/* Reader for the Grid Workloads Format (GWF) of the Grid Workloads Archive (Iosup et al., TU Delft), text flavour.
 *
 * GWF extends SWF to grids: one job per line, 29 whitespace-separated fields, -1 when not recorded; lines starting
 * with '#' (or ';') are comments. Fields 1-11 are SWF's first eleven, numeric; identifiers (user, group,
 * executable, queue, partition, sites, VO, project) are strings, e.g. "U12" or "fs0".
 *   1 JobID  2 SubmitTime  3 WaitTime  4 RunTime  5 NProcs  6 AverageCPUTimeUsed  7 UsedMemory  8 ReqNProcs
 *   9 ReqTime  10 ReqMemory  11 Status  12 UserID  13 GroupID  14 ExecutableID  15 QueueID  16 PartitionID
 *   17 OrigSiteID  18 LastRunSiteID  19 JobStructure (UNITARY or BoT)  20 JobStructureParams (BoT: batch id)
 *   21 UsedNetwork (KB/s)  22 UsedLocalDiskSpace (MB)  23 UsedResources  24 ReqPlatform  25 ReqNetwork (KB/s)
 *   26 ReqLocalDiskSpace (MB)  27 ReqResources  28 VOID  29 ProjectID
 * The field list is the one published with the GWA traces (GWA-T-1 DAS-2, GWA-T-2 Grid'5000 descriptions).
 * Usability rules are those of TraceJob.hpp, as for SWF. */
#pragma once

#include "workloads/swf/RecordReader.hpp"
#include "workloads/swf/TraceHeader.hpp"
#include "workloads/swf/TraceJob.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace coalsim {

struct GwfRecord {
  int64_t job_id               = -1;
  double submit_time           = -1;
  double wait_time             = -1;
  double run_time              = -1;
  int64_t processors_allocated = -1; // NProcs
  double average_cpu_time      = -1;
  double used_memory           = -1;
  int64_t requested_processors = -1;
  double requested_time        = -1;
  double requested_memory      = -1;
  int64_t status               = -1;
  std::string user_id;
  std::string group_id;
  std::string executable_id;
  std::string queue_id;
  std::string partition_id;
  std::string orig_site_id;
  std::string last_run_site_id;
  std::string job_structure;
  std::string job_structure_params;
  double used_network          = -1;
  double used_local_disk_space = -1;
  std::string used_resources;
  std::string requested_platform;
  double requested_network          = -1;
  double requested_local_disk_space = -1;
  std::string requested_resources;
  std::string virtual_organization_id;
  std::string project_id;
  int line = 0;

  int64_t processors() const { return effective_processors(processors_allocated, requested_processors); }
  SkipReason skip_reason() const
  {
    return classify_record(submit_time, run_time, status, processors_allocated, requested_processors);
  }
  TraceJob job() const;
};

class GwfReader : public RecordReader<GwfReader, GwfRecord> {
public:
  static constexpr size_t field_count = 29;
  /** GWF field names, in order: "JobID", "SubmitTime", ... */
  static const std::array<const char*, field_count>& field_names();

  static constexpr const char* format_name = "GWF"; // in errors: "Invalid GWF header 'MaxProcs' in ..."

  using RecordReader::RecordReader;

  /** Whether a line whose first non-blank character is `first` is a header comment. */
  static bool is_comment(char first) { return first == '#' || first == ';'; }
  static GwfRecord parse_line(std::string_view text, const std::string& file, int line);
};

} // namespace coalsim
