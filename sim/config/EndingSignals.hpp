/* The signals whose default action ends a process (signal(7)), for what must happen before a run ends by one: the
 * trace writer removes its unfinished file (TraceWriter.cpp), and a process that waits for the run passes them on
 * to it (PlatformProbe.cpp). */
#pragma once

#include <csignal>

namespace coalsim {

/** Those that end it ("Term"), bar SIGKILL, which no handler sees. The real-time signals too (SIGRTMIN..SIGRTMAX,
 *  not constants: loop over them besides). */
inline constexpr int terminating_signals[] = {SIGHUP,    SIGINT,  SIGPIPE, SIGALRM,   SIGTERM,
                                              SIGUSR1,   SIGUSR2, SIGPOLL, SIGVTALRM, SIGPROF,
#ifdef SIGSTKFLT
                                              SIGSTKFLT,
#endif
#ifdef SIGPWR
                                              SIGPWR
#endif
};

/** Those that end it with a core dump ("Core"), bar SIGTRAP (a debugger's). SIGABRT is among them: an abort
 *  (xbt_die, xbt_assert, an uncaught exception) is SimGrid's way to stop on what it cannot run. */
inline constexpr int dumping_signals[] = {SIGABRT, SIGQUIT, SIGXCPU, SIGXFSZ, SIGSYS, SIGFPE, SIGILL, SIGSEGV, SIGBUS};

} // namespace coalsim
