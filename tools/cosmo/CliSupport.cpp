//===- CliSupport.cpp - errors, environment, native toolchain -------------===//

#include "CliSupport.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Program.h>

#include <cstdlib>
#include <iostream>
#include <optional>

#if !defined(COSMO_DEFAULT_CLANG) || !defined(COSMO_DEFAULT_INCLUDE_DIR) ||    \
    !defined(COSMO_DEFAULT_REPLAY_RUNTIME) ||                                  \
    !defined(COSMO_DEFAULT_SYMBOLIZER)
#error "tools/cosmo/CMakeLists.txt defines the COSMO_DEFAULT_* paths"
#endif

namespace cosmo::cli {

namespace {

llvm::Error missing(const std::string &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), what);
}

/// `program` as an absolute path: itself if it names a file, else looked up
/// on PATH; nothing if it cannot be run.
std::optional<std::string> findExecutable(const std::string &program) {
  if (llvm::StringRef(program).contains('/'))
    return llvm::sys::fs::can_execute(program) &&
                   !llvm::sys::fs::is_directory(program)
               ? std::optional<std::string>(program)
               : std::nullopt;
  if (auto found = llvm::sys::findProgramByName(program))
    return *found;
  return std::nullopt;
}

} // namespace

int usageError(const std::string &msg) {
  std::cerr << "cosmo: error: " << msg << "\n";
  return kExitUsage;
}

std::string envOr(const char *name, const char *fallback) {
  const char *v = std::getenv(name);
  return v && *v ? v : fallback;
}

llvm::Expected<std::vector<std::string>>
parseChecks(const std::vector<std::string> &values) {
  std::vector<std::string> checks;
  for (const std::string &value : values) {
    llvm::SmallVector<llvm::StringRef, 4> parts;
    llvm::StringRef(value).split(parts, ',', -1, false);
    for (llvm::StringRef part : parts) {
      std::string check = part.trim().str();
      if (check != "overflow" && check != "shift" && check != "float-cast" &&
          check != "leak" && check != "memcleanup")
        return missing("unknown check '" + check +
                       "' (expected overflow, shift, float-cast, leak, "
                       "memcleanup)");
      checks.push_back(check);
    }
  }
  return checks;
}

llvm::Expected<report::NativeToolchain> nativeToolchain() {
  report::NativeToolchain tc;
  std::string clang = envOr("COSMO_CLANG", COSMO_DEFAULT_CLANG);
  std::optional<std::string> clangPath = findExecutable(clang);
  if (!clangPath)
    return missing("cannot find the C compiler for native replay: '" + clang +
                   "' (set COSMO_CLANG to clang-14)");
  tc.clang = *clangPath;
  tc.includeDir = envOr("COSMO_INCLUDE_DIR", COSMO_DEFAULT_INCLUDE_DIR);
  if (!llvm::sys::fs::is_directory(tc.includeDir))
    return missing("cannot find cosmo's include directory at " + tc.includeDir +
                   " (set COSMO_INCLUDE_DIR)");
  tc.replayRuntime =
      envOr("COSMO_REPLAY_RUNTIME", COSMO_DEFAULT_REPLAY_RUNTIME);
  if (!llvm::sys::fs::is_regular_file(tc.replayRuntime))
    return missing("cannot find the replay runtime at " + tc.replayRuntime +
                   " (set COSMO_REPLAY_RUNTIME to runtime/replay.c)");
  std::string symbolizer = envOr("COSMO_SYMBOLIZER", COSMO_DEFAULT_SYMBOLIZER);
  std::optional<std::string> symbolizerPath = findExecutable(symbolizer);
  if (!symbolizerPath)
    return missing("cannot find the symbolizer for native replay: '" +
                   symbolizer + "' (set COSMO_SYMBOLIZER to llvm-symbolizer)");
  tc.symbolizer = *symbolizerPath;
  return tc;
}

} // namespace cosmo::cli
