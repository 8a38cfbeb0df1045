#include "sim/trace/StaleTemporaries.hpp"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_stale_temporaries, coalsim_trace, "StaleTemporaries");

namespace coalsim {

namespace fs = std::filesystem;

namespace {

/** Seconds since the epoch at which process `pid` started, from /proc; negative when unknown. */
double process_start(long pid)
{
  std::ifstream stat_file("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat_file)), std::istreambuf_iterator<char>());
  size_t close = text.rfind(')'); // the command name may hold spaces and parentheses
  if (close == std::string::npos)
    return -1;
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  unsigned long long start_ticks = 0;
  for (int i = 3; i <= 22 && fields >> field; ++i) // field 22: start time, in clock ticks after boot
    if (i == 22)
      start_ticks = std::stoull(field);
  std::ifstream boot_file("/proc/stat");
  std::string key;
  long long boot_time = -1;
  while (boot_file >> key)
    if (key == "btime") {
      boot_file >> boot_time;
      break;
    }
  long ticks = sysconf(_SC_CLK_TCK);
  if (boot_time < 0 || ticks <= 0 || start_ticks == 0)
    return -1;
  return static_cast<double>(boot_time) + static_cast<double>(start_ticks) / static_cast<double>(ticks);
}

bool writer_is_gone(long pid, const fs::path& file)
{
  if (kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM) {
    struct stat file_stat {};
    double started = process_start(pid);
    if (started < 0 || stat(file.c_str(), &file_stat) != 0)
      return false; // alive as far as we can tell
    // A process started after the file was last written cannot be its writer: the pid was reused.
    return started > static_cast<double>(file_stat.st_mtime) + 1;
  }
  return errno == ESRCH;
}

bool locked_by_someone(const fs::path& file)
{
  int fd = open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return true; // cannot tell: leave it
  bool locked = flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  close(fd); // releases our lock, if we got it
  return locked;
}

} // namespace

int remove_stale_temporaries(const std::string& output)
{
  std::error_code error;
  fs::path out(output);
  fs::path folder    = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  std::string prefix = out.filename().string() + ".tmp-";
  int removed        = 0;
  for (fs::directory_iterator it(folder, error), end; not error && it != end; it.increment(error)) {
    std::string name = it->path().filename().string();
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0)
      continue;
    std::string digits = name.substr(prefix.size());
    if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
      continue;
    long pid = std::stol(digits);
    if (pid <= 0 || pid == static_cast<long>(getpid()) || not it->is_regular_file(error))
      continue;
    if (writer_is_gone(pid, it->path()) && not locked_by_someone(it->path()) && fs::remove(it->path(), error))
      ++removed;
  }
  return removed;
}

} // namespace coalsim
