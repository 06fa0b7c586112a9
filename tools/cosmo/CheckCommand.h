//===- CheckCommand.h - `cosmo check` -------------------------*- C++ -*-===//
#ifndef COSMO_TOOLS_CHECKCOMMAND_H
#define COSMO_TOOLS_CHECKCOMMAND_H

#include "CliSupport.h"

#include "cosmo/engine/Options.h"
#include "cosmo/summary/Options.h"
#include "cosmo/frontend/Frontend.h"

#include <string>
#include <vector>

namespace cosmo::cli {

struct CheckOptions {
  /// .c, .i, .bc and .ll files linked into one program.
  std::vector<std::string> inputs;
  /// -p: a build directory with compile_commands.json (instead of inputs).
  std::string buildDir;
  /// Bitcode cache; empty: the default (~/.cache/cosmo), "none": no cache.
  std::string cacheDir;
  /// --store: a SQLite file, a postgresql:// URI or "none"; empty: the
  /// default (store.db in the cache directory) where the bitcode cache is
  /// used (-p, --cache-dir), none otherwise.
  std::string store;
  uint64_t storeMaxMB = 1024;
  unsigned storeLease = 30;
  std::string shard;      // --shard=K/N
  bool storeOnly = false; // `cosmo report`: every run from the store
  /// Flags for clang: -I, -D, -U, -include, -std=, then those after `--`.
  std::vector<std::string> includeDirs, defines, undefines, forcedIncludes;
  std::string cStandard;
  std::vector<std::string> extraClangFlags; // after `--`
  std::vector<std::string> stubs;           // --stubs
  bool m32 = false, m64 = false;
  /// Empty: `cosmo-out`, or the first free `cosmo-out-N` if it exists.
  std::string outDir;
  bool quiet = false;
  bool reportLatent = false; // print latent errors, not only their count
  bool verbose = false;      // print every error's inputs
  bool all = false;          // --all: every function an entry
  unsigned jobs = 0;         // --all: worker processes (0: the cores)
  std::string format = "json"; // json | sarif (report.sarif as well)
  bool svcomp = false;         // SV-COMP mode: TRUE/FALSE/UNKNOWN, witness
  /// --svcomp without --loops and with a time limit: --loops=unroll for a
  /// tenth of the time, then the default strategy up to 55 % of it, then
  /// --loops=summarize, while the answer is UNKNOWN.
  bool svcompSecondStrategy = false;
  std::string property;            // --property FILE.prp (with --svcomp)
  std::vector<std::string> checks; // overflow, shift, leak, ...
  std::string solverOpts = "all";  // --solver-opts, parsed by runCheck
  bool confirm = false;            // replay each error's test natively
  std::string emitTests;           // "", "c" or "gtest" (--entry runs)
  std::string contracts = "check"; // check | use | ignore (ACSL)
  engine::EngineOptions engine;
  summary::SummaryOptions summary;
};

int runCheck(const CheckOptions &options);

/// Where this installation keeps its headers and C library models; an
/// error when the models are missing.
llvm::Expected<frontend::FrontendOptions> installedFrontendOptions();

/// The store --store names ("" for the default of `cache`); empty when
/// none.
std::string storeSpec(const std::string &store, const std::string &cache,
                      bool cacheByDefault);

/// `cosmo store stats|clear|gc`.
int runStore(const std::string &action, const std::string &store,
             uint64_t maxMB);

/// `cosmo show DIR` and `cosmo show --coverage DIR FILE.c`.
int runShow(const std::string &dir, bool coverage, const std::string &file);

/// `cosmo show --loops FILE.c [-- clang flags]`.
int runShowLoops(const std::string &file,
                 const std::vector<std::string> &clangFlags);

} // namespace cosmo::cli

#endif
