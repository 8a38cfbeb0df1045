/* The main use as the README writes it: a platform or experiment named without a folder is the current folder's,
 * else the shipped one (the source tree's, or an installed simulate's share/coalsim), from any folder; found
 * nowhere, the error says where it looked (exit code 2). */
#include "SimulateCommand.hpp"

#include <array>
#include <cstdio>
#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <sys/wait.h>

namespace fs = std::filesystem;
using coalsim::testing::Outcome;
using coalsim::testing::test_folder;
using coalsim::testing::write;

namespace {

/** `command` (a shell command line) run in `dir`, stdout and stderr together. */
Outcome run_in(const fs::path& dir, const std::string& command)
{
  return coalsim::testing::run_command("cd '" + dir.string() + "' && " + command);
}

const std::string simulate = coalsim::testing::simulate_binary();
const std::string shipped  = COALSIM_SOURCE_DIR;

} // namespace

TEST(ShippedFiles, APlatformNamedWithoutAFolderIsTheShippedOneFromAnyFolder)
{
  fs::path dir = test_folder("shipped-");
  auto result  = run_in(dir, simulate + " --platform das2.xml --policy cf --jobs 20 -o run.h5");
  EXPECT_EQ(result.status, 0) << result.output;
  EXPECT_NE(result.output.find("platform das2.xml"), std::string::npos) << result.output;
  EXPECT_TRUE(fs::exists(dir / "run.h5"));
}

TEST(ShippedFiles, ThePlatformInTheCurrentFolderComesFirst)
{
  fs::path dir = test_folder("shipped-");
  fs::copy_file(shipped + "/platforms/das2-fs0-fs3.xml", dir / "das2.xml");
  auto result = run_in(dir, simulate + " --platform das2.xml --clusters fs1 -q --no-trace");
  EXPECT_EQ(result.status, 2) << result.output;
  EXPECT_NE(result.output.find("no such cluster in das2.xml (clusters: fs0, fs3)"), std::string::npos) << result.output;
}

TEST(ShippedFiles, AnExperimentNamedWithoutAFolderIsTheShippedOne)
{
  fs::path dir = test_folder("shipped-");
  auto result  = run_in(dir, simulate + " --config koala-w30-cf-norep.yaml --jobs 5 -q --no-trace");
  EXPECT_EQ(result.status, 0) << result.output;
  // The current folder's comes first.
  write(dir / "koala-w30-cf-norep.yaml", "workload: {jobs: -1}\n");
  result = run_in(dir, simulate + " --config koala-w30-cf-norep.yaml -q --no-trace");
  EXPECT_EQ(result.status, 2) << result.output;
  EXPECT_EQ(result.output.rfind("simulate: Invalid key 'workload.jobs' in koala-w30-cf-norep.yaml:1", 0), 0)
      << result.output;
}

TEST(ShippedFiles, ANameFoundNowhereSaysWhereItWasLookedFor)
{
  fs::path dir = test_folder("shipped-");
  auto result  = run_in(dir, simulate + " --platform das9.xml -q --no-trace");
  EXPECT_EQ(result.status, 2) << result.output;
  EXPECT_EQ(result.output, "simulate: Invalid key 'platform' in the command line (--platform): cannot find 'das9.xml': "
                           "looked in the current folder (" +
                               fs::canonical(dir).string() + "), then among the shipped platforms (" + shipped +
                               "/platforms)\n");
  result = run_in(dir, simulate + " --config koala-w99.yaml -q --no-trace");
  EXPECT_EQ(result.status, 2) << result.output;
  EXPECT_EQ(result.output, "simulate: Invalid experiment file 'koala-w99.yaml': not found; looked in the current "
                           "folder (" +
                               fs::canonical(dir).string() + "), then among the shipped experiments (" + shipped +
                               "/workloads/experiments)\n");
  // A platform an experiment file names: its folder and parents are searched too, and said so.
  write(dir / "x.yaml", "platform: das9.xml\n");
  result = run_in(dir, simulate + " --config x.yaml -q --no-trace");
  EXPECT_EQ(result.status, 2) << result.output;
  EXPECT_NE(result.output.find("x.yaml:1: cannot find 'das9.xml': looked in the current folder (" +
                               fs::canonical(dir).string() + "), the experiment file's folder and its parents (" +
                               fs::canonical(dir).string() + "), then among the shipped platforms"),
            std::string::npos)
      << result.output;
}

/** `cmake --install` into a prefix of its own: the installed simulate finds the installed platforms and
 *  experiments (not the source tree's), and the installed sweep tool runs the installed simulate. */
TEST(ShippedFiles, AnInstalledSimulateUsesTheInstalledFiles)
{
  fs::path dir    = test_folder("shipped-");
  fs::path prefix = dir / "prefix";
  auto installed =
      run_in(dir, std::string("'" COALSIM_CMAKE_COMMAND "' --install '" COALSIM_BINARY_DIR "' --prefix '") +
                      prefix.string() + "'");
  ASSERT_EQ(installed.status, 0) << installed.output;
  for (const char* file : {"bin/simulate", "bin/trace_stats", "bin/sweep", "share/coalsim/platforms/das2.xml",
                           "share/coalsim/workloads/experiments/koala-w30-cf-norep.yaml",
                           "share/coalsim/workloads/sweeps/koala-w30.yaml", "share/coalsim/workloads/default.yaml"})
    EXPECT_TRUE(fs::exists(prefix / file)) << file;
  fs::path work = dir / "work";
  fs::create_directories(work);
  std::string installed_simulate = (prefix / "bin" / "simulate").string();
  auto result = run_in(work, installed_simulate + " --platform das2.xml --policy cf --jobs 20 -o run.h5");
  EXPECT_EQ(result.status, 0) << result.output;
  result = run_in(work, installed_simulate + " --config koala-w30-cf-norep.yaml --jobs 5 -q --no-trace");
  EXPECT_EQ(result.status, 0) << result.output;
  result = run_in(work, installed_simulate + " --platform das9.xml -q --no-trace");
  EXPECT_EQ(result.status, 2) << result.output;
  EXPECT_NE(
      result.output.find("then among the shipped platforms (" + (prefix / "share/coalsim/platforms").string() + ")"),
      std::string::npos)
      << result.output;
  result = run_in(work, "env -u COALSIM_SIMULATE " + (prefix / "bin" / "sweep").string() + " plan --commands " +
                            (prefix / "share/coalsim/workloads/sweeps/koala-w30.yaml").string());
  EXPECT_EQ(result.status, 0) << result.output;
  fs::path real       = fs::canonical(prefix);
  std::string planned = (real / "bin/simulate").string() + " --config " +
                        (real / "share/coalsim/workloads/experiments/koala-w30-cf-norep.yaml").string();
  EXPECT_NE(result.output.find(planned), std::string::npos) << result.output;
}
