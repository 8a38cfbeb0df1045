/* TraceStatistics and LocalLoadFit: hand-computed values, the real DAS-2 fs1 log against an independent line-by-line
 * computation, and a fit that must recover the parameters of a synthetic trace. */
#include "sim/config/InputError.hpp"
#include "sim/config/Random.hpp"
#include "workloads/swf/LocalLoadFit.hpp"
#include "workloads/swf/SwfReader.hpp"
#include "workloads/swf/TraceAnalysis.hpp"
#include "workloads/swf/TraceStatistics.hpp"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>
#include <zlib.h>

using namespace coalsim;

namespace {

const std::string fs1_path = COALSIM_SOURCE_DIR "/workloads/logs/DAS2-fs1-2003-1.swf.gz";

/** The whole text of a gzip file, read with zlib directly (not through SwfReader). */
std::string gunzip(const std::string& path)
{
  gzFile gz = gzopen(path.c_str(), "rb");
  if (gz == nullptr)
    throw std::runtime_error("cannot open " + path);
  std::string text;
  char buffer[1 << 16];
  int n;
  while ((n = gzread(gz, buffer, sizeof buffer)) > 0)
    text.append(buffer, static_cast<size_t>(n));
  bool ok = n == 0;
  gzclose(gz);
  if (not ok)
    throw std::runtime_error("cannot decompress " + path);
  return text;
}

class TempFile {
public:
  TempFile(const std::string& name, const std::string& content)
  {
    std::string pattern = (std::filesystem::temp_directory_path() / "coalsim_stats_XXXXXX").string();
    char* made          = mkdtemp(pattern.data());
    if (made == nullptr)
      throw std::runtime_error("mkdtemp failed");
    dir_  = made;
    path_ = (dir_ / name).string();
    std::ofstream(path_) << content;
  }
  ~TempFile() { std::filesystem::remove_all(dir_); }
  const std::string& path() const { return path_; }

private:
  std::filesystem::path dir_;
  std::string path_;
};

std::string swf_line(int id, double submit, double wait, double run, int alloc, int status = 1, int requested = -1)
{
  char line[256];
  std::snprintf(line, sizeof line, "%d %.3f %.3f %.3f %d -1 -1 %d -1 -1 %d 1 1 -1 1 -1 -1 -1\n", id, submit, wait, run,
                alloc, requested, status);
  return line;
}

} // namespace

TEST(TraceStatistics, HandComputedTrace)
{
  // Usable: job 1 (submit 100, wait 10, run 50, 2 procs), job 2 (200, wait unknown, run 300, 4 procs requested),
  // job 3 (250, wait 30, run 20, 1 proc), job 5 (400, wait 0, run 100, 3 procs, failed but ran).
  // Skipped: job 4 (zero run time), job 6 (cancelled before start).
  std::string content = "; MaxProcs: 8\n" + swf_line(1, 100, 10, 50, 2) + swf_line(2, 200, -1, 300, -1, 1, 4) +
                        swf_line(3, 250, 30, 20, 1) + swf_line(4, 260, 0, 0, 8) + swf_line(5, 400, 0, 100, 3, 0) +
                        swf_line(6, 450, -1, -1, 2, 5);
  TempFile file("hand.swf", content);
  TraceAnalysis a = analyze_trace(file.path(), TraceFormat::swf, std::nullopt, false);
  const auto& s   = a.statistics;
  EXPECT_EQ(s.records(), 6u);
  EXPECT_EQ(s.usable_jobs(), 4u);
  EXPECT_EQ(s.skipped().count(SkipReason::zero_runtime), 1u);
  EXPECT_EQ(s.skipped().count(SkipReason::cancelled_before_start), 1u);
  EXPECT_EQ(s.first_submit(), 100);
  EXPECT_EQ(s.last_end(), 500); // job 2: 200 + 0 + 300 and job 5: 400 + 0 + 100
  EXPECT_EQ(s.span(), 400);
  EXPECT_EQ(s.processor_seconds(), 50 * 2 + 300 * 4 + 20 * 1 + 100 * 3);
  ASSERT_TRUE(s.utilization().has_value());
  EXPECT_DOUBLE_EQ(*s.utilization(), 1620.0 / (8 * 400));
  EXPECT_DOUBLE_EQ(s.mean_runtime(), (50 + 300 + 20 + 100) / 4.0);
  EXPECT_DOUBLE_EQ(s.median_runtime(), (50 + 100) / 2.0);
  EXPECT_EQ(s.jobs_with_wait(), 3u);
  EXPECT_DOUBLE_EQ(s.mean_wait(), 40.0 / 3);
  EXPECT_DOUBLE_EQ(s.median_wait(), 10);
  EXPECT_DOUBLE_EQ(s.mean_size(), 2.5);
  EXPECT_EQ(s.max_size(), 4);
  EXPECT_EQ(s.size_histogram(), (std::map<int64_t, uint64_t>{{1, 1}, {2, 1}, {4, 2}}));
  EXPECT_EQ(s.jobs_larger_than_max_procs(), 0u);

  // --max-procs overrides the header.
  TraceAnalysis b = analyze_trace(file.path(), TraceFormat::swf, int64_t{2}, false);
  EXPECT_DOUBLE_EQ(*b.statistics.utilization(), 1620.0 / (2 * 400));
  EXPECT_EQ(b.statistics.jobs_larger_than_max_procs(), 2u);

  std::ostringstream yaml;
  s.write_yaml(yaml);
  YAML::Node node = YAML::Load(yaml.str());
  EXPECT_EQ(node["usable_jobs"].as<int>(), 4);
  EXPECT_EQ(node["skipped"]["zero_runtime"].as<int>(), 1);
  EXPECT_DOUBLE_EQ(node["utilization"].as<double>(), 1620.0 / 3200);
  EXPECT_EQ(node["size_histogram"]["3-4"].as<int>(), 2);
  EXPECT_DOUBLE_EQ(node["runtime_s"]["median"].as<double>(), 75);
}

