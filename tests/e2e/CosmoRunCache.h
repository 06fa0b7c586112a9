// CosmoRunCache: the outcome of a `cosmo check` run (its exit code,
// report.json and terminal output), kept for another test of the same suite
// run that makes the very same run. e2e-replay/<p> compares its
// --calls=replay run with an inline run whose command is e2e/<p>'s: it
// reads e2e/<p>'s (ctest runs e2e/<p> first, tests/e2e/CMakeLists.txt)
// instead of making it again, and makes it itself when there is none.
// e2e-stored/<p> compares its run from the store with a run without one,
// which is e2e-replay/<p>'s (e2e-summary/<p>'s for e2e-stored-summary).
//
// A run is keyed by a hash of the cosmo binary (path, size, time), the
// arguments (without --out), the program's path and text and the files
// next to it, and what cosmo reads besides: the C headers of its include
// directory, the files of its libc directory (by identity), clang's file,
// and the environment variables that move them. Entries are published by
// renaming a complete directory, and live in the e2e cache directory
// (NativeCache.h), removed when a ctest run starts and ends.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::e2e {

class CosmoRunCache {
public:
  /// The cache in `dir`; off when `dir` is empty.
  explicit CosmoRunCache(std::filesystem::path dir) : dir_(std::move(dir)) {}
  bool enabled() const { return !dir_.empty(); }

  struct Tools {
    std::filesystem::path cosmo;
    std::string clang;
    std::filesystem::path includeDir;
    std::filesystem::path libcDir;
  };
  /// The key of `cosmo check <arguments> --out=... <program>`.
  static std::string key(const Tools &tools, const std::vector<std::string> &arguments,
                         const std::filesystem::path &program);

  struct Run {
    int exitCode = 0;
    std::filesystem::path outDir; // holds report.json and tests/
    std::string output;           // cosmo's stdout and stderr, as shown in messages
  };
  /// The run kept under `key`, if any.
  std::optional<Run> find(const std::string &key) const;
  /// Keeps a run that exited with `exitCode` and wrote `outDir`/report.json,
  /// with its test vectors (`outDir`/tests), unless one is kept under `key`
  /// already.
  void store(const std::string &key, int exitCode, const std::filesystem::path &outDir,
             const std::string &output) const;

private:
  std::filesystem::path dir_;
};

} // namespace cosmo::e2e
