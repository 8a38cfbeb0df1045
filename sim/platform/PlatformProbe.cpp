/* Layer 2 of the platform check (see PlatformCheck.hpp): SimGrid reads the platform in a child process, so that
 * what it aborts or crashes on ends the child, not the run, and comes back located. SimGrid keeps one engine per
 * process and aborts on a second: a child per probe also keeps the simulator's own process clean. */
#include "sim/config/InputError.hpp"
#include "sim/platform/GridPlatform.hpp"
#include "sim/platform/PlatformCheck.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <poll.h>
#include <simgrid/s4u.hpp>
#include <string>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_platform_probe, coalsim_platform, "PlatformProbe");

// The line SimGrid 3.32's platform parser (flex) is at; exported by libsimgrid, not declared in its headers.
extern "C" int surf_parse_lineno;

namespace coalsim {

namespace {

constexpr const char* marker = "\n@coalsim-probe ";
constexpr std::chrono::seconds probe_timeout{600}; // far beyond the largest platform (Grid'5000: 0.1 s)
const char* probe_stage = "reading";               // what the child is doing, for a crash report
int probe_report_fd     = 2;

void write_all(int fd, const char* text, size_t size)
{
  while (size > 0) {
    ssize_t n = write(fd, text, size);
    if (n <= 0)
      return;
    text += n;
    size -= static_cast<size_t>(n);
  }
}

/** Async-signal-safe: "<marker>crash <line> <signal> <stage>\n", then the child ends. */
void report_crash(int signal)
{
  char text[256];
  size_t n = 0;
  auto put = [&](const char* s) {
    while (*s && n < sizeof text - 1)
      text[n++] = *s++;
  };
  auto put_number = [&](long value) {
    char digits[24];
    int d = 0;
    if (value < 0) {
      put("-");
      value = -value;
    }
    do {
      digits[d++] = static_cast<char>('0' + value % 10);
      value /= 10;
    } while (value > 0 && d < 23);
    while (d > 0 && n < sizeof text - 1)
      text[n++] = digits[--d];
  };
  put(marker);
  put("crash ");
  put_number(surf_parse_lineno);
  put(" ");
  put_number(signal);
  put(" ");
  put(probe_stage);
  put("\n");
  write_all(probe_report_fd, text, n);
  _exit(70);
}

void report(const std::string& kind, const std::string& what)
{
  std::string text = marker + kind + " " + std::to_string(surf_parse_lineno) + " " + what + "\n";
  write_all(probe_report_fd, text.data(), text.size());
}

[[noreturn]] void run_child(const std::string& path, const std::vector<std::string>& selected)
{
  xbt_log_control_set("root.thres:critical");
  xbt_log_control_set("root.fmt:%m%n");
  int argc       = 1;
  char program[] = "coalsim-platform-probe";
  char* argv[]   = {program, nullptr};
  auto* engine   = new sg4::Engine(&argc, argv); // never destroyed: the child ends with _exit
  struct sigaction action {};
  action.sa_handler = report_crash;
  sigemptyset(&action.sa_mask);
  for (int signal : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL})
    sigaction(signal, &action, nullptr);
  try {
    engine->load_platform(path);
  } catch (const std::exception& e) {
    report("error", e.what());
    _exit(71);
  }
  probe_stage = "sealing";
  try {
    engine->seal_platform();
  } catch (const std::exception& e) {
    report("sealing", e.what());
    _exit(72);
  }
  probe_stage = "routing";
  try {
    GridPlatform platform(*engine, path, selected,
                          KeyLocation("clusters", path, 0)); // computes the routes between the clusters
  } catch (const std::exception&) {
    // A platform coalsim refuses without a crash: the simulator's own GridPlatform says why, with its line.
  }
  _exit(0);
}

/** SimGrid's words: the first line it printed (its xbt_die message), without the backtrace. */
std::string first_line(const std::string& output)
{
  size_t start = output.find_first_not_of("\n");
  if (start == std::string::npos)
    return "";
  return output.substr(start, output.find('\n', start) - start);
}

} // namespace

