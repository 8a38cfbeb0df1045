/* Which temporary traces a run removes: only those whose writer is gone. */
#include "sim/trace/StaleTemporaries.hpp"

#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using coalsim::remove_stale_temporaries;

namespace {
fs::path folder()
{
  fs::path dir = fs::path(::testing::TempDir()) /
                 (std::string("stale-") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

fs::path touch(const fs::path& path)
{
  std::ofstream(path) << "x";
  return path;
}

pid_t dead_pid()
{
  pid_t child = fork();
  if (child == 0)
    _exit(0);
  waitpid(child, nullptr, 0);
  return child;
}
} // namespace

TEST(StaleTemporaries, OnlyThoseOfGoneWritersOfThisOutputAreRemoved)
{
  fs::path dir    = folder();
  std::string out = (dir / "t.h5").string();
  fs::path dead   = touch(dir / ("t.h5.tmp-" + std::to_string(dead_pid())));
  fs::path mine   = touch(dir / ("t.h5.tmp-" + std::to_string(getpid())));
  fs::path live   = touch(dir / ("t.h5.tmp-" + std::to_string(getppid()))); // the parent, alive, started earlier
  fs::path other  = touch(dir / ("u.h5.tmp-" + std::to_string(dead_pid())));
  fs::path odd    = touch(dir / "t.h5.tmp-12ab");
  EXPECT_EQ(remove_stale_temporaries(out), 1);
  EXPECT_FALSE(fs::exists(dead));
  for (const auto& kept : {mine, live, other, odd})
    EXPECT_TRUE(fs::exists(kept)) << kept;
}

TEST(StaleTemporaries, APidReusedSinceTheFileWasWrittenIsNoWriter)
{
  fs::path dir = folder();
  // The parent process is alive, but a file last written a day before it started cannot be its own.
  fs::path reused = touch(dir / ("t.h5.tmp-" + std::to_string(getppid())));
  fs::last_write_time(reused, fs::file_time_type::clock::now() - std::chrono::hours(24 * 365 * 20));
  EXPECT_EQ(remove_stale_temporaries((dir / "t.h5").string()), 1);
  EXPECT_FALSE(fs::exists(reused));
}

TEST(StaleTemporaries, AFileSomeoneHoldsALockOnIsKept)
{
  fs::path dir  = folder();
  fs::path held = touch(dir / ("t.h5.tmp-" + std::to_string(dead_pid())));
  int fd        = open(held.c_str(), O_RDONLY);
  ASSERT_EQ(flock(fd, LOCK_EX), 0);
  pid_t child = fork(); // another process checks: our lock is held
  if (child == 0)
    _exit(remove_stale_temporaries((dir / "t.h5").string()) == 0 && fs::exists(held) ? 0 : 1);
  int status = 0;
  waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  close(fd);
  EXPECT_EQ(remove_stale_temporaries((dir / "t.h5").string()), 1);
}
