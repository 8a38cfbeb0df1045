/* SwfReader and GwfReader on hand-written snippets, gzip input, and the small real logs. */
#include "sim/config/InputError.hpp"
#include "workloads/swf/GwfReader.hpp"
#include "workloads/swf/SwfReader.hpp"
#include "workloads/swf/TraceAnalysis.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <zlib.h>

using namespace coalsim;

namespace {

/** A file in a fresh temporary directory, removed with the directory at the end of the test. */
class TempDir {
public:
  TempDir()
  {
    std::string pattern = (std::filesystem::temp_directory_path() / "coalsim_swf_XXXXXX").string();
    char* made          = mkdtemp(pattern.data());
    if (made == nullptr)
      throw std::runtime_error("mkdtemp failed");
    dir_ = made;
  }
  ~TempDir() { std::filesystem::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& content) const
  {
    std::string path = (dir_ / name).string();
    std::ofstream out(path, std::ios::binary);
    out << content;
    return path;
  }
  std::string write_gzip(const std::string& name, const std::string& content) const
  {
    std::string path = (dir_ / name).string();
    gzFile gz        = gzopen(path.c_str(), "wb9");
    if (gz == nullptr)
      throw std::runtime_error("gzopen failed");
    // Write in uneven pieces so that lines straddle zlib's blocks.
    size_t pos = 0;
    for (size_t piece = 7; pos < content.size(); piece = piece * 3 % 1021 + 1) {
      size_t n = std::min(piece, content.size() - pos);
      gzwrite(gz, content.data() + pos, static_cast<unsigned>(n));
      pos += n;
    }
    gzclose(gz);
    return path;
  }
  std::filesystem::path path(const std::string& name) const { return dir_ / name; }

private:
  std::filesystem::path dir_;
};

std::string error_of(const std::function<void()>& action)
{
  try {
    action();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no InputError)";
}

std::vector<SwfRecord> all_records(const std::string& path)
{
  SwfReader reader(path);
  std::vector<SwfRecord> records;
  SwfRecord r;
  while (reader.next_record(r))
    records.push_back(r);
  return records;
}

const std::string small_swf = "; Version: 2.2\n"
                              ";      Computer: Test cluster\n"
                              "; Information: http://www.example.org/\n"
                              ";              http://www.example.org/second\n"
                              "; MaxNodes: 32 (dual CPU)\n"
                              "; MaxProcs: 64\n"
                              "; UnixStartTime: 1041377305\n"
                              ";      TimeZone: 3600              # DEPRECATED\n"
                              ";TimeZoneString: Europe/Amsterdam  # CET\n"
                              "; Queue: 1 batch\n"
                              "; Queue: 2 interactive\n"
                              ";    j|  s| w\n"
                              ";\n"
                              "\n"
                              "     1        0       2   1924  8   0  8632  8    7200 -1 1  1  1   1 1 -1 -1 -1\n"
                              "\t2\t1962\t5\t1536\t-1\t-1\t-1\t4\t7200\t-1\t1\t2\t1\t1\t1\t-1\t-1\t-1\n"
                              "   \n"
                              "; a comment between records\n"
                              "     3     3534.5    -1   12.25  16  -1    -1 -1      -1 -1 0  1  1   1 1 -1 2 60\r\n"
                              "     4     3600       0     0   4  -1    -1  4      -1 -1 1  1  1   1 1 -1 -1 -1\n"
                              "     5     3700      -1    -1   4  -1    -1  4      -1 -1 5  1  1   1 1 -1 -1 -1\n"
                              "     6     3800      10   100  -1  -1    -1 -1      -1 -1 1  1  1   1 1 -1 -1 -1\n"
                              "     7       -1      10   100   1  -1    -1 -1      -1 -1 1  1  1   1 1 -1 -1 -1\n"
                              "     8     3900      10   100   2  -1    -1 -1      -1 -1 2  1  1   1 1 -1 -1 -1\n"
                              "     9     4000      10    -1   2  -1    -1 -1      -1 -1 0  1  1   1 1 -1 -1 -1\n"
                              "    10     4100       7    50   2  -1    -1 -1      -1 -1 5  1  1   1 1 -1 -1 -1";
// no newline after the last record, on purpose

} // namespace

