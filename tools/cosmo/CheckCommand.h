//===- CheckCommand.h - `cosmo check` -------------------------*- C++ -*-===//
#ifndef COSMO_TOOLS_CHECKCOMMAND_H
#define COSMO_TOOLS_CHECKCOMMAND_H

#include "CliSupport.h"

#include "cosmo/engine/Options.h"

#include <string>
#include <vector>

namespace cosmo::cli {

struct CheckOptions {
  std::string input;
  std::string outDir = "cosmo-out";
  bool quiet = false;
  std::vector<std::string> checks; // overflow, shift
  std::string solverOpts = "all";  // --solver-opts, parsed by runCheck
  bool confirm = false;            // replay each error's test natively
  engine::EngineOptions engine;
};

int runCheck(const CheckOptions &options);

} // namespace cosmo::cli

#endif
