//===- LoopWrites.h - what a loop's body writes, from its IR ----*- C++ -*-===//
//
// Both treatments of a loop make what it writes fresh at its head: a loop
// summary carries those values around the loop (seed 001 §5: the
// loop-carried values of a recursive state), a loop invariant havocs them
// before it is assumed (seed 003). Both start from the IR: the objects
// the body's stores, memory intrinsics and calls name.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_COMMON_LOOPWRITES_H
#define COSMO_SUMMARY_COMMON_LOOPWRITES_H

#include "cosmo/frontend/LoopStructure.h"

#include <llvm/IR/Instruction.h>

#include <vector>

namespace cosmo::summary {

struct LoopWrite {
  /// A store, a memory intrinsic (its destination), or a call (which may
  /// write through the pointers it is given).
  const llvm::Instruction *at = nullptr;
  /// The object written: the underlying object of the pointer (an alloca,
  /// a global, an argument, or a pointer computed otherwise); for a call,
  /// that of one of its pointer arguments, null when it has none.
  const llvm::Value *object = nullptr;
};

/// The writes of `loop`'s blocks, in their order. Calls of the
/// annotations' instrumentation, of debug intrinsics and of input
/// functions write nothing the program sees; a call given n pointers is n
/// writes.
std::vector<LoopWrite> loopWrites(const frontend::RecursiveVertex &loop);

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_COMMON_LOOPWRITES_H
