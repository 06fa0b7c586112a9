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

void sendAll(int out, const std::string &part) {
  const char *p = part.data();
  size_t left = part.size();
  while (left > 0) {
    ssize_t n = write(out, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      _exit(4);
    p += n;
    left -= static_cast<size_t>(n);
  }
}

[[noreturn]] void
childMain(int out, const std::function<void(const IsolatedRun::Send &)> &work) {
  // A crash or an interrupt ends the child as the signal's default does:
  // not through handlers of the parent's (which would report or clean up
  // for it).
  for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGINT, SIGTERM})
    std::signal(s, SIG_DFL);
  // So does an exception that reaches std::terminate (one thrown through
  // a destructor): quietly, the parent's handler would name an internal
  // error of the run on its terminal.
  std::set_terminate([] { _exit(5); });
  try {
    work([out](const std::string &part) { sendAll(out, part); });
  } catch (...) {
    _exit(3);
  }
  _exit(0); // no atexit handlers, no flush of the parent's buffers
}

} // namespace

std::optional<IsolatedRun>
IsolatedRun::start(const std::function<void(const Send &)> &work) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0)
    return std::nullopt;
  pid_t pid = fork();
  if (pid < 0) {
    int why = errno; // (for the caller's message)
    close(fds[0]);
    close(fds[1]);
    errno = why;
    return std::nullopt;
  }
  if (pid == 0) {
    close(fds[0]);
    childMain(fds[1], work);
  }
  close(fds[1]);
  return IsolatedRun(pid, fds[0]);
}

bool IsolatedRun::readSome(std::chrono::steady_clock::time_point until) {
  for (;;) {
    auto now = std::chrono::steady_clock::now();
    if (out_ < 0 || now >= until)
      return false;
    int ms =
        static_cast<int>(
            std::chrono::duration_cast<std::chrono::milliseconds>(until - now)
                .count()) +
        1;
    pollfd p{out_, POLLIN, 0};
    int ready = poll(&p, 1, ms);
    if (ready <= 0)
      continue; // interrupted, or `until` (checked above)
    char buf[4096];
    ssize_t n = read(out_, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) { // EOF: the child is done or dead
      close(out_);
      out_ = -1;
      return false;
    }
    received_.append(buf, static_cast<size_t>(n));
    return true;
  }
}

bool IsolatedRun::waitFor(
    const std::function<bool(const std::string &)> &enough,
    std::chrono::steady_clock::time_point deadline) {
  while (!enough(received_))
    if (!readSome(deadline))
      return enough(received_);
  return true;
}

IsolatedResult
IsolatedRun::finish(std::chrono::steady_clock::time_point deadline) {
  IsolatedResult r;
  auto end = deadline + kGrace;
  while (readSome(end)) {
  }
  bool killed = out_ >= 0; // not at its end by then
  if (killed)
    kill(pid_, SIGKILL);
  if (out_ >= 0)
    close(out_);
  out_ = -1;
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  if (killed) {
    r.failure = "did not end by its deadline (killed)";
  } else if (WIFSIGNALED(status)) {
    r.failure = fmt::format("crashed ({})", strsignal(WTERMSIG(status)));
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    r.failure = "failed";
  } else {
    r.output = std::move(received_);
  }
  return r;
}

IsolatedRun::~IsolatedRun() {
  if (out_ >= 0)
    close(out_);
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
}

IsolatedResult runIsolated(const std::function<std::string()> &work,
                           std::chrono::steady_clock::time_point deadline) {
  std::optional<IsolatedRun> run =
      IsolatedRun::start([&](const IsolatedRun::Send &send) { send(work()); });
  if (!run) {
    IsolatedResult r;
    r.notIsolated = true;
    r.failure = fmt::format("no child process: {}", std::strerror(errno));
    return r;
  }
  return run->finish(deadline);
}

} // namespace cosmo::solver
