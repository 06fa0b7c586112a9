//===- ExecutionState.h - one path's state --------------------*- C++ -*-===//
//
// A state is a point on one path: its call stack with register values, its
// path condition, its memory, the symbolic inputs it has created, and the
// lazily initialised input pointers it has met. Forking copies it; memory
// objects are shared copy-on-write.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_EXECUTIONSTATE_H
#define COSMO_ENGINE_EXECUTIONSTATE_H

#include "Registers.h"

#include "cosmo/engine/Results.h"
#include "cosmo/memory/ObjectMemory.h"
#include "cosmo/solver/ConstraintSet.h"
#include "cosmo/solver/Solver.h"
#include "cosmo/summary/MemoTree.h"
#include "cosmo/support/PersistentLog.h"

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

namespace cosmo::engine {

using expr::ExprRef;

struct StackFrame {
  const llvm::Function *function = nullptr;
  const llvm::BasicBlock *block = nullptr;
  llvm::BasicBlock::const_iterator pc;
  const llvm::BasicBlock *previousBlock = nullptr;
  /// The call in the caller's frame that created this frame.
  const llvm::CallBase *callSite = nullptr;
  RegisterFile registers;
  std::vector<uint64_t> allocas; // bases of this frame's stack objects
  /// Where the concrete fast path looks for the next decoded instruction.
  uint32_t fastHint = 0;
  /// A variadic call's extra arguments (VarArgs.cpp); also in `allocas`.
  std::optional<uint64_t> varArgs;
};

/// A symbolic input created on this path, in creation order.
struct InputRecord {
  std::string name;
  std::string source;   // nondet | symbolic | argument | input-memory
  std::string function; // creating call
  ExprRef var;          // scalar inputs
  std::vector<ExprRef> byteVars; // byte inputs: one BitVec(8) var per byte
  uint64_t size = 0;    // bytes
  SourceLocation location = {}; // of the creating call in the program
  uint64_t address = 0; // input-memory: the object's base
};

struct Composition; // CallReplay.h

/// One error check of a path (ExecutorImpl::checkError): its instruction,
/// and which of the checks that instruction makes.
struct CheckId {
  const llvm::Instruction *site = nullptr;
  unsigned ordinal = 0;
  bool operator==(const CheckId &) const = default;
};

/// A state inside a call replayed from the callee's memoization tree
/// (seed 002 algorithm 2): where the path is in the tree.
struct GuideCursor {
  std::shared_ptr<const Composition> composition;
  const summary::MemoNode *node = nullptr;
  size_t depth = 0; ///< stack size with the callee's frame
  /// The error checks passed at `node` so far, on their good side.
  std::vector<CheckId> checksPassed;
};

/// An input pointer that lazy initialisation resolves on first use
/// (seed 002 section IV.C): null, a fresh input object, or an alias.
struct LazyPointer {
  const llvm::Type *pointee = nullptr;
  std::string path;          // how the user reaches it: p, (*p)+8, ...
  std::optional<uint64_t> target; // resolved address (0 = null)
  std::string holder;        // where it is stored: an input object's name,
  uint64_t holderOffset = 0; // or a pointer argument's (offset 0)
  bool createdTarget = false; // resolved to an input object made for it
};

class ExecutionState {
public:
  uint64_t id = 0;
  std::vector<StackFrame> stack;
  /// The path condition; satisfiable at every step (a constraint is added
  /// only after the solver said it can hold).
  solver::ConstraintSet constraints;
  /// With model reuse: a model of `constraints` (seed 004 section 4.2).
  solver::Model model;
  memory::AddressSpace memory;
  support::PersistentLog<InputRecord> inputs; // shared by forks
  std::map<ExprRef, LazyPointer> lazyPointers; // ordered by term id
  uint64_t symbolicBranches = 0;
  uint64_t instructions = 0;
  /// The last error check: at which instruction count, and its ordinal
  /// among that instruction's checks.
  uint64_t checkAt = ~uint64_t(0);
  unsigned checkOrdinal = 0;
  uint64_t nextObjectIndex = 0; // address slots used
  uint64_t nextObjectId = 0;
  uint64_t nameCounter = 0;     // fresh variable names
  bool terminated = false;
  /// Set when the state forked: searchers get a chance to switch.
  bool forkedThisStep = false;
  /// --merge: the state entered a join block and waits to be merged
  /// (StateMerging.cpp), since this exploration step when parked.
  bool atMergePoint = false;
  uint64_t parkedAt = 0;
  /// Node in the random-path process tree.
  struct PTreeNode *ptreeNode = nullptr;
  /// While a memoization tree is built: the path's node, and how many
  /// conditionals it has passed (bounded by --summary-depth).
  summary::MemoNode *treeNode = nullptr;
  unsigned treeDepth = 0;
  /// Set while a callee's tree decides this path's conditionals.
  std::optional<GuideCursor> guide;
  /// Prefix of the names of variables this state makes: isolated runs of
  /// functions name theirs apart from the program's.
  std::string namePrefix;
  /// Isolated runs (formula summaries): the path stored a pointer into an
  /// input object, a global or a heap block; where it stored the address of
  /// an object the isolated run made (base, offset), which a caller has
  /// only if it is a heap block the path returns with; and whether it
  /// copied such addresses where they cannot be tracked (memcpy, a store
  /// at a symbolic offset).
  bool storedPointer = false;
  std::set<std::pair<uint64_t, uint64_t>> pointerSlots, ownAddressSlots;
  bool pointerSlotsUnknown = false; // a pointer stored where, not tracked
  bool storedOwnAddress = false;

  StackFrame &frame() { return stack.back(); }
  const llvm::Instruction &nextInstruction() const { return *stack.back().pc; }
  std::string freshName(const std::string &base) {
    return namePrefix + base + "#" + std::to_string(nameCounter++);
  }
};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_EXECUTIONSTATE_H
