//===- cosmo/frontend/Frontend.h - C and IR to a prepared module -*- C++ -*-===//
//
// Turns the user's input (.c, .i, .bc or .ll) into an LLVM module ready for
// symbolic execution: C is compiled by clang-14 with fixed flags
// (-O0 -Xclang -disable-O0-optnone -g), cosmo's analysis models of libc are
// linked in for functions the program declares but does not define, and
// mem2reg promotes stack slots to registers.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_FRONTEND_H
#define COSMO_FRONTEND_FRONTEND_H

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>

#include <memory>
#include <string>
#include <vector>

namespace cosmo::frontend {

struct FrontendOptions {
  std::string clang = "clang-14";
  /// Directories searched for cosmo.h and klee/klee.h.
  std::vector<std::string> includeDirs;
  /// Bitcode of cosmo's libc models; empty to link none.
  std::string modelsBitcode;
  /// Extra flags passed to clang.
  std::vector<std::string> clangFlags;
};

/// The prepared module, or an error whose message is one line (for a C file
/// that does not compile: the line, then clang's diagnostics).
llvm::Expected<std::unique_ptr<llvm::Module>>
loadProgram(const std::string &path, llvm::LLVMContext &ctx,
            const FrontendOptions &options);

/// Names of the functions in `m` that come from cosmo's models.
bool isModelFunction(const llvm::Function &f);

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_FRONTEND_H