TEST(SwfReader, HeaderKeysAndValues)
{
  TempDir dir;
  SwfReader reader(dir.write("small.swf", small_swf));
  const TraceHeader& h = reader.header();
  EXPECT_EQ(h.value("Version"), "2.2");
  EXPECT_EQ(h.value("Computer"), "Test cluster");
  EXPECT_EQ(h.max_procs(), 64);
  EXPECT_EQ(h.max_nodes(), 32);
  EXPECT_EQ(h.value("MaxNodes"), "32 (dual CPU)");
  EXPECT_EQ(h.unix_start_time(), 1041377305);
  EXPECT_EQ(h.time_zone_string(), "Europe/Amsterdam");
  EXPECT_EQ(h.time_zone_offset(), 3600);
  ASSERT_EQ(h.values("Queue").size(), 2u);
  EXPECT_EQ(h.values("Queue")[1], "2 interactive");
  EXPECT_EQ(h.value("Information"), "http://www.example.org/");
  EXPECT_FALSE(h.has("http"));
  EXPECT_FALSE(h.max_records().has_value());
  // The continuation URL and the column legend are free text, not keys.
  ASSERT_EQ(h.free_text().size(), 2u);
  EXPECT_EQ(h.free_text()[0], "http://www.example.org/second");
  EXPECT_EQ(h.free_text()[1], "j|  s| w");
}

TEST(SwfReader, FieldsMissingValuesAndLineNumbers)
{
  TempDir dir;
  auto records = all_records(dir.write("small.swf", small_swf));
  ASSERT_EQ(records.size(), 10u);

  const SwfRecord& first = records[0];
  EXPECT_EQ(first.job_number, 1);
  EXPECT_EQ(first.submit_time, 0);
  EXPECT_EQ(first.wait_time, 2);
  EXPECT_EQ(first.run_time, 1924);
  EXPECT_EQ(first.allocated_processors, 8);
  EXPECT_EQ(first.average_cpu_time, 0);
  EXPECT_EQ(first.used_memory, 8632);
  EXPECT_EQ(first.requested_processors, 8);
  EXPECT_EQ(first.requested_time, 7200);
  EXPECT_EQ(first.requested_memory, -1);
  EXPECT_EQ(first.status, 1);
  EXPECT_EQ(first.user_id, 1);
  EXPECT_EQ(first.think_time, -1);
  EXPECT_EQ(first.line, 15);

  // Tab-separated; allocated processors missing: falls back to the requested 4.
  EXPECT_EQ(records[1].allocated_processors, -1);
  EXPECT_EQ(records[1].processors(), 4);
  EXPECT_EQ(records[1].user_id, 2);
  EXPECT_EQ(records[1].line, 16);

  // Real-valued times, CRLF end of line, preceding job and think time.
  EXPECT_EQ(records[2].submit_time, 3534.5);
  EXPECT_EQ(records[2].run_time, 12.25);
  EXPECT_EQ(records[2].wait_time, -1);
  EXPECT_EQ(records[2].preceding_job_number, 2);
  EXPECT_EQ(records[2].think_time, 60);
  EXPECT_EQ(records[2].line, 19);
  TraceJob job = records[2].job();
  EXPECT_FALSE(job.has_wait());
  EXPECT_EQ(job.start_time(), 3534.5);
  EXPECT_EQ(job.end_time(), 3534.5 + 12.25);

  // Last record without a final newline.
  EXPECT_EQ(records[9].job_number, 10);
  EXPECT_EQ(records[9].line, 26);
}

TEST(SwfReader, SkipsUnusableRecordsByReason)
{
  TempDir dir;
  SwfReader reader(dir.write("small.swf", small_swf));
  std::vector<int64_t> usable;
  reader.for_each_job([&usable](const SwfRecord& r) { usable.push_back(r.job_number); });
  EXPECT_EQ(usable, (std::vector<int64_t>{1, 2, 3, 10}));
  EXPECT_EQ(reader.records_read(), 10u);
  EXPECT_EQ(reader.usable_jobs(), 4u);
  const SkipCounts& s = reader.skipped();
  EXPECT_EQ(s.count(SkipReason::zero_runtime), 1u);           // job 4
  EXPECT_EQ(s.count(SkipReason::cancelled_before_start), 1u); // job 5 (job 10 ran before its cancellation)
  EXPECT_EQ(s.count(SkipReason::no_processors), 1u);          // job 6
  EXPECT_EQ(s.count(SkipReason::negative_submit), 1u);        // job 7
  EXPECT_EQ(s.count(SkipReason::partial_execution), 1u);      // job 8
  EXPECT_EQ(s.count(SkipReason::missing_runtime), 1u);        // job 9
  EXPECT_EQ(s.total(), 6u);
  EXPECT_EQ(reader.header().value("Computer"), "Test cluster");
}

