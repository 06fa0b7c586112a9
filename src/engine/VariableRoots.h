//===- VariableRoots.h - registers a frame still holds --------*- C++ -*-===//
//
// After mem2reg a C variable lives in registers, and a register keeps its
// last value after the variable moved on. At exit() or abort() the stack
// is not freed (SV-COMP's valid-memtrack): a heap block a variable in
// scope points to is still tracked, one only a stale register points to
// is not. A register holds the program's pointer at an instruction when
//  - some use of it is reachable from there without passing its
//    definition again (SSA liveness: a value the code still needs), or
//  - it is a variable's value there: the one llvm.dbg.value of the
//    variable that can reach the instruction binds the variable to it,
//    and the variable's scope encloses the instruction.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_VARIABLEROOTS_H
#define COSMO_ENGINE_VARIABLEROOTS_H

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Instruction.h>
#include <llvm/IR/IntrinsicInst.h>

#include <map>
#include <set>
#include <utility>

namespace cosmo::engine {

class VariableRoots {
public:
  /// Whether `v` (an instruction or argument of `at`'s function) still
  /// holds a value the program has at `at`.
  bool held(const llvm::Instruction &at, const llvm::Value *v);

private:
  using DebugValues = std::set<const llvm::DbgValueInst *>;
  bool usedAfter(const llvm::Instruction &at, const llvm::Value *v) const;
  bool variableValueAt(const llvm::Instruction &at, const llvm::Value *v);
  /// The dbg.value records of `var` that may be its latest at `at`.
  DebugValues reachingAt(const llvm::Instruction &at,
                         const llvm::DILocalVariable *var);
  /// Per function and variable: the records that may be the latest at
  /// each block's entry (a forward data-flow over the CFG).
  std::map<std::pair<const llvm::Function *, const llvm::DILocalVariable *>,
           std::map<const llvm::BasicBlock *, DebugValues>>
      atEntry_;
};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_VARIABLEROOTS_H
