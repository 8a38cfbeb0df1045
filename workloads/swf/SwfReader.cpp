#include "workloads/swf/SwfReader.hpp"

#include "workloads/swf/TraceFields.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_swf_reader, coalsim_swf, "SwfReader");

namespace coalsim {

const std::array<const char*, SwfReader::field_count>& SwfReader::field_names()
{
  static const std::array<const char*, field_count> names = {"job number",
                                                             "submit time",
                                                             "wait time",
                                                             "run time",
                                                             "allocated processors",
                                                             "average CPU time",
                                                             "used memory",
                                                             "requested processors",
                                                             "requested time",
                                                             "requested memory",
                                                             "status",
                                                             "user ID",
                                                             "group ID",
                                                             "executable number",
                                                             "queue number",
                                                             "partition number",
                                                             "preceding job number",
                                                             "think time"};
  return names;
}

TraceJob SwfRecord::job() const
{
  return TraceJob{job_number, submit_time, wait_time, run_time, processors(), status, line};
}

SwfRecord SwfReader::parse_line(std::string_view text, const std::string& file, int line)
{
  TraceLine fields("SWF record", text, file, line, field_names());
  auto integer = [&](size_t i) { return fields.integer(i); };
  auto real    = [&](size_t i) { return fields.real(i); };

  SwfRecord r;
  r.job_number           = integer(0);
  r.submit_time          = real(1);
  r.wait_time            = real(2);
  r.run_time             = real(3);
  r.allocated_processors = integer(4);
  r.average_cpu_time     = real(5);
  r.used_memory          = real(6);
  r.requested_processors = integer(7);
  r.requested_time       = real(8);
  r.requested_memory     = real(9);
  r.status               = integer(10);
  r.user_id              = integer(11);
  r.group_id             = integer(12);
  r.executable_number    = integer(13);
  r.queue_number         = integer(14);
  r.partition_number     = integer(15);
  r.preceding_job_number = integer(16);
  r.think_time           = real(17);
  r.line                 = line;
  return r;
}

SwfTrace read_swf(const std::string& path)
{
  SwfReader reader(path);
  SwfTrace trace;
  trace.path = path;
  SwfRecord record;
  while (reader.next_job(record))
    trace.jobs.push_back(record);
  trace.header  = reader.header();
  trace.records = reader.records_read();
  trace.skipped = reader.skipped();
  return trace;
}

} // namespace coalsim