TEST(SwfReader, ClassificationOrder)
{
  // Negative submit wins over everything; partial executions are skipped even with a run time.
  EXPECT_EQ(classify_record(-1, -1, 5, -1, -1), SkipReason::negative_submit);
  EXPECT_EQ(classify_record(0, 100, 3, 4, 4), SkipReason::partial_execution);
  EXPECT_EQ(classify_record(0, -1, 5, 4, 4), SkipReason::cancelled_before_start);
  EXPECT_EQ(classify_record(0, 0, 5, 4, 4), SkipReason::cancelled_before_start);
  EXPECT_EQ(classify_record(0, 10, 5, 4, 4), SkipReason::none);
  EXPECT_EQ(classify_record(0, -1, 1, -1, -1), SkipReason::missing_runtime);
  EXPECT_EQ(classify_record(0, 0, 0, 4, 4), SkipReason::zero_runtime);
  EXPECT_EQ(classify_record(0, 10, 1, 0, -1), SkipReason::no_processors);
  EXPECT_EQ(classify_record(0, 10, 0, 0, 3), SkipReason::none); // failed but ran: kept
  EXPECT_EQ(effective_processors(0, 3), 3);
  EXPECT_EQ(effective_processors(5, 3), 5);
  EXPECT_EQ(effective_processors(-1, -1), -1);
  EXPECT_STREQ(skip_reason_name(SkipReason::cancelled_before_start), "cancelled_before_start");
}

TEST(SwfReader, ReadAllMatchesStreaming)
{
  TempDir dir;
  std::string path = dir.write("small.swf", small_swf);
  SwfTrace trace   = read_swf(path);
  ASSERT_EQ(trace.jobs.size(), 4u);
  EXPECT_EQ(trace.jobs[3].job_number, 10);
  EXPECT_EQ(trace.records, 10u);
  EXPECT_EQ(trace.skipped.total(), 6u);
  EXPECT_EQ(trace.header.max_procs(), 64);
  EXPECT_EQ(trace.path, path);
}

TEST(SwfReader, WrongFieldCountIsAnInputError)
{
  TempDir dir;
  std::string path = dir.write("short.swf", "; MaxProcs: 4\n"
                                            "1 0 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 -1 -1 -1\n"
                                            "2 5 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 -1 -1\n");
  SwfReader reader(path);
  SwfRecord r;
  ASSERT_TRUE(reader.next_record(r));
  EXPECT_EQ(error_of([&] { reader.next_record(r); }),
            "Invalid SWF record '2' in " + path + ":3: has 17 fields, expected 18");

  std::string long_path = dir.write("long.swf", "7 0 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 -1 -1 -1 99\n");
  // The first record is read by the constructor, so the error comes from there.
  EXPECT_EQ(error_of([&] { SwfReader bad(long_path); }),
            "Invalid SWF record '7' in " + long_path + ":1: has 19 fields, expected 18");
}

TEST(SwfReader, NonNumericFieldIsAnInputError)
{
  TempDir dir;
  std::string path = dir.write("bad.swf", "\n\n3 0 0 10 eight -1 -1 1 -1 -1 1 1 1 1 1 -1 -1 -1\n");
  EXPECT_EQ(error_of([&] { read_swf(path); }),
            "Invalid SWF record '3' in " + path + ":3: field 5 (allocated processors) is not an integer: 'eight'");

  path = dir.write("bad2.swf", "4 0 0 1O 1 -1 -1 1 -1 -1 1 1 1 1 1 -1 -1 -1\n");
  EXPECT_EQ(error_of([&] { read_swf(path); }),
            "Invalid SWF record '4' in " + path + ":1: field 4 (run time) is not a number: '1O'");

  path = dir.write("bad3.swf", "5 0 0 10 1 -1 -1 1 -1 -1 1.5 1 1 1 1 -1 -1 -1\n");
  EXPECT_EQ(error_of([&] { read_swf(path); }),
            "Invalid SWF record '5' in " + path + ":1: field 11 (status) is not an integer: '1.5'");

  path = dir.write("bad4.swf", "x6 0 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 -1 -1 nan\n");
  EXPECT_EQ(error_of([&] { read_swf(path); }),
            "Invalid SWF record 'x6' in " + path + ":1: field 1 (job number) is not an integer: 'x6'");

  path = dir.write("bad5.swf", "6 0 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 -1 -1 nan\n");
  EXPECT_EQ(error_of([&] { read_swf(path); }),
            "Invalid SWF record '6' in " + path + ":1: field 18 (think time) is not a number: 'nan'");
}

