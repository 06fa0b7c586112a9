//===- cosmo/report/NativeBuild.h - build and run natively ------*- C++ -*-===//
//
// A C program compiled natively against the replay runtime (runtime/replay.c)
// with sanitizers, and run on one replay file (TestVectorFile.h):
//
//   clang -g -O0 -no-pie -fsanitize=address,undefined
//         -fno-sanitize-recover=all -fno-sanitize=alignment,pointer-overflow
//         [-fno-sanitize=signed-integer-overflow] [-fno-sanitize=shift]
//         -w [-m32] ...
//
// Alignment and pointer arithmetic are not checked because cosmo does not
// check them: a native run must fault where cosmo's path does, not earlier
// (`&p->f` with p null is an error at the access, not at the `&`).
//
// A program analysed as ILP32 (compiled with -m32) is built with -m32, the
// replay runtime too, so that the vector's values (pointer-sized and
// `long` inputs of 4 bytes, offsets in 32-bit layouts) mean the same
// natively.
//
// The program gets -finstrument-functions (so the runtime sees calls to a
// reach_error() it defines); the runtime does not. Signed overflow and shift
// checks stay on only when asked for (`--check=overflow`, `--check=shift`),
// since cosmo reports them only then. The toolchain's paths are the caller's
// business (the CLI fills them from its build and the environment).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_NATIVEBUILD_H
#define COSMO_REPORT_NATIVEBUILD_H

#include "cosmo/engine/Results.h"
#include "cosmo/report/Subprocess.h"
#include "cosmo/report/TestVectorFile.h"

#include <llvm/Support/Error.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace cosmo::report {

/// How the program compiles besides its main file: flags of the run for
/// every unit (-I, -D, -m32, what followed `--`), the main file's own flags
/// and directory (from compile_commands.json), and the program's other C
/// units, each compiled on its own with its flags in its directory.
struct NativeSources {
  std::vector<std::string> flags;
  std::vector<std::string> mainFlags;
  std::string mainDirectory;
  struct Unit {
    std::string path;
    std::vector<std::string> flags;
    std::string directory;
  };
  std::vector<Unit> others;
};

/// `flags` with the paths of -I, -isystem, -iquote, -idirafter, -include and
/// -imacros made absolute against `directory` (unchanged when it is empty).
std::vector<std::string> flagsWithAbsolutePaths(std::vector<std::string> flags,
                                                const std::string &directory);

struct NativeToolchain {
  std::string clang;         // clang-14: a path, or a name looked up on PATH
  std::string includeDir;    // cosmo's include/ (cosmo.h, klee/klee.h)
  std::string replayRuntime; // runtime/replay.c
  std::string symbolizer;    // llvm-symbolizer, for ASan and the runtime
  /// A directory keeping the compiled runtime by what built it (its
  /// command, its source's text, the compiler's identity), so that builds
  /// with the same flags compile it once; empty: compiled into each
  /// build's directory.
  std::string runtimeCache;
};

/// The flags shared by the program and the runtime. `checks` are the values
/// of `--check` ("overflow", "shift", or comma lists of them).
std::vector<std::string>
nativeSanitizerFlags(const std::vector<std::string> &checks);

/// The target flags for a data model: -m32 for ILP32, none for LP64.
std::vector<std::string> nativeDataModelFlags(engine::DataModel model);

/// A failed native build: the command, the compiler's whole output, and its
/// first error line (what a one-line message shows).
class NativeBuildError : public llvm::ErrorInfo<NativeBuildError> {
public:
  static char ID;
  NativeBuildError(std::string what, std::string command, std::string output,
                   std::string firstErrorLine);

  /// "cannot build prog.c natively: prog.c:3:10: error: ..."
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

  const std::string &command() const { return command_; }
  const std::string &output() const { return output_; }
  const std::string &firstErrorLine() const { return firstErrorLine_; }

private:
  std::string what_; // "prog.c", "the replay runtime ..."
  std::string command_;
  std::string output_;
  std::string firstErrorLine_;
};

/// The line of a compiler's output that says best what went wrong: the first
/// diagnostic error, else the first undefined or duplicate symbol of the
/// linker, else the first line mentioning an error, else the first line.
std::string firstErrorLine(const std::string &compilerOutput);

/// Builds `program` (with `sources`: the other units and their flags) into
/// `workDir` for `dataModel` and returns the executable, or a
/// NativeBuildError.
llvm::Expected<std::filesystem::path>
buildNativeProgram(const NativeToolchain &toolchain,
                   const std::filesystem::path &program,
                   const std::vector<std::string> &checks,
                   const std::filesystem::path &workDir,
                   const NativeSources &sources = {},
                   engine::DataModel dataModel = engine::DataModel::LP64);

/// Runs `executable` in the replay file's directory with
/// COSMO_REPLAY_FILE=`replayFile` and leak checks off. With a `program`
/// environment (a test's arguments, standard input, files, variables), it
/// runs in a directory of its own holding just those files,
/// `<replayFile>.env`, with those arguments and variables, standard input
/// read from `<replayFile>.stdin`.
ProcessResult runNativeProgram(
    const NativeToolchain &toolchain, const std::filesystem::path &executable,
    const std::filesystem::path &replayFile, std::chrono::milliseconds timeout,
    const std::vector<std::pair<std::string, std::string>> &environment = {},
    const ProcessEnvironment &program = {});

} // namespace cosmo::report

#endif // COSMO_REPORT_NATIVEBUILD_H