TEST(TraceStatistics, NoMaxProcsNoUtilization)
{
  TempFile file("nomax.swf", swf_line(1, 0, 0, 10, 1) + swf_line(2, 5, 0, 10, 1));
  TraceAnalysis a = analyze_trace(file.path(), TraceFormat::swf, std::nullopt, false);
  EXPECT_FALSE(a.statistics.utilization().has_value());
  std::ostringstream yaml;
  a.statistics.write_yaml(yaml);
  EXPECT_TRUE(YAML::Load(yaml.str())["utilization"].IsNull());
}

TEST(TraceStatistics, MedianAndBins)
{
  EXPECT_TRUE(std::isnan(median_of({})));
  EXPECT_EQ(median_of({5}), 5);
  EXPECT_EQ(median_of({9, 1, 5}), 5);
  EXPECT_EQ(median_of({9, 1, 4, 5}), 4.5);
  EXPECT_EQ(TraceStatistics::size_bin(1), 1);
  EXPECT_EQ(TraceStatistics::size_bin(3), 4);
  EXPECT_EQ(TraceStatistics::size_bin(64), 64);
  EXPECT_EQ(TraceStatistics::size_bin(65), 128);
  EXPECT_EQ(TraceStatistics::size_bin_label(1), "1");
  EXPECT_EQ(TraceStatistics::size_bin_label(2), "2");
  EXPECT_EQ(TraceStatistics::size_bin_label(4), "3-4");
  EXPECT_EQ(TraceStatistics::size_bin_label(64), "33-64");
}

