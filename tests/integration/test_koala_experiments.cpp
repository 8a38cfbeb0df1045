/* Every KOALA experiment file runs as it is (a smoke test, shortened to 40 jobs). */
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <sys/wait.h>

namespace fs = std::filesystem;

TEST(KoalaExperiments, EveryExperimentFileRuns)
{
  const char* env        = std::getenv("COALSIM_SIMULATE");
  std::string simulate   = env ? env : COALSIM_BINARY_DIR "/simulate";
  int files              = 0;
  for (const auto& entry : fs::directory_iterator(COALSIM_SOURCE_DIR "/workloads/experiments")) {
    std::string name = entry.path().filename().string();
    if (name.rfind("koala-", 0) != 0 || entry.path().extension() != ".yaml")
      continue;
    ++files;
    std::string command = simulate;
    command += " -q --no-trace --jobs 40 -c ";
    command += entry.path().string();
    command += " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    std::string output;
    std::array<char, 4096> buffer;
    while (size_t n = fread(buffer.data(), 1, buffer.size(), pipe))
      output.append(buffer.data(), n);
    int status = pclose(pipe);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << name << ": " << output;
  }
  EXPECT_EQ(files, 13) << "W30/W50 x CF/WF x replication, four spread runs, the unreliable testbed";
}
