//===- IsolatedRun.cpp - a computation in a child process -----------------===//
//
// See IsolatedRun.h.
//
//===----------------------------------------------------------------------===//

#include "horn/IsolatedRun.h"

#include <fmt/format.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace cosmo::solver {

namespace {

/// After the deadline, the child's last chance to finish (its watchdog
/// interrupts Z3, which returns within milliseconds as a rule).
constexpr auto kGrace = std::chrono::seconds(1);

[[noreturn]] void childMain(int out, const std::function<std::string()> &work) {
  // A crash or an interrupt ends the child as the signal's default does:
  // not through handlers of the parent's (which would report or clean up
  // for it).
  for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGINT, SIGTERM})
    std::signal(s, SIG_DFL);
  // So does an exception that reaches std::terminate (one thrown through
  // a destructor): quietly, the parent's handler would name an internal
  // error of the run on its terminal.
  std::set_terminate([] { _exit(5); });
  std::string result;
  try {
    result = work();
  } catch (...) {
    _exit(3);
  }
  const char *p = result.data();
  size_t left = result.size();
  while (left > 0) {
    ssize_t n = write(out, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      _exit(4);
    p += n;
    left -= static_cast<size_t>(n);
  }
  _exit(0); // no atexit handlers, no flush of the parent's buffers
}

} // namespace

IsolatedResult runIsolated(const std::function<std::string()> &work,
                           std::chrono::steady_clock::time_point deadline) {
  IsolatedResult r;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    r.notIsolated = true;
    r.failure = fmt::format("no pipe: {}", std::strerror(errno));
    return r;
  }
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    r.notIsolated = true;
    r.failure = fmt::format("no child process: {}", std::strerror(errno));
    return r;
  }
  if (pid == 0) {
    close(fds[0]);
    childMain(fds[1], work);
  }
  close(fds[1]);
  std::string output;
  bool killed = false;
  auto end = deadline + kGrace;
  for (;;) {
    auto now = std::chrono::steady_clock::now();
    if (now >= end) {
      kill(pid, SIGKILL);
      killed = true;
      break;
    }
    int ms = static_cast<int>(
        std::chrono::duration_cast<std::chrono::milliseconds>(end - now)
            .count()) +
             1;
    pollfd p{fds[0], POLLIN, 0};
    int ready = poll(&p, 1, ms);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0)
      continue; // the deadline is checked above
    char buf[4096];
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break; // EOF: the child is done or dead
    output.append(buf, static_cast<size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (killed) {
    r.failure = "did not end by its deadline (killed)";
  } else if (WIFSIGNALED(status)) {
    r.failure = fmt::format("crashed ({})", strsignal(WTERMSIG(status)));
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    r.failure = "failed";
  } else {
    r.output = std::move(output);
  }
  return r;
}

} // namespace cosmo::solver
