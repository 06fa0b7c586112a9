//===- ClangDriver.h - running clang-14 on one C unit -----------*- C++ -*-===//
//
// The two things the frontend asks of clang: preprocess a unit (the text the
// bitcode cache keys on) and compile it to bitcode with cosmo's fixed flags.
// A unit compiles in its own working directory (`-working-directory`), so
// relative paths in compile_commands.json mean what they meant to the build.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_CLANGDRIVER_H
#define COSMO_FRONTEND_CLANGDRIVER_H

#include "cosmo/frontend/Frontend.h"

#include <llvm/Support/Error.h>

#include <string>
#include <vector>

namespace cosmo::frontend {

class ClangDriver {
public:
  /// An error if `clang` is not found on PATH.
  static llvm::Expected<ClangDriver> create(const FrontendOptions &options);

  /// Every flag cosmo compiles `unit` with, in order (what the cache key
  /// covers besides the preprocessed text).
  std::vector<std::string> compileFlags(const SourceInput &unit) const;

  /// The preprocessed text of `unit`.
  llvm::Expected<std::string> preprocess(const SourceInput &unit) const;

  /// Compiles `unit` into the bitcode file `output` (an absolute path).
  llvm::Error compile(const SourceInput &unit, const std::string &output) const;

  const std::string &clangPath() const { return clang_; }
  /// Seconds clang has run for this driver so far.
  double seconds() const { return seconds_; }

private:
  ClangDriver(std::string clang, const FrontendOptions &options)
      : clang_(std::move(clang)), options_(&options) {}

  /// Runs clang with `args` (after the program name); its stdout goes to
  /// `stdoutFile` if not empty. An error carrying clang's diagnostics.
  llvm::Error run(const SourceInput &unit, std::vector<std::string> args,
                  const std::string &stdoutFile) const;

  std::string clang_;
  const FrontendOptions *options_;
  mutable double seconds_ = 0;
};

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_CLANGDRIVER_H
