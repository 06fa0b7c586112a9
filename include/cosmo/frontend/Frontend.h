//===- cosmo/frontend/Frontend.h - C and IR to a prepared module -*- C++ -*-===//
//
// Turns the user's inputs (.c, .i, .bc or .ll files, or the translation units
// of a compile_commands.json) into one LLVM module ready for symbolic
// execution:
//
//   1. each C unit is compiled by clang-14 with its own flags plus cosmo's
//      fixed ones (-O0 -Xclang -disable-O0-optnone -g), through the bitcode
//      cache when one is given (CompiledCache.h);
//   2. the units are linked; a symbol defined twice is an error naming it
//      and both files, a global variable nobody defines is an error naming
//      it and the files that use it;
//   3. the user's stubs (--stubs) are linked for what is still undefined,
//      then cosmo's libc models (of the program's data model);
//   4. calls of functions with ACSL contracts go to the contracts'
//      companions (AcslInstrument.h), when contracts are read;
//   5. mem2reg promotes stack slots to registers.
//
// Nothing is analysed before every unit compiled and linked.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_FRONTEND_H
#define COSMO_FRONTEND_FRONTEND_H

#include "cosmo/frontend/AcslInstrument.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cosmo::frontend {

/// One input: a file and, for C, the flags it is compiled with.
struct SourceInput {
  std::string path; // as the user (or compile_commands.json) names it
  /// The unit's own clang flags (-I, -D, -std=, -m32 ...), before the
  /// common ones of FrontendOptions.
  std::vector<std::string> flags;
  /// Working directory of the compilation; empty: the current one.
  std::string directory;
};

struct FrontendOptions {
  std::string clang = "clang-14";
  /// Directories searched for cosmo.h and klee/klee.h.
  std::vector<std::string> includeDirs;
  /// Bitcode of cosmo's libc models for LP64 and ILP32 programs; empty to
  /// link none.
  std::string modelsBitcode;
  std::string modelsBitcodeILP32;
  /// Flags passed to clang for every C input (after the unit's own).
  std::vector<std::string> clangFlags;
  /// The user's models (--stubs): linked like cosmo's libc, before it, for
  /// functions the program does not define. Errors inside them are the
  /// stubs' own (reported at their lines).
  std::vector<SourceInput> stubs;
  /// Directory of the bitcode cache; empty: compile every time.
  std::string cacheDir;
  /// The function to analyse: its unit is linked (and listed) first.
  std::string entry;
  /// Link only the unit that defines `entry` and the units that define what
  /// it needs, transitively (for `-p`); otherwise every input.
  bool linkOnlyWhatEntryNeeds = false;
  /// The first `chosenUnits` inputs are files the user named beside `-p`:
  /// when several units define the entry, the one among them is taken.
  size_t chosenUnits = 0;
  /// Linking every input (`--all`): when several define `main` (a build's
  /// tools and tests), those units are left out (Program::leftOut).
  bool leaveOutSeveralMains = false;
  /// Read ACSL annotations (`/*@ ... */`) of C inputs: contracts, loop
  /// invariants, assertions (AcslInstrument.h).
  bool annotations = true;
};

struct FrontendStats {
  uint64_t units = 0;        // C units compiled or taken from the cache
  uint64_t unitsLinked = 0;  // inputs linked into the program
  uint64_t cacheHits = 0;
  uint64_t cacheMisses = 0;
  /// Seconds spent in clang (compiling, and preprocessing for the cache's
  /// keys).
  double clangSeconds = 0;
};

struct Program {
  std::unique_ptr<llvm::Module> module;
  FrontendStats stats;
  /// Inputs linked, in order: the definer of the entry first (when an
  /// input defines it), then the others in the order given.
  std::vector<SourceInput> linked;
  std::vector<std::string> linkedFiles; // their paths
  /// Inputs not linked because each defines a `main` of its own
  /// (FrontendOptions::leaveOutSeveralMains).
  std::vector<std::string> leftOut;
  /// Functions with ACSL contracts, in the order of the files.
  std::vector<acsl::ContractedFunction> contracts;
};

/// The prepared program, or an error whose message starts with one line (for
/// a C file that does not compile: that line names the file, clang's
/// diagnostics follow).
llvm::Expected<Program> loadProgram(const std::vector<SourceInput> &inputs,
                                    llvm::LLVMContext &ctx,
                                    const FrontendOptions &options);

/// One input file with no flags of its own.
llvm::Expected<std::unique_ptr<llvm::Module>>
loadProgram(const std::string &path, llvm::LLVMContext &ctx,
            const FrontendOptions &options);

/// The bitcode cache's default place: `$XDG_CACHE_HOME/cosmo`, else
/// `$HOME/.cache/cosmo`; empty when neither variable is set.
std::string defaultCacheDirectory();

/// The cache directory `--cache-dir` names: `option` itself, or the
/// default place when it is empty and a run uses a cache `byDefault` (a
/// project's); empty for none (`none`, or no default).
std::string cacheDirectory(const std::string &option, bool byDefault);

/// Whether `f` comes from cosmo's libc models.
bool isModelFunction(const llvm::Function &f);

/// Whether `name` is a function the instrumentation of annotations
/// declares for a hook of the layer above the engine to give meaning: it
/// is never an external function of the program.
bool isInstrumentationFunction(llvm::StringRef name);

/// "ILP32" or "LP64": the data model of the module's target.
std::string dataModelOf(const llvm::Module &m);

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_FRONTEND_H
