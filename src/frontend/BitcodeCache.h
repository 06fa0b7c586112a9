//===- BitcodeCache.h - compiled units kept across runs ---------*- C++ -*-===//
//
// A directory of bitcode files named by a SHA-256 key over everything the
// bitcode depends on: the unit's preprocessed text (so a changed header
// counts), every flag it is compiled with, its working directory (debug
// info records it) and the compiler. A second run over unchanged units
// compiles nothing. Entries are written to a temporary name and renamed, so
// concurrent runs never see half a file.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_BITCODECACHE_H
#define COSMO_FRONTEND_BITCODECACHE_H

#include <llvm/Support/Error.h>

#include <optional>
#include <string>
#include <vector>

namespace cosmo::frontend {

class BitcodeCache {
public:
  /// `dir` may be relative (to the current directory); units compile in
  /// their own directories, so the cache keeps it absolute.
  explicit BitcodeCache(const std::string &dir);

  /// The key of a unit: a hex SHA-256 over `parts`, each length-prefixed.
  static std::string keyOf(const std::vector<std::string> &parts);

  /// The cached bitcode file of `key`, if there is one.
  std::optional<std::string> lookup(const std::string &key) const;

  /// A fresh temporary path inside the cache to compile into.
  llvm::Expected<std::string> temporaryPath() const;

  /// Moves `compiled` (from temporaryPath) into the cache under `key` and
  /// returns its final path.
  llvm::Expected<std::string> store(const std::string &key,
                                    const std::string &compiled) const;

  const std::string &directory() const { return dir_; }

private:
  std::string pathOf(const std::string &key) const;

  std::string dir_;
};

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_BITCODECACHE_H
