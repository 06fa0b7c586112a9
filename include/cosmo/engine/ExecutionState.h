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

#include "cosmo/engine/Hooks.h"
#include "cosmo/engine/Registers.h"

#include "cosmo/engine/Results.h"
#include "cosmo/memory/ObjectMemory.h"
#include "cosmo/solver/ConstraintSet.h"
#include "cosmo/solver/Solver.h"
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
  std::string source;   // nondet | symbolic | argument | input-memory | global
  std::string function; // creating call
  ExprRef var;          // scalar inputs
  std::vector<ExprRef> byteVars; // byte inputs: one BitVec(8) var per byte
  uint64_t size = 0;    // bytes
  SourceLocation location = {}; // of the creating call in the program
  uint64_t address = 0; // input-memory: the object's base
  InputType type = {};   // how its bytes read in C, when known
  /// An input object of symbolic size (ACSL \valid): its content and its
  /// size in bytes; the test gets the bytes below the size.
  ExprRef array = {};
  ExprRef arraySize = {};
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

/// An assumed ACSL \forall being evaluated (ContractChecks.cpp): its bound
/// variable, where its value is unknown (a term beyond 128 bits), and the
/// path condition's size when it began (a body that forked or constrained
/// the path cannot be quantified).
struct QuantifierCapture {
  ExprRef var;
  ExprRef unknown;
  size_t constraints = 0;
};

/// A function verified against its contract's `assigns`, or a loop's
/// iteration against its `loop assigns` (ContractChecks.cpp): while it
/// runs, a write to memory that existed when it began must fall in one of
/// `ranges` ([start, end) addresses, pointer-wide).
struct AssignsFrame {
  std::string function;   // the contract's function (empty for a loop)
  unsigned line = 0;      // of the assigns clause
  uint64_t freshFrom = 0; // objects at or above: made by the call
  size_t depth = 0;       // frames of the checking code: not the call's
  std::vector<std::pair<ExprRef, ExprRef>> ranges;
  /// A loop's frame: the loop's blocks (in frame `depth`); it ends when
  /// the path leaves them.
  const std::vector<const llvm::BasicBlock *> *loopBody = nullptr;
  /// A loop's frame: the stack objects its havoc covers, not checked.
  std::set<uint64_t> havocked;
};

/// A block some path was the first to run (--tests=new-coverage): the
/// first path to complete among the states that share it gets a test.
/// Claims form a list from the newest, shared by forks; taking a claim
/// takes every one below it, so a taken claim has only taken ones below.
struct CoverageClaim {
  bool taken = false;
  std::shared_ptr<CoverageClaim> older;
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
  /// A hook made the state wait (ExecutionHooks::onBlockEntry): it stops
  /// stepping and leaves the searcher until the hook gives it back.
  bool waiting = false;
  /// The newest block this path was first to run, if any.
  std::shared_ptr<CoverageClaim> coverageClaim;
  /// Node in the random-path process tree.
  struct PTreeNode *ptreeNode = nullptr;
  /// The data of the hooks that keep some per path.
  HookStates hookStates;
  /// ACSL (ContractChecks.cpp). Why an assumption of this path was
  /// dropped: an error found on it is not claimed (the path is cut).
  std::string weakened;
  /// Why this path covers only part of the inputs a contract allows (a
  /// \valid range tied to an input object of fixed size): its completion
  /// is not a proof (the path is cut).
  std::string restricted;
  /// What made this path's state more general than the program's (a loop
  /// invariant's or a callee contract's havoc): an error on it is claimed
  /// only once a concrete run shows it (ContractConfirmation.cpp).
  std::string abstraction;
  /// The `assigns` clauses the running code is checked against: a
  /// contract's, then the annotated loops' it is in, innermost last.
  std::vector<AssignsFrame> assigns;
  /// The path condition holds an assumed \forall (Executor::ask).
  bool quantified = false;
  /// The values of checked ACSL quantifiers' variables, in the order the
  /// path chose them: a test records them, a native run takes them back.
  std::vector<ExprRef> acslChoices;
  /// Assumed \forall bodies being evaluated, innermost last.
  std::vector<QuantifierCapture> captures;
  /// The loop head whose invariants were just established.
  const llvm::BasicBlock *annotatedLoopHead = nullptr;
  /// Prefix of the names of variables this state makes: isolated runs of
  /// functions name theirs apart from the program's.
  std::string namePrefix;
  StackFrame &frame() { return stack.back(); }
  const llvm::Instruction &nextInstruction() const { return *stack.back().pc; }
  std::string freshName(const std::string &base) {
    return namePrefix + base + "#" + std::to_string(nameCounter++);
  }
};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_EXECUTIONSTATE_H
