//===- cosmo/frontend/CompilationDatabase.h - a build's C units -*- C++ -*-===//
//
// Reads BUILD_DIR/compile_commands.json (as CMake, Bear or Meson write it):
// each C unit with the flags it was built with that matter to analysis
// (-I, -D, -U, -include, -std=, -m32 ...), minus those about outputs,
// optimisation, warnings and instrumentation.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_COMPILATIONDATABASE_H
#define COSMO_FRONTEND_COMPILATIONDATABASE_H

#include "cosmo/frontend/Frontend.h"

#include <llvm/Support/Error.h>

#include <string>
#include <vector>

namespace cosmo::frontend {

/// The C units (.c, .i) of `buildDir`/compile_commands.json, in the file's
/// order, each once; an error for a missing or malformed database or one
/// without C units.
llvm::Expected<std::vector<SourceInput>>
readCompilationDatabase(const std::string &buildDir);

/// The words of a shell command line (quotes and backslashes as sh reads
/// them; no expansions).
std::vector<std::string> splitCommandLine(const std::string &command);

/// The flags of a recorded compiler invocation (argv[0] excluded) that cosmo
/// keeps for `file`.
std::vector<std::string> analysisFlags(const std::vector<std::string> &args,
                                       const std::string &file);

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_COMPILATIONDATABASE_H
