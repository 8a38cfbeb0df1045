#include "workloads/swf/TraceAnalysis.hpp"

#include "workloads/swf/GwfReader.hpp"
#include "workloads/swf/SwfReader.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_swf_trace_analysis, coalsim_swf, "TraceAnalysis");

namespace coalsim {

namespace {
template <class Reader, class Record>
void run(Reader& reader, TraceAnalysis& analysis, std::optional<int64_t> max_procs)
{
  Record record;
  while (reader.next_job(record)) {
    TraceJob job = record.job();
    analysis.statistics.add(job);
    if (analysis.fit_input)
      analysis.fit_input->add(job);
  }
  analysis.header = reader.header();
  analysis.statistics.set_records(reader.records_read(), reader.skipped());
  analysis.statistics.set_max_procs(max_procs ? max_procs : analysis.header.max_procs());
}
} // namespace

TraceFormat trace_format_of(const std::string& path)
{
  return (path.ends_with(".gwf") || path.ends_with(".gwf.gz")) ? TraceFormat::gwf : TraceFormat::swf;
}

TraceAnalysis analyze_trace(const std::string& path, TraceFormat format, std::optional<int64_t> max_procs,
                            bool keep_fit_input)
{
  TraceAnalysis analysis;
  analysis.path   = path;
  analysis.format = format;
  if (keep_fit_input)
    analysis.fit_input.emplace();
  if (format == TraceFormat::gwf) {
    GwfReader reader(path);
    run<GwfReader, GwfRecord>(reader, analysis, max_procs);
  } else {
    SwfReader reader(path);
    run<SwfReader, SwfRecord>(reader, analysis, max_procs);
  }
  return analysis;
}

} // namespace coalsim