TEST(SwfReader, HeaderValuesReadAsNumbersMustBeNumbers)
{
  // `; MaxProcs: abc` was taken as no MaxProcs: trace_stats said utilization null, and `size_scale: fit` said the
  // log had none. A value with a remark after the number stays fine, as does a key coalsim does not read.
  TempDir dir;
  const std::string record = "1 0 0 100 4 -1 -1 4 -1 -1 1 1 1 -1 1 1 -1 -1\n";
  std::string path         = dir.write("words.swf", "; Version: 2.2\n; MaxProcs: abc\n" + record);
  EXPECT_EQ(error_of([&] { analyze_trace(path, TraceFormat::swf, std::nullopt, false); }),
            "Invalid SWF header 'MaxProcs' in " + path + ":2: is not an integer: 'abc'");
  path = dir.write("glued.swf", record + ";MaxProcs:   64abc  \n");
  EXPECT_EQ(error_of([&] { read_swf(path); }),
            "Invalid SWF header 'MaxProcs' in " + path + ":2: is not an integer: '64abc'");
  path = dir.write("empty.swf", "; MaxProcs:\n" + record);
  EXPECT_EQ(error_of([&] { SwfReader reader(path); }),
            "Invalid SWF header 'MaxProcs' in " + path + ":1: is not an integer: ''");
  path = dir.write("zero.swf", "; MaxProcs: 0\n" + record);
  EXPECT_EQ(error_of([&] { SwfReader reader(path); }),
            "Invalid SWF header 'MaxProcs' in " + path + ":1: must be positive: '0'");
  path = dir.write("start.swf", "; UnixStartTime: yesterday\n" + record);
  EXPECT_EQ(error_of([&] { SwfReader reader(path); }),
            "Invalid SWF header 'UnixStartTime' in " + path + ":1: is not an integer: 'yesterday'");
  path = dir.write("zone.gwf", "# TimeZone: CET\n");
  EXPECT_EQ(error_of([&] { GwfReader reader(path); }),
            "Invalid GWF header 'TimeZone' in " + path + ":1: is not an integer: 'CET'");

  SwfReader fine(
      dir.write("fine.swf", "; MaxProcs: 64 (32 dual nodes)\n; MaxNodes: many\n; TimeZone: -3600\n" + record));
  EXPECT_EQ(fine.header().max_procs(), 64);
  EXPECT_EQ(fine.header().time_zone_offset(), -3600);
  EXPECT_EQ(fine.header().value("MaxNodes"), "many");
}

TEST(SwfReader, MissingFileIsAnInputError)
{
  TempDir dir;
  std::string path = dir.path("absent.swf").string();
  EXPECT_EQ(error_of([&] { SwfReader reader(path); }),
            "Invalid trace file '" + path + "' in " + path + ": cannot be opened (No such file or directory)");
}

TEST(SwfReader, EmptyAndCommentOnlyFiles)
{
  TempDir dir;
  SwfReader empty(dir.write("empty.swf", ""));
  SwfRecord r;
  EXPECT_FALSE(empty.next_record(r));
  EXPECT_EQ(empty.records_read(), 0u);

  SwfReader comments(dir.write("comments.swf", "; MaxProcs: 12\n;\n\n"));
  EXPECT_EQ(comments.header().max_procs(), 12);
  EXPECT_FALSE(comments.next_job(r));
}

