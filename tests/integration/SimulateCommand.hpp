/* Runs the `simulate` executable (COALSIM_SIMULATE, else the build tree's) as a user would. */
#pragma once

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <sys/wait.h>

namespace coalsim::testing {

inline std::string simulate_binary()
{
  const char* path = std::getenv("COALSIM_SIMULATE");
  return path ? path : COALSIM_BINARY_DIR "/simulate";
}

struct Outcome {
  int status;
  std::string output; // stdout and stderr
};

/** A shell command line run as is, its stdout and stderr together; status -1 when it did not exit (a signal). */
inline Outcome run_command(const std::string& command_line)
{
  FILE* pipe = popen((command_line + " 2>&1").c_str(), "r");
  std::string output;
  std::array<char, 4096> buffer;
  while (size_t n = fread(buffer.data(), 1, buffer.size(), pipe))
    output.append(buffer.data(), n);
  int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

/** `time_limit` > 0: the run is killed (SIGKILL, status 137) after that many seconds, so that a test of a run that
 *  must not hang fails instead of hanging. */
inline Outcome run(const std::string& arguments, int time_limit = 0)
{
  std::string limit = time_limit > 0 ? "timeout -s KILL " + std::to_string(time_limit) + " " : "";
  return run_command(limit + simulate_binary() + " " + arguments);
}

/** A fresh folder of its own for the running test: `<temp>/<prefix><test name>`. */
inline std::filesystem::path test_folder(const std::string& prefix)
{
  std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) /
                              (prefix + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

/** Writes `text` to `path`; returns the path. */
inline std::string write(const std::filesystem::path& path, const std::string& text)
{
  std::ofstream(path) << text;
  return path.string();
}

} // namespace coalsim::testing
