//===- cosmo/summary/Analysis.h - a run of cosmo on a module -----*- C++ -*-===//
//
// What the command line runs: the engine's exploration of one entry
// function of a prepared module (see frontend), with the call strategy and
// merging the options ask for. Functions are first summarised bottom-up in
// isolation (SummaryBuilder) unless calls are inlined; then the program's
// exploration runs with the hooks that compose those summaries (replayed
// trees, composed formula summaries) and merge states. Every error and
// completed path goes to the RunListener. The verdict is `false` when an
// error was found, `true` only when every path ran to its end with no limit
// hit and nothing unsupported met, `unknown` otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_ANALYSIS_H
#define COSMO_SUMMARY_ANALYSIS_H

#include "cosmo/engine/Options.h"
#include "cosmo/engine/Results.h"
#include "cosmo/summary/Options.h"
#include "cosmo/summary/Results.h"

#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>

#include <memory>
#include <optional>

namespace cosmo::engine {
class Executor;
}

namespace cosmo::solver {
class HornAnswerShelf;
}

namespace cosmo::summary {

class Analysis {
public:
  /// `summary` is resolved here (SummaryOptions::resolve), the engine's
  /// options with it.
  Analysis(llvm::Module &module, engine::EngineOptions options,
           SummaryOptions summary, engine::RunListener &listener);
  ~Analysis();

  /// Checks that the entry exists and can be analysed, and that pointers
  /// are 32 or 64 bits wide.
  llvm::Error prepare();
  /// The entry's C prototype, after prepare(); none without debug
  /// information or when a parameter's type has no simple C name.
  std::optional<engine::EntrySignature> entrySignature() const;
  /// The module's data model (its DataLayout's pointer width).
  engine::DataModel dataModel() const;
  /// Trees are looked up on `shelf` before their isolated runs, and the
  /// ones built are left there (TreeArchive.h); it outlives run().
  void setTreeShelf(class TreeShelf *shelf) { shelf_ = shelf; }
  /// The Horn questions of loop and recursion summaries take their answers
  /// from `shelf` where it has them, and leave theirs there; it outlives
  /// run().
  void setHornShelf(solver::HornAnswerShelf *shelf) { hornShelf_ = shelf; }
  AnalysisResult run();
  /// Ask a running exploration to stop soon (e.g. on SIGINT). Safe in a
  /// signal handler.
  void interrupt();
  /// Also stop the solver query running now, and the ones after it (from a
  /// thread other than the one running; not from a signal handler).
  void interruptSolver();

private:
  SummaryOptions options_;
  std::unique_ptr<engine::Executor> executor_;
  std::unique_ptr<class ContractHooks> contracts_;
  class TreeShelf *shelf_ = nullptr;
  solver::HornAnswerShelf *hornShelf_ = nullptr;
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_ANALYSIS_H
