// NativeCache: native replay builds and runs shared by the e2e tests of a
// suite run. A program is tested in up to seven modes (e2e/, e2e-none/,
// e2e-replay/, e2e-summary/, e2e-auto/, e2e-merge/, e2e-stored/), each a
// ctest test of its own that replays its test vectors natively. The
// native program is the same in all of them, and a native run on the same
// inputs does the same:
//
//  - a build is keyed by a hash of all that goes into it (buildKey). The
//    first test to need it builds it into a fresh directory under a lock
//    and publishes it by renaming that directory to the key; the others
//    wait for the lock and use it. A failed build is not kept.
//  - a run is keyed by its build and the text of its inputs (the replay
//    file, and for --entry programs the harness file). Its process result
//    (exit code or signal, stdout, stderr) is kept only when the process
//    ended by itself -- not when it timed out or did not start -- and each
//    test judges it against its own vector as if it had just run.
//
// Files are published by rename(2), so a concurrent test (ctest -j) sees a
// build or a run whole or not at all. The e2e caches live in the build tree
// (tests/e2e/cache: native/ here, cosmo/ for CosmoRunCache.h); the fixture
// tests `e2e-cache/clear` and `e2e-cache/remove` remove them when a ctest
// run starts and ends, so they never outlive one suite run (keys would keep
// them correct anyway: that is for the disk). A failing test copies what
// it names in its messages to its kept work directory.
// COSMO_E2E_CACHE=off turns them off, COSMO_E2E_CACHE=<dir> moves them.
#pragma once

#include "cosmo/engine/Results.h"
#include "cosmo/report/NativeBuild.h"
#include "cosmo/report/Subprocess.h"

#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/Support/Error.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cosmo::e2e {

class NativeCache {
public:
  /// The cache in `dir`; off when `dir` is empty.
  explicit NativeCache(std::filesystem::path dir) : dir_(std::move(dir)) {}

  bool enabled() const { return !dir_.empty(); }
  const std::filesystem::path &directory() const { return dir_; }

  /// The key of a native build: a hash of this runner's executable (its
  /// path, size and time: the report layer's build commands are linked
  /// into it), the toolchain's paths and clang's file, the runtime
  /// directory's files and the C headers under the include directory, the
  /// program's path and text and the files next to it, the --check values, the data model, and the
  /// generated harness's source for an --entry program.
  static std::string buildKey(const report::NativeToolchain &toolchain,
                              const std::filesystem::path &program,
                              const std::vector<std::string> &checks,
                              engine::DataModel dataModel,
                              std::string_view harnessSource = {});

  struct Build {
    std::filesystem::path executable;
    bool reused = false; // built by an earlier test
  };
  /// The executable of the build `key`. Unless a test published it before,
  /// `build` makes it in the directory it is given and returns its path
  /// there. Without a cache, `build` runs in `fallbackDir`.
  llvm::Expected<Build>
  build(const std::string &key, const std::filesystem::path &fallbackDir,
        llvm::function_ref<llvm::Expected<std::filesystem::path>(
            const std::filesystem::path &dir)>
            build) const;

  /// The result kept for a run of build `key` on `inputs`, if any.
  std::optional<report::ProcessResult> findRun(const std::string &key,
                                               std::string_view inputs) const;
  /// Keeps `run` (a run of build `key` on `inputs`) if it ended by itself.
  void storeRun(const std::string &key, std::string_view inputs,
                const report::ProcessResult &run) const;

private:
  std::filesystem::path runFile(const std::string &key,
                                std::string_view inputs) const;

  std::filesystem::path dir_;
};

/// The e2e caches' directory: COSMO_E2E_CACHE's ("off": none, an empty
/// path), else `defaultDir`.
std::filesystem::path e2eCacheDirectory(const std::filesystem::path &defaultDir);

/// A process result as text and back (the cache's run files); nothing when
/// the text is not one.
std::string serializeProcessResult(const report::ProcessResult &run);
std::optional<report::ProcessResult> parseProcessResult(std::string_view text);

} // namespace cosmo::e2e