TEST(TraceStatistics, RealFs1LogAgainstIndependentComputation)
{
  // A plain line-by-line computation with iostreams, written from the rules in TraceJob.hpp.
  std::istringstream in(gunzip(fs1_path));
  uint64_t records = 0, usable = 0, zero_runtime = 0, cancelled = 0;
  double first = 1e300, last = -1e300, work = 0;
  std::vector<double> runs, waits;
  std::map<int64_t, uint64_t> bins;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[line.find_first_not_of(" \t")] == ';')
      continue;
    std::istringstream fields(line);
    std::vector<double> f(18);
    for (double& x : f)
      ASSERT_TRUE(fields >> x) << line;
    ++records;
    double submit = f[1], wait = f[2], run = f[3];
    int status = static_cast<int>(f[10]);
    int procs  = f[4] > 0 ? static_cast<int>(f[4]) : static_cast<int>(f[7]);
    if (submit < 0 || (status >= 2 && status <= 4))
      continue;
    if (status == 5 && run <= 0) {
      ++cancelled;
      continue;
    }
    if (run < 0)
      continue;
    if (run == 0) {
      ++zero_runtime;
      continue;
    }
    if (procs <= 0)
      continue;
    ++usable;
    double end = submit + std::max(wait, 0.0) + run;
    first      = std::min(first, submit);
    last       = std::max(last, end);
    work += run * procs;
    runs.push_back(run);
    if (wait >= 0)
      waits.push_back(wait);
    int64_t bin = 1;
    while (bin < procs)
      bin *= 2;
    ++bins[bin];
  }
  std::sort(runs.begin(), runs.end());
  std::sort(waits.begin(), waits.end());
  auto median = [](const std::vector<double>& v) {
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  };
  double mean_run  = std::accumulate(runs.begin(), runs.end(), 0.0) / static_cast<double>(runs.size());
  double mean_wait = std::accumulate(waits.begin(), waits.end(), 0.0) / static_cast<double>(waits.size());

  TraceAnalysis a = analyze_trace(fs1_path, TraceFormat::swf, std::nullopt, false);
  const auto& s   = a.statistics;
  EXPECT_EQ(s.records(), records);
  EXPECT_EQ(s.records(), 40315u); // SOURCES.md
  EXPECT_EQ(s.usable_jobs(), usable);
  EXPECT_EQ(s.skipped().count(SkipReason::zero_runtime), zero_runtime);
  EXPECT_EQ(s.skipped().count(SkipReason::cancelled_before_start), cancelled);
  EXPECT_EQ(s.usable_jobs() + s.skipped().total(), records);
  EXPECT_EQ(s.max_procs(), 64);
  EXPECT_EQ(s.first_submit(), first);
  EXPECT_EQ(s.last_end(), last);
  EXPECT_DOUBLE_EQ(s.processor_seconds(), work);
  EXPECT_DOUBLE_EQ(*s.utilization(), work / (64 * (last - first)));
  EXPECT_DOUBLE_EQ(s.mean_runtime(), mean_run);
  EXPECT_EQ(s.median_runtime(), median(runs));
  EXPECT_EQ(s.jobs_with_wait(), waits.size());
  EXPECT_DOUBLE_EQ(s.mean_wait(), mean_wait);
  EXPECT_EQ(s.median_wait(), median(waits));
  EXPECT_EQ(s.size_histogram(), bins);

  // Published-in-SOURCES.md figures: the last job ends at 31,337,717 s and utilization is 12.0%.
  EXPECT_EQ(s.last_end(), 31337717);
  EXPECT_NEAR(*s.utilization(), 0.120, 0.0005);
}

namespace {
/** A synthetic SWF trace: exponential inter-arrivals, lognormal run times, sizes 1/2/4 with shares 0.5/0.3/0.2.
 *  The samplers are written here (inverse transform, Box-Muller), independently of coalsim::Distribution. */
std::string synthetic_trace(int jobs, double mean_interarrival, double mu, double sigma, const std::string& header)
{
  RngStream rng(42, "synthetic-swf");
  std::string out = header;
  double t        = 0;
  for (int i = 1; i <= jobs; ++i) {
    t += -mean_interarrival * std::log(1.0 - rng.uniform());
    double u1  = 1.0 - rng.uniform();
    double u2  = rng.uniform();
    double run = std::exp(mu + sigma * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2));
    double u   = rng.uniform();
    int size   = u < 0.5 ? 1 : (u < 0.8 ? 2 : 4);
    out += swf_line(i, t, 0, run, size);
  }
  return out;
}
} // namespace

