//===- Hooks.h - what the layers above the engine can observe ---*- C++ -*-===//
//
// The executor core runs instructions, forks and ends paths; composition
// is not its business. The layer above it (src/summary) plugs in through
// ExecutionHooks: the core calls each hook of
// the running exploration at calls, returns, branches, error checks, path
// ends and block entries (a loop head or a join is a block with more than
// one predecessor), and a hook may take the step over (decide a branch,
// handle a call without a frame, keep a state waiting). A hook keeps its
// per-path data in the state's HookStates slot (copied when the state
// forks, joined when two states are joined into one).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_HOOKS_H
#define COSMO_ENGINE_HOOKS_H

#include "cosmo/engine/Results.h"
#include "cosmo/solver/Solver.h"
#include "cosmo/expr/Expr.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class CallBase;
class Function;
class Instruction;
class LoadInst;
class Value;
} // namespace llvm

namespace cosmo::engine {

using expr::ExprRef;
class ExecutionState;

/// A memory access resolved to one object: the state that makes it, the
/// object's base address and the offset in it.
struct ResolvedAccess {
  ExecutionState *state;
  uint64_t base;
  ExprRef offset; // BitVec(pointer width)
};

/// One error check of a path (Executor::checkError): its instruction,
/// and which of the checks that instruction makes.
struct CheckId {
  const llvm::Instruction *site = nullptr;
  unsigned ordinal = 0;
  bool operator==(const CheckId &) const = default;
};

/// Which sides of an error check lead somewhere: the error, the good one.
struct CheckSides {
  bool error = false, good = false;
};

/// How a path ends, as hooks see it.
struct PathEnd {
  enum class Kind { Completed, Error, Cut, Infeasible };
  Kind kind = Kind::Completed;
  ErrorKind error{}; ///< Error
  std::string message;                        ///< Error: its message; Cut: why
  /// Completed by returning from the entry: its value (null for void).
  std::optional<ExprRef> returned;
  /// Error: its stack, innermost first (empty: where the state is).
  std::vector<SourceLocation> stack;
  /// Error found by an error check: which one.
  std::optional<CheckId> check;
  /// Error: the model of its path the reporter gave (null: none yet).
  solver::Model model;
};

/// A hook's data for one path. Copied when the path forks; two paths whose
/// data are joinable may be joined into one.
class HookState {
public:
  virtual ~HookState();
  virtual std::unique_ptr<HookState> clone() const = 0;
  /// Whether a path with `this` data and one with `other` (null: the
  /// hook keeps none for it) may be joined.
  virtual bool joinable(const HookState *other) const = 0;
  /// Makes `this` the data of the joined path.
  virtual void join(const HookState *other) = 0;
};

/// The HookState of each hook class that keeps one, by its slot
/// (hookSlot<T>()): deep-copied with the state.
class HookStates {
public:
  HookStates() = default;
  HookStates(const HookStates &o);
  HookStates &operator=(const HookStates &o);
  HookStates(HookStates &&) = default;
  HookStates &operator=(HookStates &&) = default;

  HookState *get(unsigned slot) const {
    return slot < slots_.size() ? slots_[slot].get() : nullptr;
  }
  void set(unsigned slot, std::unique_ptr<HookState> s);
  bool joinable(const HookStates &other) const;
  void join(const HookStates &other);

private:
  std::vector<std::unique_ptr<HookState>> slots_;
};

/// A slot of HookStates, one per hook class (the first call assigns it).
unsigned newHookSlot();
template <class T> unsigned hookSlot() {
  static const unsigned slot = newHookSlot();
  return slot;
}

/// What a layer above the core observes and may take over. Every method
/// has a default that leaves the core's behaviour unchanged.
class ExecutionHooks {
public:
  virtual ~ExecutionHooks();

  //===--- Calls -----------------------------------------------------------===//
  /// Before a call of the defined function `f` gets a frame: true when the
  /// hook handled it (the state has moved past the call, or ended).
  virtual bool onCall(ExecutionState &, const llvm::CallBase &,
                      const llvm::Function &, std::vector<ExprRef> &) {
    return false;
  }
  /// A call of `f`, which the module declares but does not define, before
  /// the engine gives it a meaning of its own: true when the hook handled
  /// it (functions an instrumentation of the layer above declares).
  virtual bool onExternalCall(ExecutionState &, const llvm::CallBase &,
                              const llvm::Function &, std::vector<ExprRef> &) {
    return false;
  }
  /// After `f`'s frame was pushed, before its first instruction.
  virtual void onCallEntered(ExecutionState &, const llvm::Function &,
                             const std::vector<ExprRef> &) {}
  /// Before a return pops the frame of `s`, with the returned value (null
  /// for none). A hook may end `s` here (ExecutionState::terminated): the
  /// return then does not happen.
  virtual void onReturning(ExecutionState &, const ExprRef & /*value*/) {}
  /// After a return popped a frame (the state is in the caller, or ended).
  virtual void onReturn(ExecutionState &) {}

