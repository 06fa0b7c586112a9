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
  /// An input object of symbolic size (a \valid range made it): its
  /// content and its size in bytes; the test gets the bytes below the size.
  ExprRef array = {};
  ExprRef arraySize = {};
  /// EngineOptions::InputShapes::Shaped: what of this input object only the
  /// entry's caller can decide, so that an error needing it is latent.
  enum class CallerDecides {
    Nothing, ///< a string, an array of scalars sized by a parameter
    Size,    ///< one object of a scalar type: its content is the entry's
    Content, ///< an array of structs or pointers sized by a parameter
    All,     ///< a struct the caller built, and whatever it points to
  };
  CallerDecides callerDecides = CallerDecides::Nothing;
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
  /// The base of the object the latest checked memory access went to (0:
  /// none): an out-of-bounds error's object.
  uint64_t accessedObject = 0;
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
  /// Why an assumption of this path was dropped (a hook could not
  /// express it): an error found on it is not claimed (the path is cut).
  std::string weakened;
  /// Why this path covers only part of the inputs it stands for (a range
  /// tied to an input object of fixed size): its completion is not a
  /// proof (the path is cut).
  std::string restricted;
  /// The path condition holds a universally quantified formula: its
  /// questions say so (solver::Query::quantified).
  bool quantified = false;
  /// Values a hook chose on this path that are not inputs of the program
  /// but that a native run needs back (a checked quantifier's variable),
  /// in the order they were chosen: a test records them with `source`.
  struct Choice {
    ExprRef var;
    std::string source;
  };
  std::vector<Choice> choices;
  /// Loop back edges this path took (with EngineOptions::checkLeaks): the
  /// heap is checked at the 1st, 2nd, 4th, 8th ... of them.
  uint64_t backEdges = 0;
  /// Functions atexit registered, in order: exit() and main's return run
  /// them last first, before the program's end.
  std::vector<const llvm::Function *> atexitHandlers;
  /// The program is ending and runs its atexit handlers: how (an exit()
  /// call or main's return), where, and what main returned.
  struct Ending {
    bool byExit = false;
    const llvm::Instruction *at = nullptr;
    std::optional<ExprRef> returned;
  };
  std::optional<Ending> ending;
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
