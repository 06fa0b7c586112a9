//===- cosmo/report/Subprocess.h - run a command, capture output -*- C++
//-*-===//
//
// Runs a command in a process group of its own with stdin from /dev/null and
// a wall-clock limit (on timeout the whole group is killed), and captures its
// stdout and stderr (the first 8 MiB of each). Native replay builds and runs
// programs with it; nothing here prints.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_SUBPROCESS_H
#define COSMO_REPORT_SUBPROCESS_H

#include <chrono>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace cosmo::report {

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
  std::vector<std::string> argv; // argv[0] is looked up on PATH
  /// Added to (or replacing entries of) this process's environment.
  std::vector<std::pair<std::string, std::string>> environment;
  std::chrono::milliseconds timeout{60000};
  std::filesystem::path workingDirectory; // empty: the current one
  std::filesystem::path standardInput;    // empty: /dev/null
  /// Start from an empty environment (only `environment`'s variables).
  bool clearEnvironment = false;
};

ProcessResult runProcess(const ProcessRequest &request);

/// "exited with code 1", "killed by signal 8 (Floating point exception)",
/// "timed out after 10 s and was killed", "failed to start: ..."
std::string describeEnding(const ProcessResult &result);

/// The command line, quoted for a shell where needed, for messages.
std::string commandLine(const std::vector<std::string> &argv);

} // namespace cosmo::report

#endif // COSMO_REPORT_SUBPROCESS_H
