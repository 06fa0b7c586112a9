//===- cosmo/report/Replay.h - confirm a test natively ----------*- C++ -*-===//
//
// Native replay: the program is compiled once against the replay runtime
// with sanitizers (NativeBuild.h), then run on the inputs of each test vector
// (TestVectorFile.h); what the native run did (NativeOutcome.h) is compared
// with what the vector recorded. A test is
//   confirmed       the native run hit the recorded error kind at the
//                   recorded line, or completed when the vector completed;
//   not reproduced  it did something else (another error, none, no end
//                   within the time limit, an unrecognised crash);
//   not replayable  it cannot be run natively (an --entry run, a program
//                   given as LLVM IR, a program that does not build).
// Nothing here prints; `cosmo replay` and `cosmo check --confirm` do.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_REPLAY_H
#define COSMO_REPORT_REPLAY_H

#include "cosmo/engine/Results.h"
#include "cosmo/report/EntryHarness.h"
#include "cosmo/report/NativeBuild.h"
#include "cosmo/report/Subprocess.h"

#include <llvm/Support/Error.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::report {

enum class ReplayStatus { Confirmed, NotReproduced, NotReplayable };

/// "confirmed", "not reproduced", "not replayable" (report.json's "replay")
const char *replayStatusName(ReplayStatus status);

struct ReplayResult {
  ReplayStatus status = ReplayStatus::NotReplayable;
  /// One line: "div-by-zero at prog.c:14", "completed as recorded",
  /// "expected div-by-zero at line 14, the native run completed", ...
  std::string detail;
  /// Not reproduced, and the native run ended normally, with no error:
  /// what the vector recorded contradicts it (a timeout, a crash or
  /// another error leave it false).
  bool completedNatively = false;
};

/// The result on one line: "confirmed: div-by-zero at prog.c:14",
/// "completed as recorded", "not reproduced: expected ...".
std::string describe(const ReplayResult &result);

struct ReplayOptions {
  NativeToolchain toolchain;
  std::vector<std::string> checks; // values of --check (NativeBuild.h)
  std::chrono::milliseconds timeout{std::chrono::seconds(10)}; // per run
  /// The program's other units and flags (several inputs, -p, -D ...).
  NativeSources sources = {};
  /// The data model the tests were made for: the native build's target.
  engine::DataModel dataModel = engine::DataModel::LP64;
};

/// Why the tests of a run of `entry` on `program` (as given to `cosmo
/// check`) cannot be replayed natively; nothing if they can.
std::optional<std::string>
whyNotReplayable(const std::string &program, const std::string &entry,
                 const std::optional<engine::EntrySignature> &signature);

/// How the tests of a run of `entry` are called natively: through a harness
/// unless `entry` is main.
std::optional<EntryCall>
entryCallFor(const std::string &entry,
             const std::optional<engine::EntrySignature> &signature);

/// Compares a native run on `recorded`'s inputs with what it recorded.
/// `programFileName` is the base name of the program's source file.
ReplayResult judgeReplay(const engine::TestVector &recorded,
                         const ProcessResult &run,
                         const std::string &programFileName,
                         std::chrono::milliseconds timeout);

/// One native run of a test, with what it leaves behind.
struct ReplayRun {
  ReplayResult result;
  std::filesystem::path replayFile;
  /// The harness's input file (COSMO_HARNESS_FILE) of an --entry test.
  std::filesystem::path harnessFile;
  ProcessResult process;
};

/// A program built natively, ready to replay tests.
class NativeReplayer {
public:
  /// Builds `program` (a .c or .i file) in `workDir`; a NativeBuildError
  /// when it does not build.
  ///
  /// With `call` (the tests of an --entry run), builds the harness that
  /// calls the entry instead (EntryHarness.h).
  static llvm::Expected<NativeReplayer>
  build(const std::filesystem::path &program, ReplayOptions options,
        const std::filesystem::path &workDir,
        std::optional<EntryCall> call = std::nullopt);

  /// A replayer for `executable`, which build() made earlier for the same
  /// program, options and call (elsewhere: a cache of builds); it writes
  /// its replay and harness files to `workDir`.
  static NativeReplayer prebuilt(const std::filesystem::path &program,
                                 ReplayOptions options,
                                 const std::filesystem::path &workDir,
                                 const std::filesystem::path &executable,
                                 std::optional<EntryCall> call = std::nullopt) {
    return NativeReplayer(program, std::move(options), workDir, executable,
                          std::move(call));
  }

  /// Runs the program on `test`'s inputs, written to `<name>.replay` in the
  /// work directory.
  ReplayRun replay(const engine::TestVector &test,
                   const std::string &name) const;
  /// Runs the program on `test`'s inputs with `environment` added; the
  /// result is not judged. Fails when the inputs cannot be written.
  llvm::Expected<ProcessResult>
  run(const engine::TestVector &test, const std::string &name,
      const std::vector<std::pair<std::string, std::string>> &environment =
          {}) const;

  const std::filesystem::path &executable() const { return executable_; }

private:
  NativeReplayer(std::filesystem::path program, ReplayOptions options,
                 std::filesystem::path workDir,
                 std::filesystem::path executable,
                 std::optional<EntryCall> call)
      : program_(std::move(program)), options_(std::move(options)),
        workDir_(std::move(workDir)), executable_(std::move(executable)),
        call_(std::move(call)) {}

  std::filesystem::path program_;
  ReplayOptions options_;
  std::filesystem::path workDir_;
  std::filesystem::path executable_;
  std::optional<EntryCall> call_;
};

/// `cosmo check --confirm`: builds `program` once in `workDir` and replays
/// the test of each error; one result per error, in order. Errors that
/// cannot be replayed (whyNotReplayable, a failed build) are results too.
std::vector<ReplayResult>
confirmErrors(const std::vector<engine::ErrorReport> &errors,
              const std::string &program, const std::string &entry,
              const std::optional<engine::EntrySignature> &signature,
              const ReplayOptions &options,
              const std::filesystem::path &workDir);

} // namespace cosmo::report

#endif // COSMO_REPORT_REPLAY_H
