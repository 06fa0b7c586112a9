//===- CompiledCache.h - compiled files kept across runs --------*- C++ -*-===//
//
// A directory of compiled files named by a SHA-256 key over everything a
// file depends on. The frontend keeps each unit's bitcode so (its
// preprocessed text, so that a changed header counts, every flag, its
// working directory, which debug info records, and the compiler); native
// builds keep the replay runtime's object so. A second run over unchanged
// inputs compiles nothing. Entries are written to a temporary name and
// renamed, so concurrent runs never see half a file.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_COMPILEDCACHE_H
#define COSMO_FRONTEND_COMPILEDCACHE_H

#include <llvm/Support/Error.h>

#include <optional>
#include <string>
#include <vector>

namespace cosmo::frontend {

class CompiledCache {
public:
  /// `dir` may be relative (to the current directory); units compile in
  /// their own directories, so the cache keeps it absolute. Its files end
  /// in `extension` (".bc", ".o").
  explicit CompiledCache(const std::string &dir, std::string extension = ".bc");

  /// The key of an entry: a hex SHA-256 over `parts`, each length-prefixed.
  static std::string keyOf(const std::vector<std::string> &parts);

  /// The cached file of `key`, if there is one.
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
  std::string extension_;
};

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_COMPILEDCACHE_H
