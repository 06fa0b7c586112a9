//===- cosmo/frontend/FunctionKeys.h - what a result depends on -*- C++ -*-===//
//
// The key of a function for the persistent store (DESIGN.md "summary"): a
// hash of everything an analysis of it from its entry can depend on in
// the module. Its own part covers its IR with its attributes, the bodies
// of the structure types it mentions (IR names them only), and the debug
// information it refers to (names, types and lines reports use),
// independent of how the rest of the module numbers metadata. Its
// dependency part covers every function and global it refers to, by
// value: the keys of the functions it calls or takes the address of, and
// the declarations and initialisers of the globals it reads (with their
// types' structure bodies), closed over
// the globals and functions those initialisers refer to. A function
// pointer can only hold a function something reachable refers to, so
// calls through pointers are covered too. Mutually recursive functions
// share their dependency part.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_FUNCTIONKEYS_H
#define COSMO_FRONTEND_FUNCTIONKEYS_H

#include <llvm/IR/Module.h>

#include <map>
#include <string>

namespace cosmo::frontend {

struct FunctionKey {
  std::string own;     ///< hex SHA-256 of the function itself
  std::string depends; ///< hex SHA-256 of what it refers to
  std::string key;     ///< of the two together
};

class FunctionKeys {
public:
  /// Computes the key of every function `m` defines.
  explicit FunctionKeys(const llvm::Module &m);

  /// The key of a function the module defines; null for a declaration.
  const FunctionKey *of(const llvm::Function &f) const;
  /// What every function's result depends on besides its key: the data
  /// layout, the target and the module's inline assembly.
  const std::string &moduleHash() const { return module_; }

private:
  std::map<const llvm::Function *, FunctionKey> keys_;
  std::string module_;
};

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_FUNCTIONKEYS_H
