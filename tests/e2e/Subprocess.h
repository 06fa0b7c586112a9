// Subprocess: runs a command with a wall-clock limit and captures its output.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace cosmo::e2e {

struct ProcessResult {
  enum class Ending { Exited, Signaled, TimedOut, FailedToStart };

  Ending ending = Ending::FailedToStart;
  int exitCode = -1; // Exited
  int signal = 0;    // Signaled
  std::string out;   // stdout
  std::string err;   // stderr (or why it failed to start)
  std::chrono::milliseconds elapsed{0};
};

struct ProcessRequest {
  std::vector<std::string> argv;
  // Added to (or replacing entries of) this process's environment.
  std::vector<std::pair<std::string, std::string>> environment;
  std::chrono::seconds timeout{60};
  std::filesystem::path workingDirectory; // empty: the current one
};

// Runs the command in a process group of its own with stdin from /dev/null;
// on timeout the whole group is killed. Each stream keeps its first 8 MiB.
ProcessResult runProcess(const ProcessRequest &request);

// "exited with code 1", "killed by signal 8 (Floating point exception)",
// "timed out after 10 s", "failed to start: ..."
std::string describeEnding(const ProcessResult &result);

// The command line, for messages.
std::string commandLine(const std::vector<std::string> &argv);

} // namespace cosmo::e2e