TEST(SwfReader, GzipGivesTheSameRecords)
{
  TempDir dir;
  // Many records so that the reader's buffer is refilled several times.
  std::string content = small_swf + "\n";
  for (int i = 11; i <= 60000; ++i)
    content += std::to_string(i) + " " + std::to_string(4100 + i) + " 3 " + std::to_string(i % 977 + 1) + " " +
               std::to_string(i % 64 + 1) + " -1 -1 -1 -1 -1 1 7 1 -1 1 -1 -1 -1\n";
  std::string plain = dir.write("big.swf", content);
  std::string gz    = dir.write_gzip("big.swf.gz", content);
  ASSERT_NE(std::filesystem::file_size(plain), std::filesystem::file_size(gz));

  SwfReader a(plain);
  SwfReader b(gz);
  EXPECT_EQ(b.header().max_procs(), 64);
  EXPECT_EQ(b.header().time_zone_string(), "Europe/Amsterdam");
  SwfRecord ra, rb;
  uint64_t n = 0;
  while (a.next_record(ra)) {
    ASSERT_TRUE(b.next_record(rb)) << "gzip stream ended early, after " << n << " records";
    ASSERT_EQ(ra.job_number, rb.job_number);
    ASSERT_EQ(ra.submit_time, rb.submit_time);
    ASSERT_EQ(ra.run_time, rb.run_time);
    ASSERT_EQ(ra.allocated_processors, rb.allocated_processors);
    ASSERT_EQ(ra.line, rb.line);
    ++n;
  }
  EXPECT_FALSE(b.next_record(rb));
  EXPECT_EQ(n, 60000u);
  EXPECT_EQ(rb.job_number, 60000);
}

TEST(SwfReader, TruncatedGzipIsAnInputError)
{
  TempDir dir;
  std::string content;
  for (int i = 1; i <= 20000; ++i)
    content += std::to_string(i) + " " + std::to_string(i * 10) + " 0 100 1 -1 -1 -1 -1 -1 1 1 1 -1 1 -1 -1 -1\n";
  std::string gz = dir.write_gzip("cut.swf.gz", content);
  std::filesystem::resize_file(gz, std::filesystem::file_size(gz) / 2);
  std::string message = error_of([&] { read_swf(gz); });
  EXPECT_EQ(message.rfind("Invalid trace file '" + gz + "' in " + gz + ":", 0), 0u) << message;
  EXPECT_NE(message.find("cannot be read (unexpected end of file)"), std::string::npos) << message;
}

TEST(SwfReader, RealLogsRecordCounts)
{
  // Counts and header facts from workloads/logs/README.md.
  SwfTrace nasa = read_swf(COALSIM_SOURCE_DIR "/workloads/logs/NASA-iPSC-1993-3.1-cln.swf.gz");
  EXPECT_EQ(nasa.records, 18239u);
  EXPECT_EQ(nasa.header.max_procs(), 128);
  EXPECT_EQ(nasa.header.unix_start_time(), 749458803);
  EXPECT_EQ(nasa.header.time_zone_string(), "US/Pacific");
  EXPECT_EQ(nasa.jobs.size() + nasa.skipped.total(), nasa.records);

  SwfReader hpc2n(COALSIM_SOURCE_DIR "/workloads/logs/hpc2n.swf");
  SwfRecord r, last;
  while (hpc2n.next_record(r))
    last = r;
  EXPECT_EQ(hpc2n.records_read(), 3170u);
  EXPECT_EQ(last.job_number, 7183);
  EXPECT_EQ(last.submit_time, 4950011);
  EXPECT_EQ(hpc2n.header().max_procs(), 240);
}

TEST(SwfReader, RealGzipLogHeader)
{
  SwfReader lcg(COALSIM_SOURCE_DIR "/workloads/logs/LCG.swf.gz");
  EXPECT_EQ(lcg.header().max_procs(), 24515);
  EXPECT_EQ(lcg.header().integer("MaxPartitions"), 170);
  EXPECT_EQ(lcg.header().value("Preemption"), "Yes");
  SwfRecord r;
  ASSERT_TRUE(lcg.next_record(r));
  EXPECT_EQ(r.job_number, 1);
  EXPECT_EQ(r.run_time, 83);
  EXPECT_EQ(r.requested_time, 1200);
  EXPECT_EQ(r.partition_number, 1);
}

// ---- GWF ----

namespace {
const std::string small_gwf =
    "# Grid Workload Format, hand-written test snippet\n"
    "# MaxProcs: 400\n"
    "# UnixStartTime: 0\n"
    "#\n"
    "1\t1136070024\t0\t2\t1\t-1\t-1\t1\t-1\t-1\t1\tU1\tG1\tE1\tQ1\t-1\tfs0\tfs0\tUNITARY\t-1\t-1\t-1\t-1\t-1\t-1\t-1"
    "\t-1\t-1\t-1\n"
    "2 1136070030 12 300.5 16 -1 -1 16 900 -1 1 U2 G1 -1 Q1 -1 fs1 fs3 BoT 77 -1 -1 -1 x86,Linux,2.6 -1 -1 -1 VO3 P9\n"
    "3 1136070040 -1 -1 4 -1 -1 4 900 -1 5 U2 G1 -1 Q1 -1 fs1 -1 UNITARY -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n"
    "4 1136070050 3 10 -1 -1 -1 -1 -1 -1 0 U3 G2 -1 Q2 -1 fs2 fs2 UNITARY -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n";
}

