/* Issue 40: the command-line programs load the platform once. The platform check's child, once SimGrid has loaded,
 * sealed and routed the platform, goes on as the run; the process the user started waits for it, passes the signals
 * on and ends as it ends. The run must be the in-process run's, byte for byte, and the user must see the same exit
 * codes, messages and clean-up as with one process. */
#include "SimulateCommand.hpp"
#include "setup/ExperimentConfig.hpp"
#include "setup/Simulation.hpp"
#include "tests/support/SameRows.hpp"
#include "tests/support/TraceReader.hpp"

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using coalsim::testing::run;
using coalsim::testing::write;

namespace {

fs::path folder()
{
  return coalsim::testing::test_folder("load-once-");
}

/** The processes whose parent is `parent` (from /proc/<pid>/stat). */
std::vector<pid_t> children_of(pid_t parent)
{
  std::vector<pid_t> out;
  std::error_code error;
  for (fs::directory_iterator it("/proc", error), end; not error && it != end; it.increment(error)) {
    std::string name = it->path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos)
      continue;
    std::ifstream stat(it->path() / "stat");
    std::string line;
    std::getline(stat, line);
    size_t close = line.rfind(')');
    if (close == std::string::npos)
      continue;
    std::istringstream rest(line.substr(close + 2));
    std::string state;
    pid_t ppid = 0;
    rest >> state >> ppid;
    if (ppid == parent && state != "Z")
      out.push_back(std::stoi(name));
  }
  return out;
}

