/* Layer 2 of the platform check (see PlatformCheck.hpp): SimGrid reads the platform in a child process, so that
 * what it aborts or crashes on ends the child, not the run, and comes back located. SimGrid keeps one engine per
 * process and aborts on a second: a child per probe also keeps the simulator's own process clean. */
#include "sim/config/EndingSignals.hpp"
#include "sim/config/InputError.hpp"
#include "sim/platform/GridPlatform.hpp"
#include "sim/platform/PlatformCheck.hpp"
#include "sim/platform/PlatformLoad.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
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
    load_platform_file(*engine, path);
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

/** What the parent read from the child, up to its end or, when `until_loaded`, to its word that the platform is
 *  loaded (the child then goes on as the run). */
struct ProbeOutcome {
  std::string output;
  int status     = 0;
  bool timed_out = false;
  bool loaded    = false;
};

constexpr const char* loaded_word = "loaded\n";

ProbeOutcome watch_child(pid_t child, int fd, bool until_loaded)
{
  ProbeOutcome outcome;
  const std::string loaded = marker + std::string(loaded_word);
  char buffer[4096];
  auto deadline = std::chrono::steady_clock::now() + probe_timeout;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd ready{fd, POLLIN, 0};
    int polled = left.count() > 0 ? poll(&ready, 1, static_cast<int>(left.count())) : 0;
    if (polled < 0 && errno == EINTR)
      continue;
    if (polled == 0) { // SimGrid never finished: the probe must not hang the run
      outcome.timed_out = true;
      kill(child, SIGKILL);
      break;
    }
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    outcome.output.append(buffer, static_cast<size_t>(n));
    if (until_loaded && outcome.output.size() >= loaded.size() &&
        outcome.output.compare(outcome.output.size() - loaded.size(), loaded.size(), loaded) == 0) {
      outcome.output.resize(outcome.output.size() - loaded.size());
      outcome.loaded = true;
      return outcome; // the child goes on: not reaped here
    }
  }
  close(fd);
  while (waitpid(child, &outcome.status, 0) < 0 && errno == EINTR) {
  }
  return outcome;
}

/** SimGrid's line in a crash report: the first one at CRITICAL (an xbt_die) without the prefix of SimGrid's default
 *  log layout ("[0.000000] [xbt/CRITICAL] "), else the first line. */
std::string simgrid_words(const std::string& output)
{
  size_t at = output.find("/CRITICAL] ");
  if (at == std::string::npos)
    return first_line(output);
  size_t start = at + std::strlen("/CRITICAL] ");
  return output.substr(start, output.find('\n', start) - start);
}

/** The child failed (or never finished) loading the platform: why, as an InputError. */
[[noreturn]] void refuse_platform(const ProbeOutcome& outcome, const std::string& path)
{
  const std::string& output = outcome.output;
  const int status          = outcome.status;
  const bool timed_out      = outcome.timed_out;
  if (timed_out)
    throw_input_error("platform", path, path, 0,
                      "SimGrid did not finish reading it and computing its routes in " +
                          std::to_string(probe_timeout.count()) + " s");
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
  std::string message = simgrid_words(said);
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

/** Forks the child that loads the platform, its stdout and stderr captured in `channel`; returns its pid (in the
 *  parent), 0 in the child, -1 when no child could be started. */
pid_t fork_loader(int channel[2])
{
  if (pipe(channel) != 0)
    return -1;
  std::fflush(nullptr);
  pid_t parent = getpid();
  pid_t child  = fork();
  if (child < 0) {
    close(channel[0]);
    close(channel[1]);
    return -1;
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
    return 0;
  }
  close(channel[1]);
  return child;
}

volatile pid_t run_child_pid = 0;

void forward_signal(int signal)
{
  if (run_child_pid > 0)
    kill(run_child_pid, signal);
}

/** From here on, the signals that end a process go to the child that is the run. */
void forward_signals_to(pid_t child)
{
  run_child_pid = child;
  auto forward  = [](int signal) {
    struct sigaction current {};
    if (sigaction(signal, nullptr, &current) != 0 ||
        ((current.sa_flags & SA_SIGINFO) == 0 && current.sa_handler == SIG_IGN))
      return; // ignored here (nohup): ignored by the child too, which inherited it
    struct sigaction action {};
    action.sa_handler = forward_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(signal, &action, nullptr);
  };
  // Every signal the trace writer's interrupt clean-up handles (those that end a process by default), so that the
  // child removes its unfinished trace and ends by it. The parent only waits: none of them is its own fault.
  for (int signal : terminating_signals)
    forward(signal);
  for (int signal : dumping_signals)
    forward(signal);
  for (int signal = SIGRTMIN; signal <= SIGRTMAX; ++signal)
    forward(signal);
}

[[noreturn]] void end_as_it_ends(pid_t child)
{
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status))
    _exit(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) { // end by the same signal, so that a shell or a batch system sees the same status
    int signal = WTERMSIG(status);
    std::signal(signal, SIG_DFL);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, signal);
    sigprocmask(SIG_UNBLOCK, &unblock, nullptr);
    raise(signal);
  }
  _exit(70);
}

} // namespace