TEST(GwfReader, FieldsAndSkips)
{
  TempDir dir;
  GwfReader reader(dir.write("small.gwf", small_gwf));
  EXPECT_EQ(reader.header().max_procs(), 400);
  std::vector<GwfRecord> records;
  GwfRecord r;
  while (reader.next_record(r))
    records.push_back(r);
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0].submit_time, 1136070024);
  EXPECT_EQ(records[0].orig_site_id, "fs0");
  EXPECT_EQ(records[0].job_structure, "UNITARY");
  EXPECT_EQ(records[0].line, 5);
  const GwfRecord& bot = records[1];
  EXPECT_EQ(bot.run_time, 300.5);
  EXPECT_EQ(bot.processors(), 16);
  EXPECT_EQ(bot.requested_time, 900);
  EXPECT_EQ(bot.user_id, "U2");
  EXPECT_EQ(bot.executable_id, "-1");
  EXPECT_EQ(bot.orig_site_id, "fs1");
  EXPECT_EQ(bot.last_run_site_id, "fs3");
  EXPECT_EQ(bot.job_structure, "BoT");
  EXPECT_EQ(bot.job_structure_params, "77");
  EXPECT_EQ(bot.requested_platform, "x86,Linux,2.6");
  EXPECT_EQ(bot.virtual_organization_id, "VO3");
  EXPECT_EQ(bot.project_id, "P9");
  EXPECT_EQ(records[2].skip_reason(), SkipReason::cancelled_before_start);
  EXPECT_EQ(records[3].skip_reason(), SkipReason::no_processors);

  GwfReader again(dir.write("small2.gwf", small_gwf));
  std::vector<int64_t> usable;
  again.for_each_job([&usable](const GwfRecord& g) { usable.push_back(g.job_id); });
  EXPECT_EQ(usable, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(again.skipped().total(), 2u);
  TraceJob job = records[1].job();
  EXPECT_EQ(job.end_time(), 1136070030 + 12 + 300.5);
}

TEST(GwfReader, MalformedLines)
{
  TempDir dir;
  std::string path = dir.write("bad.gwf", "# x\n9 100 0 10 1 -1 -1 1 -1 -1 1 U1 G1 -1 Q1 -1 fs0 fs0 UNITARY -1\n");
  EXPECT_EQ(error_of([&] { GwfReader reader(path); }),
            "Invalid GWF record '9' in " + path + ":2: has 20 fields, expected 29");
  path = dir.write("bad2.gwf",
                   "9 100 0 10 1 -1 -1 1 -1 -1 1 U1 G1 -1 Q1 -1 fs0 fs0 UNITARY -1 fast -1 -1 -1 -1 -1 -1 -1 -1\n");
  EXPECT_EQ(error_of([&] { GwfReader reader(path); }),
            "Invalid GWF record '9' in " + path + ":1: field 21 (UsedNetwork) is not a number: 'fast'");
}

TEST(GwfReader, FormatDetectionAndAnalysis)
{
  EXPECT_EQ(trace_format_of("x/anon_jobs.gwf"), TraceFormat::gwf);
  EXPECT_EQ(trace_format_of("anon_jobs.gwf.gz"), TraceFormat::gwf);
  EXPECT_EQ(trace_format_of("LCG.swf.gz"), TraceFormat::swf);
  EXPECT_EQ(trace_format_of("trace"), TraceFormat::swf);

  TempDir dir;
  TraceAnalysis a = analyze_trace(dir.write("small.gwf", small_gwf), TraceFormat::gwf, std::nullopt, true);
  EXPECT_EQ(a.statistics.records(), 4u);
  EXPECT_EQ(a.statistics.usable_jobs(), 2u);
  EXPECT_EQ(a.statistics.max_procs(), 400);
  EXPECT_EQ(a.statistics.first_submit(), 1136070024);
  EXPECT_EQ(a.statistics.last_end(), 1136070030 + 12 + 300.5);
  EXPECT_DOUBLE_EQ(a.statistics.processor_seconds(), 2 * 1 + 300.5 * 16);
  EXPECT_EQ(a.fit_input->jobs(), 2u);
}