  //===--- Branches and checks ---------------------------------------------===//
  /// Whether the hook must see every conditional of `s` through onBranch
  /// and onBranchTaken (no concrete shortcut, an assume splits).
  virtual bool observesBranches(const ExecutionState &) const { return false; }
  /// Whether observesBranches can ever be true (asked once per
  /// exploration): a hook that overrides observesBranches overrides this.
  virtual bool mayObserveBranches() const { return false; }
  /// A conditional whose successor k is `succs[k]` under `conds[k]`, asked
  /// only when some hook observes the branches of the state: true when the
  /// hook decided it (the states that go on are at their
  /// successors, through Executor::takeBranch).
  virtual bool onBranch(ExecutionState &, const llvm::Instruction &,
                        const std::vector<ExprRef> &,
                        const std::vector<const llvm::BasicBlock *> &) {
    return false;
  }
  /// `s` takes successor `choice` of `site` (`decided`: a hook decided it
  /// without the solver); false when that ended the path.
  virtual bool onBranchTaken(ExecutionState &, const llvm::Instruction &,
                             unsigned /*choice*/, bool /*decided*/) {
    return true;
  }
  /// An error check of `s`: which sides lead somewhere, when the hook
  /// knows (then no query is asked).
  virtual std::optional<CheckSides> onCheck(const ExecutionState &,
                                            const CheckId &, ErrorKind) {
    return std::nullopt;
  }
  /// `s` goes on past `check` on its good side.
  virtual void onCheckPassed(ExecutionState &, const CheckId &) {}
  /// A constraint that no hook decided was added to the path of `s`.
  virtual void onConstraint(ExecutionState &) {}

  /// A new scalar input `var` of `s`: a constant when the hook fixes its
  /// value (a run on given inputs), else null.
  virtual ExprRef pinnedInput(const ExecutionState &, const ExprRef & /*var*/) {
    return nullptr;
  }

  //===--- Memory ----------------------------------------------------------===//
  /// A load of `bytes` bytes: its bits when the hook reads them itself
  /// (a logic term's read, which has no checks), else null.
  virtual ExprRef onLoad(ExecutionState &, const llvm::LoadInst &,
                         unsigned /*bytes*/) {
    return nullptr;
  }
  /// A write through `a` of `bytes` bytes (of `symbolicBytes` when that is
  /// not null), before it happens: the state that makes it (null: none).
  /// A hook may fork `a.state` and end the forks that must not write (an
  /// error).
  virtual ExecutionState *onWrite(const ResolvedAccess &a, uint64_t /*bytes*/,
                                  const ExprRef & /*symbolicBytes*/) {
    return a.state;
  }
  /// A heap allocation of `size` bytes by `site`: the base of the node
  /// region (MemoryObject::NodeRegion) whose next cell it takes, or none (a
  /// block of its own).
  virtual std::optional<uint64_t> nodeRegionFor(ExecutionState &,
                                                const llvm::Value * /*site*/,
                                                const ExprRef & /*size*/) {
    return std::nullopt;
  }
  /// The bytes of an object were made fresh inputs.
  virtual void onInputMemory(ExecutionState &, const std::vector<ExprRef> &) {}
  /// Whether `address` may point to an object this exploration does not
  /// have (a caller's, when the exploration is a function in isolation).
  virtual bool mayPointOutside(const ExprRef &) const { return false; }
  /// A pointer was stored into the object at `base`, at `offset` (null:
  /// copied bytes, where pointers cannot be told apart); `ownAddress` when
  /// it may point to an object this exploration made.
  virtual void onPointerStore(ExecutionState &, uint64_t /*base*/,
                              const ExprRef & /*offset*/,
                              bool /*ownAddress*/) {}

  //===--- Paths and blocks ------------------------------------------------===//
  /// `s` ends: true when the hook took the ending over (the core then
  /// reports nothing, counts nothing).
  virtual bool onPathEnd(ExecutionState &, const PathEnd &) { return false; }
  /// `s` entered `block` (after its phis). A hook may set `s.waiting`.
  virtual void onBlockEntry(ExecutionState &, const llvm::BasicBlock *) {}
  /// `s` is waiting (see ExecutionState::waiting) and has left the
  /// searcher: the hook that made it wait now holds it.
  virtual void onWaiting(ExecutionState &) {}
  /// Whether the hook holds waiting states.
  virtual bool holdsStates() const { return false; }
  /// Between two steps: true when the hook gave waiting states back (the
  /// exploration then selects again). It must when the searcher is empty.
  virtual bool releaseStates() { return false; }
  /// The exploration ended (its states, the held ones too, are cut or
  /// about to be dropped).
  virtual void onExplorationEnd() {}
};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_HOOKS_H
