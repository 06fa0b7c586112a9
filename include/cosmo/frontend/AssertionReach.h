//===- cosmo/frontend/AssertionReach.h - where an assertion may fail -*- C++ -*-===//
//
// Under a reachability property (SV-COMP's unreach-call), a path from where
// no assertion can fail any more has nothing left to show: its end cannot
// violate the property. AssertionReach answers, for a block or for the
// rest of a caller's block after a call, whether some path from there may
// still call an assertion function (reach_error, __assert_fail, ...). The
// answer over-approximates: a call through a pointer, or to a declared
// function given a function's address, may reach one if any function
// whose address is taken may; a module with exit handlers, signal handlers
// or non-local jumps gets "may" everywhere.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_ASSERTIONREACH_H
#define COSMO_FRONTEND_ASSERTIONREACH_H

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Module.h>

namespace cosmo::frontend {

/// Whether a call to the function `name` reports a failed assertion
/// (whatever its body): reach_error, __assert_fail, __VERIFIER_assert ...
bool isAssertionFunction(llvm::StringRef name);

class AssertionReach {
public:
  explicit AssertionReach(const llvm::Module &m);

  /// Some path from the start of `b` may call an assertion function.
  bool fromBlock(const llvm::BasicBlock &b) const;
  /// Some path from just after `call` (in its caller) may call one.
  bool afterCall(const llvm::CallBase &call) const;
  /// Calling `call` may call one (through its callee's body, or itself).
  bool fromCall(const llvm::CallBase &call) const;

private:
  bool everywhere_ = false;
  bool addressTakenMay_ = false; // some address-taken function may
  llvm::DenseSet<const llvm::Function *> functionsThatMay_;
  llvm::DenseSet<const llvm::BasicBlock *> blocksThatMay_;
};

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_ASSERTIONREACH_H
