// CacheKey: what the e2e caches (NativeCache.h, CosmoRunCache.h) key their
// entries by -- a SHA-256 of length-prefixed parts, so that no two different
// lists of parts hash alike -- and the file operations they share.
#pragma once

#include <llvm/Support/SHA256.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace cosmo::e2e {

class CacheKey {
public:
  CacheKey &add(std::string_view part);
  /// A file by its text; a missing file hashes as such.
  CacheKey &addFileText(const std::filesystem::path &file);
  /// A file by what identifies its version: its real path, size and time
  /// (for binaries, which are large and change only when rebuilt).
  CacheKey &addFileIdentity(const std::filesystem::path &file);
  /// Every file under `dir` (recursively) whose name ends in `extension`
  /// (every file when empty), in name order, by text or by identity.
  CacheKey &addFilesUnder(const std::filesystem::path &dir, std::string_view extension,
                          bool byIdentity = false);
  /// An environment variable's value, or that it is unset.
  CacheKey &addEnvironment(const char *name);

  /// 64 lower-case hex digits; the key cannot be extended afterwards.
  std::string hex();

private:
  llvm::SHA256 sha_;
};

/// A program as a child process would find it: `name` itself when it has a
/// '/', else the first executable `name` on PATH (else `name`).
std::filesystem::path resolveProgram(const std::string &name);

/// A fresh name next to `target` for a file or directory that will be
/// renamed onto it (unique in this process and among processes).
std::filesystem::path temporaryNameFor(const std::filesystem::path &target);

/// Holds an exclusive flock(2) on `file` (created if missing) while it
/// lives; the kernel releases it if the process dies. Without the file,
/// no lock (the caches then at worst do work twice).
class FileLock {
public:
  explicit FileLock(const std::filesystem::path &file);
  ~FileLock();
  FileLock(const FileLock &) = delete;
  FileLock &operator=(const FileLock &) = delete;

private:
  int fd_ = -1;
};

} // namespace cosmo::e2e