/** `simulate arguments...` started without a shell, its output to `log`, no core file. */
pid_t start(const std::vector<std::string>& arguments, const fs::path& log)
{
  std::vector<std::string> words = {coalsim::testing::simulate_binary()};
  words.insert(words.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (auto& word : words)
    argv.push_back(word.data());
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

/** Waits (up to 60 s) for `file` to exist and hold more than its creation wrote. */
bool written(const fs::path& file)
{
  std::error_code error;
  for (int i = 0; i < 3000 && not fs::exists(file); ++i)
    usleep(20000);
  const auto created = fs::file_size(file, error);
  for (int i = 0; not error && i < 3000; ++i) {
    if (fs::file_size(file, error) > created)
      return true;
    usleep(20000);
  }
  return false;
}

} // namespace

TEST(LoadOnce, TheCommandLineRunWritesTheInProcessRunsTrace)
{
  // The child loads with the experiment's SimGrid settings: the LV08 network model (not the default CM02) and a
  // TCP gamma, which change every transfer's time. A child that loaded with a fresh engine's defaults would differ.
  fs::path dir                        = folder();
  const std::vector<std::string> sets = {"workload.jobs=300", "simgrid.network_model=LV08",
                                         "simgrid.options=[network/TCP-gamma:65536]", "trace.local_jobs=true"};
  std::string command                 = "-q -o " + (dir / "cli.h5").string();
  std::vector<coalsim::Override> overrides;
  for (const auto& set : sets) {
    command += " --set " + set;
    overrides.emplace_back(set);
  }
  auto cli = run(command);
  ASSERT_EQ(cli.status, 0) << cli.output;

  coalsim::RunOptions options; // in-process: load_once false, as the Python module and the tests run
  options.output = (dir / "in-process.h5").string();
  coalsim::Simulation(coalsim::load_experiment("", overrides), options).run();

  coalsim::Trace a = coalsim::read_trace((dir / "cli.h5").string());
  coalsim::Trace b = coalsim::read_trace(options.output);
  ASSERT_FALSE(a.jobs.empty());
  coalsim::testing::expect_same_tables(a, b);
  EXPECT_EQ(a.config, b.config);
}

TEST(LoadOnce, ExitCodesAndMessagesAreTheRunsOwn)
{
  fs::path dir = folder();
  // Success: the summary, printed once (by the run, not by the process that waits for it).
  auto done = run("--jobs 5 --no-trace");
  EXPECT_EQ(done.status, 0) << done.output;
  size_t first = done.output.find("coalsim " COALSIM_VERSION ": experiment");
  ASSERT_NE(first, std::string::npos) << done.output;
  EXPECT_EQ(done.output.find("coalsim " COALSIM_VERSION ": experiment", first + 1), std::string::npos) << done.output;
  // An error found once the platform is loaded (a cluster the platform lacks, refused by the run's GridPlatform):
  // the run's message and exit code 2, no trace.
  std::string out = (dir / "out.h5").string();
  auto missing    = run("--clusters fs0,nosuch -q -o " + out);
  EXPECT_EQ(missing.status, 2) << missing.output;
  EXPECT_EQ(missing.output.rfind("simulate: Invalid", 0), 0u) << missing.output;
  EXPECT_NE(missing.output.find("nosuch"), std::string::npos) << missing.output;
  EXPECT_TRUE(fs::is_empty(dir)) << fs::directory_iterator(dir)->path();
  // A bad header of a replayed log, read once the platform is loaded (the background's replay of the run).
  std::string log = write(dir / "words.swf", "; MaxProcs: abc\n1 100 0 50 4 -1 -1 4 60 -1 1 1 1 -1 -1 1 -1 -1\n");
  auto bad_log =
      run("--jobs 0 --set 'background={model: replay, trace: {file: " + log + ", size_scale: fit}}' -q --no-trace");
  EXPECT_EQ(bad_log.status, 2) << bad_log.output;
  EXPECT_EQ(bad_log.output, "simulate: Invalid SWF header 'MaxProcs' in " + log + ":1: is not an integer: 'abc'\n");
}

TEST(LoadOnce, APlatformSimGridAbortsOnIsRefusedWithItsWords)
{
  // A host of two cores under the CPU model TI: SimGrid 3.32 aborts (CpuImpl.cpp) while the child loads it, with
  // the run's log settings (its default layout prefixes SimGrid's line); the words and the line must come back.
  fs::path dir              = folder();
  std::string p             = write(dir / "cpu-ti.xml", "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
                                                                    "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
                                                                    "<config>\n<prop id=\"cpu/optim\" value=\"TI\"/>\n</config>\n"
                                                                    "<zone id=\"w\" routing=\"Full\">\n<host id=\"h\" speed=\"1Gf\" "
                                                                    "core=\"2\"/>\n</zone>\n</platform>\n");
  const std::string message = "Invalid platform '" + p + "' in " + p +
                              ":8: SimGrid 3.32 aborts reading it: Multi-core not handled by this "
                              "model yet";
  auto simulate = run("--platform " + p + " -q --no-trace");
  EXPECT_EQ(simulate.status, 2) << simulate.output;
  EXPECT_EQ(simulate.output, "simulate: " + message + "\n");
  auto bench = coalsim::testing::run_command(
      COALSIM_BINARY_DIR "/bench_run " COALSIM_SOURCE_DIR "/bench/grid-default.yaml --set platform=" + p);
  EXPECT_EQ(bench.status, 2) << bench.output;
  EXPECT_EQ(bench.output, "bench_run: " + message + "\n");
}

TEST(LoadOnce, SignalsToTheStartedProcessEndTheRunAndRemoveItsTrace)
{
  fs::path dir = folder(), out = dir / "out";
  // SIGTERM (the trace writer exits with 128 + 15) and SIGQUIT (it removes the file, then the signal ends the run
  // with its default action): the started process ends as its run does.
  for (int signal : {SIGTERM, SIGQUIT}) {
    fs::remove_all(out);
    fs::create_directories(out);
    pid_t simulate = start({"--jobs", "2000000", "-q", "-o", (out / "trace.h5").string()}, dir / "simulate.log");
    // The temporary file bears the started process's id, as with one process.
    ASSERT_TRUE(written(out / ("trace.h5.tmp-" + std::to_string(simulate)))) << strsignal(signal);
    std::vector<pid_t> runs = children_of(simulate);
    ASSERT_EQ(runs.size(), 1u) << "the run is not the started process's child";
    kill(simulate, signal);
    int status = 0;
    waitpid(simulate, &status, 0);
    if (signal == SIGTERM)
      EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM) << status;
    else
      EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGQUIT) << status;
    EXPECT_TRUE(fs::is_empty(out)) << strsignal(signal) << " left " << fs::directory_iterator(out)->path();
    EXPECT_NE(kill(runs.front(), 0), 0) << "the run outlived the process it was started from";
  }
}
