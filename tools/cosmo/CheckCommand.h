//===- CheckCommand.h - `cosmo check` -------------------------*- C++ -*-===//
#ifndef COSMO_TOOLS_CHECKCOMMAND_H
#define COSMO_TOOLS_CHECKCOMMAND_H

#include "cosmo/engine/Options.h"

#include <string>
#include <vector>

namespace cosmo::cli {

/// Exit codes of the `cosmo` command.
enum ExitCode : int {
  kExitTrue = 0,
  kExitFalse = 1,
  kExitUsage = 2,
  kExitUnknown = 3,
};

struct CheckOptions {
  std::string input;
  std::string outDir = "cosmo-out";
  bool quiet = false;
  std::vector<std::string> checks; // overflow, shift
  std::string solverOpts = "all";  // --solver-opts, parsed by runCheck
  engine::EngineOptions engine;
};

int runCheck(const CheckOptions &options);

} // namespace cosmo::cli

#endif
