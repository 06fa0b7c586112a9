//===- cosmo/report/TestVectorFile.h - vectors back from disk ---*- C++ -*-===//
//
// Reads a test vector that `cosmo check` wrote (tests/test-NNNNNN.json,
// docs/output-format.md) back into the engine's TestVector, checking every
// field a replay relies on; and writes the replay file runtime/replay.c reads
// (COSMO_REPLAY_FILE): one `<source> <size> <hex>` line per `nondet` and
// `symbolic` input, in the vector's order.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_TESTVECTORFILE_H
#define COSMO_REPORT_TESTVECTORFILE_H

#include "cosmo/engine/Results.h"
#include "cosmo/report/ErrorSite.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Error.h>

#include <optional>
#include <string>

namespace cosmo::report {

/// A test vector as recorded, with the run it came from.
struct RecordedTest {
  std::string file;    // where it was read from
  std::string program; // "program": the file `cosmo check` was given
  std::string entry;   // "entry": the analysed function
  /// "data_model": what a native replay compiles for (LP64 when absent).
  engine::DataModel dataModel = engine::DataModel::LP64;
  /// "signature": the entry's C prototype (--entry runs).
  std::optional<engine::EntrySignature> signature;
  /// "build": the program's C units and clang flags, as the run had them
  /// (absolute paths; empty in vectors of older versions).
  std::vector<std::string> buildFiles, buildFlags;
  engine::TestVector test;
};

/// Errors name the file and the offending field, on one line.
llvm::Expected<RecordedTest> readTestVector(const std::string &path);
/// The same from text; `name` stands for the file in errors.
llvm::Expected<RecordedTest> parseTestVector(llvm::StringRef text,
                                             const std::string &name);

/// The error a vector recorded; nothing for a completed path.
std::optional<ErrorSite> recordedError(const engine::TestVector &test);
/// The lines of the calls that led to it, innermost first.
std::vector<int> recordedCallerLines(const engine::TestVector &test);

/// Whether an input is served by the replay runtime (nondet, symbolic).
bool isReplayedInput(const engine::TestInput &input);
/// Whether an input is main's environment (argc, argv, stdin, file, env),
/// which a native run gets as its process's.
bool isEnvironmentInput(const engine::TestInput &input);

std::string replayFileText(const engine::TestVector &test);

/// What a vector gives main's process (inputs of sources argc, argv,
/// stdin, file, env: --sym-arg, --sym-stdin, --sym-files, --sym-env).
struct ProcessEnvironment {
  std::vector<std::string> arguments; ///< argv[1] ..., each up to its NUL
  std::optional<std::string> standardInput;
  /// name -> bytes; files and variables
  std::vector<std::pair<std::string, std::string>> files, variables;

  bool empty() const {
    return arguments.empty() && !standardInput && files.empty() &&
           variables.empty();
  }
  /// A text that differs when the environment does (for keys of runs).
  std::string text() const;
};
ProcessEnvironment processEnvironmentOf(const engine::TestVector &test);
llvm::Error writeReplayFile(const engine::TestVector &test,
                            const std::string &path);

} // namespace cosmo::report

#endif // COSMO_REPORT_TESTVECTORFILE_H