TEST(LocalLoadFit, RecoversSyntheticParameters)
{
  TempFile file("synthetic.swf",
                synthetic_trace(20000, 100.0, 5.0, 1.5, "; UnixStartTime: 0\n; TimeZoneString: UTC\n"));
  TraceAnalysis a = analyze_trace(file.path(), TraceFormat::swf, std::nullopt, true);
  ASSERT_EQ(a.statistics.usable_jobs(), 20000u);
  LocalLoadModel m = a.fit_input->fit(TraceClock::from_header(a.header), file.path());
  EXPECT_EQ(m.jobs, 20000u);
  EXPECT_NEAR(m.mean_interarrival, 100.0, 3.0);
  EXPECT_NEAR(m.interarrival_cv, 1.0, 0.05);
  EXPECT_NEAR(m.log_runtime_mean, 5.0, 0.05);
  EXPECT_NEAR(m.log_runtime_sd, 1.5, 0.03);
  ASSERT_EQ(m.sizes, (std::vector<double>{1, 2, 4}));
  EXPECT_NEAR(m.size_weights[0], 0.5, 0.015);
  EXPECT_NEAR(m.size_weights[1], 0.3, 0.015);
  EXPECT_NEAR(m.size_weights[2], 0.2, 0.015);
  EXPECT_NEAR(m.size_runtime_log_correlation, 0.0, 0.03);
  // Poisson arrivals over ~23 days: every hour of day gets close to 1/24 of them.
  EXPECT_EQ(m.hour_basis, "local time (UTC)");
  for (uint64_t count : m.arrivals_by_hour)
    EXPECT_NEAR(static_cast<double>(count) / 20000.0, 1.0 / 24, 0.01);

  // The Distribution objects carry the fitted parameters.
  EXPECT_EQ(m.arrival().kind(), Distribution::Kind::exponential);
  EXPECT_DOUBLE_EQ(m.arrival().mean(), m.mean_interarrival);
  EXPECT_EQ(m.runtime().kind(), Distribution::Kind::lognormal);
  EXPECT_DOUBLE_EQ(m.runtime().mean(), std::exp(m.log_runtime_mean + m.log_runtime_sd * m.log_runtime_sd / 2));
  EXPECT_EQ(m.size().kind(), Distribution::Kind::choice);
  EXPECT_NEAR(m.size().mean(), 0.5 * 1 + 0.3 * 2 + 0.2 * 4, 0.05);
  EXPECT_EQ(m.runtime_empirical().values().size(), 20000u);
  EXPECT_DOUBLE_EQ(m.runtime_empirical().mean(), m.mean_runtime());

  // The YAML snippet has the shape the background-load configuration reads.
  std::ostringstream yaml;
  m.write_yaml(yaml);
  YAML::Node node = YAML::Load(yaml.str());
  EXPECT_EQ(node["interarrival"]["dist"].as<std::string>(), "exponential");
  EXPECT_NEAR(node["interarrival"]["mean"].as<double>(), m.mean_interarrival, 1e-4);
  EXPECT_EQ(node["size"]["dist"].as<std::string>(), "choice");
  EXPECT_EQ(node["size"]["values"].as<std::vector<double>>(), m.sizes);
  auto weights = node["size"]["weights"].as<std::vector<double>>();
  ASSERT_EQ(weights.size(), 3u);
  EXPECT_NEAR(weights[1], m.size_weights[1], 1e-5);
  EXPECT_EQ(node["runtime"]["dist"].as<std::string>(), "lognormal");
  EXPECT_NEAR(node["runtime"]["mu"].as<double>(), m.log_runtime_mean, 1e-6);
  EXPECT_NEAR(node["runtime"]["sigma"].as<double>(), m.log_runtime_sd, 1e-6);
  EXPECT_EQ(node.size(), 3u); // diagnostics are comments, not keys
}

TEST(LocalLoadFit, HoursOfDay)
{
  std::string basis;
  // DAS-2 fs1 starts at 1041377305 = Wed Jan 1 00:28:25 CET 2003.
  TraceClock amsterdam{1041377305, std::string("Europe/Amsterdam"), 3600};
  double summer = 1057060800.0 - 1041377305.0; // 2003-07-01 12:00:00 UTC = 14:00 CEST
  auto hours    = hours_of_day({0, 13 * 3600.0, summer}, amsterdam, basis);
  EXPECT_EQ(hours, (std::vector<int>{0, 13, 14}));
  EXPECT_EQ(basis, "local time (Europe/Amsterdam)");

  TraceClock relative;
  hours = hours_of_day({7200, 25 * 3600.0 + 1}, relative, basis);
  EXPECT_EQ(hours, (std::vector<int>{2, 1}));
  EXPECT_EQ(basis.rfind("trace-relative", 0), 0u);

  TraceClock unknown_zone{0, std::string("Nowhere/Atlantis"), -7200};
  hours = hours_of_day({3600}, unknown_zone, basis);
  EXPECT_EQ(hours, (std::vector<int>{23}));
  EXPECT_NE(basis.find("not installed"), std::string::npos) << basis;

  TraceClock utc{0, std::nullopt, std::nullopt};
  hours = hours_of_day({3600 * 5 + 59}, utc, basis);
  EXPECT_EQ(hours, (std::vector<int>{5}));
  EXPECT_EQ(basis, "UTC");
}