void probe_platform_load(const std::string& path, const std::vector<std::string>& selected)
{
  int channel[2];
  pid_t child = fork_loader(channel);
  if (child < 0)
    return; // no probe possible: SimGrid reads the platform unguarded, as before
  if (child == 0)
    run_child(path, selected);
  ProbeOutcome outcome = watch_child(child, channel[0], false);
  if (not outcome.timed_out && WIFEXITED(outcome.status) && WEXITSTATUS(outcome.status) == 0)
    return;
  refuse_platform(outcome, path);
}

LoadedPlatform load_platform_once(sg4::Engine& engine, const std::string& path,
                                  const std::vector<std::string>& selected, const KeyLocation& clusters_location)
{
  int channel[2];
  int saved_stdout = dup(STDOUT_FILENO);
  int saved_stderr = dup(STDERR_FILENO);
  int go_on[2]     = {-1, -1}; // the parent's word to the child that SimGrid's output of the load is out
  if (saved_stdout < 0 || saved_stderr < 0 || pipe(go_on) != 0)
    throw InputError("Invalid platform '" + path + "': cannot start the process that loads it (" +
                     std::strerror(errno) + ")");
  pid_t child = fork_loader(channel);
  if (child < 0)
    throw InputError("Invalid platform '" + path + "': cannot start the process that loads it (" +
                     std::strerror(errno) + ")");
  if (child > 0) {
    close(saved_stdout);
    close(saved_stderr);
    close(go_on[0]);
    // SimGrid's engine, made before the fork, handles SIGINT (it prints and exits with 1): while the child loads,
    // this process ends by SIGINT as it did while the check ran before the engine was made (the child follows).
    struct sigaction interrupt {};
    if (sigaction(SIGINT, nullptr, &interrupt) == 0 &&
        not((interrupt.sa_flags & SA_SIGINFO) == 0 && interrupt.sa_handler == SIG_IGN))
      std::signal(SIGINT, SIG_DFL);
    ProbeOutcome outcome = watch_child(child, channel[0], true);
    if (not outcome.loaded) {
      close(go_on[1]);
      refuse_platform(outcome, path);
    }
    close(channel[0]);
    // What SimGrid printed while it loaded the platform (its warnings), which the child captured.
    write_all(STDERR_FILENO, outcome.output.data(), outcome.output.size());
    forward_signals_to(child);
    close(go_on[1]); // the child goes on
    end_as_it_ends(child);
  }

  // The child: it loads the platform as the probe does, then goes on as the run.
  close(go_on[1]);
  struct sigaction crash {};
  crash.sa_handler = report_crash;
  sigemptyset(&crash.sa_mask);
  const int crash_signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL};
  struct sigaction kept[std::size(crash_signals)];
  for (size_t i = 0; i < std::size(crash_signals); ++i)
    sigaction(crash_signals[i], &crash, &kept[i]);
  probe_stage = "reading";
  try {
    load_platform_file(engine, path);
  } catch (const std::exception& e) {
    report("error", e.what());
    _exit(71);
  }
  probe_stage = "sealing";
  try {
    engine.seal_platform();
  } catch (const std::exception& e) {
    report("sealing", e.what());
    _exit(72);
  }
  probe_stage = "routing";
  std::unique_ptr<GridPlatform> platform;
  std::exception_ptr refused;
  try {
    platform = std::make_unique<GridPlatform>(engine, path, selected, clusters_location);
  } catch (...) {
    refused = std::current_exception();
  }
  for (size_t i = 0; i < std::size(crash_signals); ++i)
    sigaction(crash_signals[i], &kept[i], nullptr);
  std::fflush(nullptr);
  dup2(saved_stdout, STDOUT_FILENO);
  dup2(saved_stderr, STDERR_FILENO);
  close(saved_stdout);
  close(saved_stderr);
  probe_report_fd = STDERR_FILENO;
  write_all(channel[1], (marker + std::string(loaded_word)).c_str(), std::strlen(marker) + std::strlen(loaded_word));
  close(channel[1]);
  char word;
  while (read(go_on[0], &word, 1) < 0 && errno == EINTR) {
  }
  close(go_on[0]);
  return {std::move(platform), refused};
}

} // namespace coalsim
