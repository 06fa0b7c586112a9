//===- ReplayCommand.h - `cosmo replay` -----------------------*- C++ -*-===//
#ifndef COSMO_TOOLS_REPLAYCOMMAND_H
#define COSMO_TOOLS_REPLAYCOMMAND_H

#include <string>
#include <vector>

namespace cosmo::cli {

struct ReplayCommandOptions {
  std::string vector;              // tests/test-NNNNNN.json
  std::string program;             // the program's C source (main unit);
                                   // empty: the vector's recorded files
  std::vector<std::string> otherFiles; // its other C units
  std::vector<std::string> clangFlags; // -I/-D/-U/... and after `--`
  bool flagsGiven = false; // else the vector's recorded flags
  std::vector<std::string> checks; // overflow, shift
  double timeoutSeconds = 10;      // for the native run
  bool keep = false;               // keep the work directory
};

/// Replays one test vector natively and prints one line on what happened.
/// Exit code 0 when the run matches the vector, 1 when it does not, 2 for
/// bad input (no vector, a vector of another program, a build failure).
int runReplay(const ReplayCommandOptions &options);

} // namespace cosmo::cli

#endif
