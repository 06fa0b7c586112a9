//===- Process.cpp - running a command with a time limit ------------------===//
#include "Process.h"

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace cosmo::differential {

ProcessResult runProcess(const std::vector<std::string> &argv,
                         double timeoutSeconds, bool mergeStderr) {
  ProcessResult r;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0)
    return r;
  auto begin = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return r;
  }
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    int err = mergeStderr ? fds[1] : open("/dev/null", O_WRONLY);
    dup2(err, STDERR_FILENO);
    std::vector<char *> args;
    for (const std::string &a : argv)
      args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  r.started = true;
  close(fds[1]);
  auto deadline = begin + std::chrono::duration<double>(timeoutSeconds);
  char buffer[65536];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - std::chrono::steady_clock::now())
                    .count();
    if (left <= 0) {
      r.timedOut = true;
      kill(pid, SIGKILL);
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left)) <= 0)
      continue;
    ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n <= 0)
      break;
    r.output.append(buffer, static_cast<size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status))
    r.exitCode = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    r.signal = WTERMSIG(status);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            begin)
                  .count();
  return r;
}

} // namespace cosmo::differential
