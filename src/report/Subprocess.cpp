//===- Subprocess.cpp - fork, exec, capture, time out
//-----------------------===//

#include "cosmo/report/Subprocess.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace cosmo::report {

namespace {

constexpr std::size_t maxCapturedBytes = 8u << 20;

using Clock = std::chrono::steady_clock;

class Pipe {
public:
  Pipe() {
    if (pipe2(fds_, O_CLOEXEC) != 0)
      fds_[0] = fds_[1] = -1;
  }
  ~Pipe() {
    closeRead();
    closeWrite();
  }
  Pipe(const Pipe &) = delete;
  Pipe &operator=(const Pipe &) = delete;

  bool valid() const { return fds_[0] >= 0; }
  int readEnd() const { return fds_[0]; }
  int writeEnd() const { return fds_[1]; }
  void closeRead() { closeFd(fds_[0]); }
  void closeWrite() { closeFd(fds_[1]); }

private:
  static void closeFd(int &fd) {
    if (fd >= 0)
      close(fd);
    fd = -1;
  }
  int fds_[2];
};

// In the child: set up stdio and the environment, then exec. Reports an exec
// failure's errno through `errorPipe` (closed on a successful exec).
[[noreturn]] void execChild(const ProcessRequest &request, Pipe &outPipe,
                            Pipe &errPipe, Pipe &errorPipe) {
  setpgid(0, 0);
  int input = open(request.standardInput.empty()
                       ? "/dev/null"
                       : request.standardInput.c_str(),
                   O_RDONLY);
  if (input >= 0)
    dup2(input, STDIN_FILENO);
  dup2(outPipe.writeEnd(), STDOUT_FILENO);
  dup2(errPipe.writeEnd(), STDERR_FILENO);
  if (request.clearEnvironment)
    clearenv();
  for (const auto &[name, value] : request.environment)
    setenv(name.c_str(), value.c_str(), 1);
  int failure = 0;
  if (!request.workingDirectory.empty() &&
      chdir(request.workingDirectory.c_str()) != 0)
    failure = errno;
  if (failure == 0) {
    std::vector<char *> argv;
    for (const std::string &arg : request.argv)
      argv.push_back(const_cast<char *>(arg.c_str()));
    argv.push_back(nullptr);
    // A path is run as it is: execvp would hand a file the kernel cannot
    // execute (a 32-bit program on a kernel without 32-bit support) to the
    // shell as a script, which then "completes" with its own error.
    if (request.argv[0].find('/') != std::string::npos)
      execv(argv[0], argv.data());
    else
      execvp(argv[0], argv.data());
    failure = errno;
  }
  ssize_t ignored = write(errorPipe.writeEnd(), &failure, sizeof failure);
  (void)ignored;
  _exit(127);
}

void appendCapped(std::string &buffer, const char *data, std::size_t size) {
  if (buffer.size() < maxCapturedBytes)
    buffer.append(data, std::min(size, maxCapturedBytes - buffer.size()));
}

// Reads both pipes until they close or `deadline` passes; false on timeout.
bool drainUntil(int outFd, int errFd, std::string &out, std::string &err,
                Clock::time_point deadline) {
  pollfd fds[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
  std::string *buffers[2] = {&out, &err};
  int open = 2;
  char chunk[65536];
  while (open > 0) {
    auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - Clock::now());
    if (remaining.count() <= 0)
      return false;
    int ready = poll(fds, 2, static_cast<int>(remaining.count()));
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0)
      return ready == 0 ? false : true;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0)
        continue;
      ssize_t n = read(fds[i].fd, chunk, sizeof chunk);
      if (n > 0) {
        appendCapped(*buffers[i], chunk, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        fds[i].fd = -1;
        --open;
      }
    }
  }
  return true;
}

int waitForExit(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

// The exit status, or nothing if `pid` still runs at `deadline`.
std::optional<int> waitForExitUntil(pid_t pid, Clock::time_point deadline) {
  for (;;) {
    int status = 0;
    pid_t waited = waitpid(pid, &status, WNOHANG);
    if (waited == pid)
      return status;
    if (waited < 0 && errno != EINTR)
      return 0;
    if (Clock::now() >= deadline)
      return std::nullopt;
    usleep(10000);
  }
}

} // namespace

ProcessResult runProcess(const ProcessRequest &request) {
  ProcessResult result;
  Clock::time_point start = Clock::now();
  if (request.argv.empty()) {
    result.err = "empty command";
    return result;
  }
  Pipe outPipe, errPipe, errorPipe;
  if (!outPipe.valid() || !errPipe.valid() || !errorPipe.valid()) {
    result.err = fmt::format("pipe: {}", std::strerror(errno));
    return result;
  }
  pid_t pid = fork();
  if (pid < 0) {
    result.err = fmt::format("fork: {}", std::strerror(errno));
    return result;
  }
  if (pid == 0)
    execChild(request, outPipe, errPipe, errorPipe);

  setpgid(pid, pid); // also in the child: whichever runs first wins the race
  outPipe.closeWrite();
  errPipe.closeWrite();
  errorPipe.closeWrite();

  int execErrno = 0;
  if (read(errorPipe.readEnd(), &execErrno, sizeof execErrno) ==
      static_cast<ssize_t>(sizeof execErrno)) {
    waitForExit(pid);
    result.err = fmt::format("cannot run '{}': {}", request.argv[0],
                             std::strerror(execErrno));
    return result;
  }

  Clock::time_point deadline = start + request.timeout;
  bool finished = drainUntil(outPipe.readEnd(), errPipe.readEnd(), result.out,
                             result.err, deadline);
  std::optional<int> exitStatus;
  if (finished)
    exitStatus = waitForExitUntil(pid, deadline);
  if (!exitStatus) {
    finished = false;
    kill(-pid, SIGKILL);
    // Collect what the killed group left in the pipes, briefly.
    drainUntil(outPipe.readEnd(), errPipe.readEnd(), result.out, result.err,
               Clock::now() + std::chrono::seconds(1));
  }
  int status = exitStatus ? *exitStatus : waitForExit(pid);
  result.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      Clock::now() - start);
  if (!finished) {
    result.ending = ProcessResult::Ending::TimedOut;
  } else if (WIFSIGNALED(status)) {
    result.ending = ProcessResult::Ending::Signaled;
    result.signal = WTERMSIG(status);
  } else {
    result.ending = ProcessResult::Ending::Exited;
    result.exitCode = WEXITSTATUS(status);
  }
  return result;
}

std::string describeEnding(const ProcessResult &result) {
  switch (result.ending) {
  case ProcessResult::Ending::Exited:
    return fmt::format("exited with code {}", result.exitCode);
  case ProcessResult::Ending::Signaled:
    return fmt::format("killed by signal {} ({})", result.signal,
                       strsignal(result.signal));
  case ProcessResult::Ending::TimedOut:
    return fmt::format(
        "timed out after {} s and was killed",
        std::chrono::duration_cast<std::chrono::seconds>(result.elapsed)
            .count());
  case ProcessResult::Ending::FailedToStart:
    return "failed to start: " + result.err;
  }
  return "?";
}

std::string commandLine(const std::vector<std::string> &argv) {
  std::string line;
  for (const std::string &arg : argv) {
    if (!line.empty())
      line += ' ';
    bool plain =
        !arg.empty() && arg.find_first_of(" \t\n'\"\\$`") == std::string::npos;
    line += plain ? arg : "'" + arg + "'";
  }
  return line;
}

} // namespace cosmo::report
