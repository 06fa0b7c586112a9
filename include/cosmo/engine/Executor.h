//===- cosmo/engine/Executor.h - symbolic execution of a module -*- C++ -*-===//
//
// Explores the paths of one entry function of a prepared module (see
// frontend), forking at every branch whose condition can go both ways,
// checking for errors where they can occur, and handing every error and
// completed path to a RunListener. The verdict is `false` when an error was
// found, `true` only when every path ran to its end with no limit hit and
// nothing unsupported met, `unknown` otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_EXECUTOR_H
#define COSMO_ENGINE_EXECUTOR_H

#include "cosmo/engine/Options.h"
#include "cosmo/engine/Results.h"

#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>

#include <memory>
#include <optional>

namespace cosmo::engine {

class ExecutorImpl;

class Executor {
public:
  Executor(llvm::Module &module, EngineOptions options, RunListener &listener);
  ~Executor();

  /// Checks that the entry exists and can be analysed, and that pointers
  /// are 32 or 64 bits wide.
  llvm::Error prepare();
  /// The entry's C prototype, after prepare(); none without debug
  /// information or when a parameter's type has no simple C name.
  std::optional<EntrySignature> entrySignature() const;
  /// The module's data model (its DataLayout's pointer width).
  DataModel dataModel() const;
  RunSummary run();
  /// Ask a running exploration to stop soon (e.g. on SIGINT). Safe in a
  /// signal handler.
  void interrupt();
  /// Also stop the solver query running now, and the ones after it (from a
  /// thread other than the one running; not from a signal handler).
  void interruptSolver();

private:
  std::unique_ptr<ExecutorImpl> impl_;
};

/// Functions `m` calls but does not define and the engine does not
/// implement, by name.
std::vector<ExternalFunction> externalFunctionsOf(const llvm::Module &m);

} // namespace cosmo::engine

#endif // COSMO_ENGINE_EXECUTOR_H