TEST(LocalLoadFit, Fs1DailyCycleAndErrors)
{
  TraceAnalysis a  = analyze_trace(fs1_path, TraceFormat::swf, std::nullopt, true);
  LocalLoadModel m = a.fit_input->fit(TraceClock::from_header(a.header), fs1_path);
  EXPECT_EQ(m.jobs, a.statistics.usable_jobs());
  EXPECT_EQ(m.hour_basis, "local time (Europe/Amsterdam)");
  // Working hours (10:00-17:59) carry more arrivals than the night (00:00-07:59).
  uint64_t day = 0, night = 0;
  for (int h = 10; h < 18; ++h)
    day += m.arrivals_by_hour[h];
  for (int h = 0; h < 8; ++h)
    night += m.arrivals_by_hour[h];
  EXPECT_GT(day, 2 * night);
  EXPECT_GT(m.interarrival_cv, 1.5); // bursty, far from Poisson
  // The exponential's mean is the mean gap between consecutive usable submissions.
  SwfReader reader(fs1_path);
  double lowest = 1e300, highest = -1e300;
  reader.for_each_job([&](const SwfRecord& r) {
    lowest  = std::min(lowest, r.submit_time);
    highest = std::max(highest, r.submit_time);
  });
  EXPECT_DOUBLE_EQ(m.mean_interarrival, (highest - lowest) / static_cast<double>(m.jobs - 1));

  LocalLoadFit empty;
  try {
    empty.fit(TraceClock{}, "x.swf");
    FAIL() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "Invalid trace 'x.swf' in x.swf: a local-load fit needs at least 2 usable jobs, found 0");
  }
}

#ifdef COALSIM_BINARY_DIR
namespace {
struct ToolRun {
  int status;
  std::string output;
};
ToolRun run_tool(const std::string& arguments)
{
  std::string command = std::string(COALSIM_BINARY_DIR) + "/trace_stats " + arguments + " 2>&1";
  FILE* pipe          = popen(command.c_str(), "r");
  std::string output;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof buffer, pipe))
    output.append(buffer, n);
  int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}
} // namespace

TEST(TraceStatsTool, OutputAndExitCodes)
{
  if (not std::filesystem::exists(std::string(COALSIM_BINARY_DIR) + "/trace_stats"))
    GTEST_SKIP() << "trace_stats not built";
  ToolRun ok = run_tool("--fit '" + fs1_path + "'");
  ASSERT_EQ(ok.status, 0) << ok.output;
  YAML::Node node = YAML::Load(ok.output);
  EXPECT_EQ(node["records"].as<int>(), 40315);
  EXPECT_NEAR(node["utilization"].as<double>(), 0.120, 0.0005);
  EXPECT_EQ(node["local_load_model"]["interarrival"]["dist"].as<std::string>(), "exponential");
  EXPECT_EQ(node["local_load_model"]["runtime"]["dist"].as<std::string>(), "lognormal");

  TempFile bad("bad.swf", "1 0 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 -1 -1\n");
  ToolRun error = run_tool("'" + bad.path() + "'");
  EXPECT_EQ(error.status, 2);
  EXPECT_EQ(error.output, "trace_stats: Invalid SWF record '1' in " + bad.path() + ":1: has 17 fields, expected 18\n");

  ToolRun option = run_tool("--max-procs 0 " + fs1_path);
  EXPECT_EQ(option.status, 2);
  EXPECT_EQ(option.output,
            "trace_stats: Invalid option '--max-procs' in command line: must be a positive processor count (0)\n");
  EXPECT_EQ(run_tool("").status, 2);
  EXPECT_EQ(run_tool("--bogus " + fs1_path).status, 2);
}
#endif
