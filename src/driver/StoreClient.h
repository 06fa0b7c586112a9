//===- StoreClient.h - a check's runs, looked up and kept -------*- C++ -*-===//
//
// How a check uses the persistent store (DESIGN.md "summary"; issue 45):
// each analysis run (an entry's, a contract's) is keyed by its entry
// function's key (frontend::FunctionKeys: its IR, its callees and the
// globals it reads), the semantic options, cosmo's build and the store's
// format. A hit replays the stored run into the output directory and
// returns its result, without exploring; a miss takes the key's lease (so
// that another worker on the same store waits instead of computing it
// too), explores, and keeps the run (see RunCut for runs cut short).
//
// The layout of objects in the engine's address space is not in the key:
// C leaves addresses unspecified, the engine's layout is one of many, and
// a reused run is the analysis under the layout of the run that made it.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DRIVER_STORECLIENT_H
#define COSMO_DRIVER_STORECLIENT_H

#include "cosmo/driver/CheckSession.h"
#include "cosmo/frontend/FunctionKeys.h"
#include "cosmo/solver/Horn.h"
#include "cosmo/store/Store.h"
#include "cosmo/summary/TreeArchive.h"

#include <functional>

namespace cosmo::driver {

class StoreClient {
public:
  /// `program` names the program in the store's records of keys (so that
  /// a miss can say what changed since the last run of it).
  StoreClient(std::unique_ptr<store::Store> store,
              const frontend::FunctionKeys &keys, std::string program,
              const CheckOptions &options);

  /// The run of `options.entry` (a function `m` defines): from the store,
  /// or by `explore`, whose listener records it; none when the store lacks
  /// it and `explore` is empty.
  std::optional<summary::AnalysisResult>
  run(const llvm::Module &m, const engine::EngineOptions &options,
      engine::RunListener &listener,
      const std::function<summary::AnalysisResult(engine::RunListener &)>
          &explore);

  /// Where a run under `options` finds its callees' memoization trees and
  /// keeps those it builds (seed 002's trees across runs): keyed like
  /// runs, by each callee's key and the options, but for the entry (the
  /// runs of other entries share them).
  std::unique_ptr<summary::TreeShelf>
  treeShelf(const engine::EngineOptions &options);

  /// Where the Horn questions of loop and recursion summaries find their
  /// answers and keep theirs: keyed by the question alone (and cosmo's
  /// build), so that any run of any program asking it again reuses it.
  std::unique_ptr<solver::HornAnswerShelf> hornShelf();

  /// After the check's runs: keeps the store within `maxBytes` when this
  /// check added to it; what the check reused and rebuilt, for the report.
  report::StoreUse finish(uint64_t maxBytes);

private:
  std::unique_ptr<store::Store> store_;
  const frontend::FunctionKeys &keys_;
  std::string program_;
  CheckOptions check_;
  std::chrono::seconds leaseTime_;
  report::StoreUse use_;
};

/// A hash of what every run's result depends on besides its entry's key:
/// the options that change what a run finds (not its time or memory
/// limits: a run they cut is kept under a key of its own that adds them,
/// RunCut), cosmo's build and the module's data layout.
std::string semanticOptionsHash(const CheckOptions &check,
                                const engine::EngineOptions &engine,
                                const std::string &moduleHash);

/// What cut a run short besides its own bounds: a run a limit of time or
/// memory cut is kept for runs under the same limits (what it found in
/// that time is what such a run finds, give or take the machine's speed);
/// an interrupted one is not kept.
enum class RunCut { None, Limit, Interrupt };
RunCut cutOf(const summary::AnalysisResult &result);

} // namespace cosmo::driver

#endif // COSMO_DRIVER_STORECLIENT_H
