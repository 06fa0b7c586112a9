//===- cosmo/driver/CheckSession.h - one check of a program -----*- C++ -*-===//
//
// What `cosmo check` does, as a library and without a terminal: load the
// program (files, or a build's compile_commands.json), run the analysis of
// its entry and the isolated run that verifies each ACSL contract once
// (seed 003), replay each error natively, and write the output directory,
// the unit tests of an --entry function and SV-COMP's witnesses. The
// command line parses options into CheckOptions and prints a CheckResult;
// a caller that checks many functions creates one session per check.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DRIVER_CHECKSESSION_H
#define COSMO_DRIVER_CHECKSESSION_H

#include "cosmo/driver/SvcompProperty.h"
#include "cosmo/engine/Options.h"
#include "cosmo/summary/Options.h"
#include "cosmo/engine/Results.h"
#include "cosmo/summary/Results.h"
#include "cosmo/frontend/Frontend.h"
#include "cosmo/report/Replay.h"
#include "cosmo/report/Report.h"

#include <llvm/Support/Error.h>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::summary {
class Analysis;
}

namespace cosmo::driver {

/// What is done with the program's ACSL annotations.
enum class ContractMode {
  Check,  // verify each contract in a run of its own, use it at calls
  Use,    // use contracts at calls without verifying them
  Ignore, // annotations are comments
};

struct CheckOptions {
  /// .c, .i, .bc and .ll files linked into one program.
  std::vector<std::string> inputs;
  /// A build directory with compile_commands.json (instead of inputs).
  std::string buildDir;
  /// Bitcode cache; empty: the default (~/.cache/cosmo) when buildDir is
  /// given, none otherwise; "none": no cache.
  std::string cacheDir;
  /// Where cosmo's headers and C library models are (clangFlags, entry and
  /// annotations are set from the fields below).
  frontend::FrontendOptions installation;
  /// Flags for clang (-I, -D, -std=, ...).
  std::vector<std::string> clangFlags;
  /// Files whose definitions replace the program's (models of externals).
  std::vector<std::string> stubs;
  /// The data model asked for: -m32 (ILP32) or -m64 (LP64); both false:
  /// clang's default.
  bool m32 = false, m64 = false;
  /// Empty: `cosmo-out`, or the first free `cosmo-out-N` if it exists.
  std::string outDir;
  bool sarif = false;  // report.sarif as well
  bool svcomp = false; // SV-COMP's answer; witness.yml
  /// --svcomp's property (--property; reachability of reach_error when
  /// none is given).
  SvcompProperty property;
  /// Runtime checks: overflow, shift, float-cast (engine and native runs).
  std::vector<std::string> checks;
  /// Replay each error's test natively; needs `toolchain`.
  bool confirm = false;
  /// "c" or "gtest": unit tests of the --entry function; needs `toolchain`.
  std::string emitTests;
  /// The native compiler and runtime (for confirm and emitTests).
  std::optional<report::NativeToolchain> toolchain;
  ContractMode contracts = ContractMode::Check;
  /// The persistent store of runs (issue 45): a SQLite file or a
  /// postgresql:// URI; empty: none. Runs found there are not explored
  /// again; the others are kept there.
  std::string store;
  /// The store's size bound: the least recently used entries beyond it go.
  uint64_t storeMaxMB = 1024;
  /// Only what the store has: a run it lacks is an error, not explored
  /// (`cosmo report` assembling sharded runs).
  bool storeOnly = false;
  /// How long another worker waits for a run this one computes before it
  /// takes the run over: this worker renews its lease three times as often
  /// while it lives.
  unsigned leaseSeconds = 30;
  /// Resolved together (SummaryOptions::resolve) before the session
  /// starts.
  engine::EngineOptions engine;
  summary::SummaryOptions summary;
};

/// Told what each run finds while it runs (besides the output directory),
/// and when it ends: a progress display.
class CheckObserver : public engine::RunListener {
public:
  void onError(const engine::ErrorReport &) override {}
  void onCompletedPath(const engine::TestVector &) override {}
  /// After each run (the entry's, then each contract's).
  virtual void onRunFinished() {}
};

struct CheckResult {
  /// The program's verdict, errors and statistics: its entry's run and its
  /// contracts' runs together.
  summary::AnalysisResult summary;
  /// --confirm: one per error of `summary`, in its order.
  std::vector<report::ReplayResult> replays;
  report::RunInfo info;
  std::string outDir;
  /// --emit-tests: the line that says where the unit tests are (and which
  /// paths are not one), or why none could be written.
  std::string unitTests, unitTestsError;
  /// --svcomp: TRUE, FALSE or UNKNOWN, and the witness written (its path,
  /// or why it could not be).
  std::string svcompAnswer, witnessPath, witnessError;
  /// Why the violation found is not the answer (its native run completed
  /// without it): the answer is then UNKNOWN.
  std::string svcompWithdrawn;
};

/// A program compiled and linked once, checked from several entries
/// (ProjectCheck). Opaque: its LLVM context and module.
struct LoadedProgram;
class ListenerSlot;
class StoreClient;

class CheckSession {
public:
  explicit CheckSession(CheckOptions options,
                        CheckObserver *observer = nullptr);
  /// A check of `program` (loaded by `load` with the same options but the
  /// entry, which may be any function it defines).
  CheckSession(CheckOptions options, std::shared_ptr<LoadedProgram> program,
               CheckObserver *observer = nullptr);

  /// Compiles and links the program of `options`: every unit of a build
  /// when `everyUnit`, else those its entry needs.
  static llvm::Expected<std::shared_ptr<LoadedProgram>>
  load(const CheckOptions &options, bool everyUnit = false);
  /// What was loaded: the module, the inputs linked and left out.
  static const frontend::Program &programOf(const LoadedProgram &program);
  ~CheckSession();
  CheckSession(const CheckSession &) = delete;
  CheckSession &operator=(const CheckSession &) = delete;

  /// Runs the check. An error for input that cannot be analysed (a file
  /// that does not compile, an unknown entry, an option that does not fit
  /// the program) or an output directory that cannot be written; a run cut
  /// by a limit or by interrupt() is a result (its verdict unknown).
  llvm::Expected<CheckResult> run();

  /// Asks the running analysis to stop soon, and the ones after it not to
  /// start exploring. False when no analysis runs (still loading, or
  /// replaying natively). Safe in a signal handler.
  bool interrupt();

private:
  summary::AnalysisResult analyse(summary::Analysis &analysis);
  /// `analysis`'s run, from the store when it has it; `slot` is the
  /// listener `analysis` was made with.
  llvm::Expected<summary::AnalysisResult>
  runOrReuse(summary::Analysis &analysis, const engine::EngineOptions &options,
             ListenerSlot &slot);

  CheckOptions opts_;
  std::shared_ptr<LoadedProgram> program_;
  std::unique_ptr<StoreClient> store_;
  CheckObserver *observer_;
  std::atomic<summary::Analysis *> running_{nullptr};
  std::atomic<bool> interrupted_{false};
};

} // namespace cosmo::driver

#endif // COSMO_DRIVER_CHECKSESSION_H
