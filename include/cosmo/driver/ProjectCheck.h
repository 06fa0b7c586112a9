//===- cosmo/driver/ProjectCheck.h - every function of a program -*- C++ -*-===//
//
// `cosmo check --all` (issue 44): every function with external linkage is
// an entry with shaped inputs (engine::InputShapes::Shaped), checked in a
// run of its own in a worker process (-j N of them at once), in the call
// graph's bottom-up order; its output directory is OUT/functions/F. The
// program is compiled and linked once, before the workers fork. The
// project's report joins the runs (report/ProjectReport.h): an error that
// is latent in a callee and that a caller's run reaches with its own
// inputs is reported from that caller, with the trace into the callee.
// With a store (issue 45), each function's run is reused when its key is
// unchanged; workers on many machines share it through --shard.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DRIVER_PROJECTCHECK_H
#define COSMO_DRIVER_PROJECTCHECK_H

#include "cosmo/driver/CheckSession.h"
#include "cosmo/report/ProjectReport.h"

#include <functional>

namespace cosmo::driver {

struct ProjectOptions {
  /// Each function's check (its entry and output directory are set per
  /// function; outDir is the project's).
  CheckOptions check;
  /// Worker processes at once; 0: the machine's cores.
  unsigned jobs = 0;
  /// Seconds each function's run may take when check.engine has no
  /// --timeout (a run that cannot end must not hold up the project).
  double functionTimeout = 30;
  /// `--shard=K/N` (with a store shared by the shards' workers): this
  /// worker starts with the K-th of N slices of the functions (0-based
  /// `shard`), then takes the others' functions no worker has computed
  /// (waiting for those another worker holds, taking over a dead
  /// worker's), so that its report covers every function.
  unsigned shard = 0, shards = 1;
};

/// The functions `--all` checks in `m`: defined, with external linkage, the
/// program's own (not cosmo's models or instrumentation); callees first.
std::vector<const llvm::Function *> projectEntries(const llvm::Module &m);

class ProjectCheck {
public:
  explicit ProjectCheck(ProjectOptions options) : opts_(std::move(options)) {}
  /// After each function's run, with how many are done of how many.
  std::function<void(const report::FunctionRun &, size_t done, size_t total)>
      onFunctionDone;
  /// An error when the program cannot be loaded or has no function to
  /// check, or the output cannot be written; a function whose run fails is
  /// listed with its failure.
  llvm::Expected<report::ProjectResult> run();

private:
  ProjectOptions opts_;
};

} // namespace cosmo::driver

#endif // COSMO_DRIVER_PROJECTCHECK_H