void probe_platform_load(const std::string& path, const std::vector<std::string>& selected)
{
  int channel[2];
  if (pipe(channel) != 0)
    return; // no probe possible: SimGrid reads the platform unguarded, as before
  std::fflush(nullptr);
  pid_t parent = getpid();
  pid_t child  = fork();
  if (child < 0) {
    close(channel[0]);
    close(channel[1]);
    return;
  }
  if (child == 0) {
    // The child dies with the simulator. A run interrupted (SIGINT, SIGTERM, SIGKILL) while SimGrid reads a huge
    // platform left it running under PID 1, growing to GB until the probe's timeout. The signal is sent when the
    // thread that forked ends: simulate probes from its only thread. A parent gone before prctl is seen by getppid.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
      _exit(73);
    close(channel[0]);
    dup2(channel[1], STDOUT_FILENO);
    dup2(channel[1], STDERR_FILENO);
    probe_report_fd = channel[1];
    run_child(path, selected);
  }
  close(channel[1]);
  std::string output;
  char buffer[4096];
  bool timed_out = false;
  auto deadline  = std::chrono::steady_clock::now() + probe_timeout;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd ready{channel[0], POLLIN, 0};
    int polled = left.count() > 0 ? poll(&ready, 1, static_cast<int>(left.count())) : 0;
    if (polled < 0 && errno == EINTR)
      continue;
    if (polled == 0) { // SimGrid never finished: the probe must not hang the run
      timed_out = true;
      kill(child, SIGKILL);
      break;
    }
    ssize_t n = read(channel[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    output.append(buffer, static_cast<size_t>(n));
  }
  close(channel[0]);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out)
    throw_input_error("platform", path, path, 0,
                      "SimGrid did not finish reading it and computing its routes in " +
                          std::to_string(probe_timeout.count()) + " s");
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return;

  // "<marker><kind> <line> <what>"
  std::string said = output, kind, what;
  int line         = 0;
  if (size_t at = output.rfind(marker); at != std::string::npos) {
    said             = output.substr(0, at);
    std::string rest = output.substr(at + std::strlen(marker));
    if (not rest.empty() && rest.back() == '\n')
      rest.pop_back();
    size_t space1 = rest.find(' '), space2 = rest.find(' ', space1 + 1);
    kind = rest.substr(0, space1);
    if (space1 != std::string::npos)
      line = std::atoi(rest.substr(space1 + 1, space2 - space1 - 1).c_str());
    what = space2 == std::string::npos ? "" : rest.substr(space2 + 1);
  }
  if (kind == "error") {
    // SimGrid's own located errors: "Parse error at <file>:<line>: <what>".
    std::string prefix = "Parse error at " + path + ":";
    if (what.rfind(prefix, 0) == 0) {
      size_t colon = what.find(": ", prefix.size());
      if (colon != std::string::npos) {
        line = std::atoi(what.substr(prefix.size(), colon - prefix.size()).c_str());
        what = what.substr(colon + 2);
      }
    }
    if (what == "stoi" || what == "stod" || what == "stol" || what == "stoul")
      what += " (a number SimGrid could not read in this element, e.g. a topology parameter)";
    throw_input_error("platform", path, path, line, "SimGrid refuses it: " + what);
  }
  if (kind == "sealing")
    throw_input_error("platform", path, path, 0, "SimGrid refuses it once read: " + what);
  std::string message = first_line(said);
  if (kind == "crash") {
    std::string signal = strsignal(std::atoi(what.c_str()));
    std::string stage  = what.substr(std::min(what.size(), what.find(' ') + 1));
    if (stage == "reading")
      throw_input_error("platform", path, path, line,
                        "SimGrid 3.32 aborts reading it" + (message.empty() ? " (" + signal + ")" : ": " + message));
    std::string verb = std::atoi(what.c_str()) == SIGABRT ? "aborts" : "crashes";
    throw_input_error("platform", path, path, 0,
                      "SimGrid 3.32 " + verb +
                          (stage == "sealing" ? " sealing it" : " computing the routes between its clusters") +
                          (message.empty() ? " (" + signal + ")" : ": " + message));
  }
  throw_input_error("platform", path, path, 0,
                    "SimGrid 3.32 cannot read it (" +
                        (WIFSIGNALED(status) ? std::string(strsignal(WTERMSIG(status)))
                                             : "exit code " + std::to_string(WEXITSTATUS(status))) +
                        (message.empty() ? "" : ": " + message) + ")");
}

} // namespace coalsim
