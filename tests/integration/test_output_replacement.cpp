/* `--output` replaces only a trace coalsim wrote (or an empty file): `simulate -o mine.xml` once replaced a file
 * that was no trace without a word. `--force` replaces any regular file. */
#include "SimulateCommand.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>

namespace fs = std::filesystem;
using coalsim::testing::run;
using coalsim::testing::test_folder;
using coalsim::testing::write;

namespace {

std::string content_of(const fs::path& path)
{
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/** One grid job on the test platform, no background: a run of milliseconds. */
std::string experiment(const fs::path& dir)
{
  return write(dir / "exp.yaml", "platform: " COALSIM_SOURCE_DIR "/platforms/test/two-clusters.xml\n"
                                 "workload: {jobs: 1, components: 1, component_size: 1, runtime: 10}\n"
                                 "background: {model: none}\n");
}

const std::string hdf5_signature = "\x89HDF\r\n\x1a\n";

} // namespace

TEST(OutputReplacement, AFileThatIsNoTraceIsRefusedAndKept)
{
  fs::path dir               = test_folder("output-");
  std::string exp            = experiment(dir);
  const std::string platform = "<?xml version='1.0'?>\n<platform version=\"4.1\"/>\n";
  std::string mine           = write(dir / "mine.xml", platform);
  auto refused               = run("-c " + exp + " -q -o " + mine);
  EXPECT_EQ(refused.status, 2) << refused.output;
  EXPECT_EQ(refused.output, "simulate: Invalid output '" + mine +
                                "': the file exists and is not a trace written by coalsim; the trace would replace "
                                "it. Name another file with --output, or give --force to replace it\n");
  EXPECT_EQ(content_of(mine), platform);

  // An HDF5 file some other program wrote is no coalsim trace either.
  std::string other = write(dir / "other.h5", hdf5_signature + std::string(600, '\0'));
  EXPECT_EQ(run("-c " + exp + " -q -o " + other).status, 2);

  auto forced = run("-c " + exp + " -q --force -o " + mine);
  EXPECT_EQ(forced.status, 0) << forced.output;
  EXPECT_EQ(content_of(mine).rfind(hdf5_signature, 0), 0u) << "--force replaces it with the trace";
}

TEST(OutputReplacement, ATraceOfAnEarlierRunOrAnEmptyFileIsReplaced)
{
  fs::path dir      = test_folder("output-");
  std::string exp   = experiment(dir);
  std::string trace = (dir / "trace.h5").string();
  ASSERT_EQ(run("-c " + exp + " -q -o " + trace).status, 0);
  auto again = run("-c " + exp + " -q --seed 2 -o " + trace);
  EXPECT_EQ(again.status, 0) << again.output;
  std::string empty = write(dir / "empty.h5", "");
  auto into_empty   = run("-c " + exp + " -q -o " + empty);
  EXPECT_EQ(into_empty.status, 0) << into_empty.output;
  EXPECT_EQ(content_of(empty).rfind(hdf5_signature, 0), 0u);
}

TEST(OutputReplacement, ForceNeedsATrace)
{
  fs::path dir = test_folder("output-");
  auto result  = run("-c " + experiment(dir) + " -q --force --no-trace");
  EXPECT_EQ(result.status, 2) << result.output;
  EXPECT_NE(result.output.find("--force replaces the --output file: it has no use with --no-trace"), std::string::npos)
      << result.output;
}
