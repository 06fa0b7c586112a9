//===- ExecutorImpl.h - the executor's internals ----------------*- C++ -*-===//
//
// The executor is split by instruction family (STYLE.md): Executor.cpp runs
// the exploration loop, forks and terminates paths; ExecArith.cpp gives
// integer instructions and casts their semantics; ExecMemory.cpp resolves
// addresses and does loads, stores, allocation and lazy initialisation;
// ExecControl.cpp handles branches, phis, calls and returns;
// SpecialFunctions.cpp models verifier/KLEE/cosmo intrinsics, malloc and
// friends, and LLVM intrinsics; VarArgs.cpp passes the extra arguments of
// variadic calls; Constants.cpp turns LLVM constants into terms.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_EXECUTORIMPL_H
#define COSMO_ENGINE_EXECUTORIMPL_H

#include "BlockSet.h"
#include "ExecutionState.h"
#include "EntrySignature.h"
#include "Searcher.h"
#include "StatePool.h"

#include "cosmo/engine/Options.h"
#include "cosmo/engine/Results.h"
#include "cosmo/expr/ExprContext.h"
#include "cosmo/solver/Solver.h"
#include "cosmo/summary/MemoTree.h"

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_set>

namespace cosmo::engine {

/// Thrown inside an instruction handler when the construct cannot be
/// analysed; the path is cut with this reason (verdict unknown).
struct Unsupported {
  std::string reason;
};

struct CallContext; // CallReplay.h

/// The result of splitting a state on a condition.
struct Split {
  ExecutionState *onTrue = nullptr;
  ExecutionState *onFalse = nullptr;
};

/// A memory access resolved to one object.
struct ResolvedAccess {
  ExecutionState *state;
  uint64_t base;
  ExprRef offset; // BitVec(pointer width)
};

class ExecutorImpl {
public:
  ExecutorImpl(llvm::Module &m, EngineOptions opts, RunListener &listener);
  ~ExecutorImpl();

  llvm::Error prepare();
  RunSummary run();
  void interrupt() { interrupted_ = true; }
  /// From another thread: stops the query under way.
  void interruptSolver() {
    interrupted_ = true;
    std::lock_guard<std::mutex> lock(solverSwap_);
    if (solver_)
      solver_->interrupt();
  }

  //===--- Forking and termination (Executor.cpp) -------------------------===//
  /// Splits `s` on `cond`. When both sides are feasible, `s` continues as
  /// the true side and a new state (registered for exploration) takes the
  /// false side. When neither can be decided (solver unknown), `s` is cut
  /// and both sides are null.
  /// `isBranch`: the fork counts towards --max-depth (program branches do;
  /// error checks do not).
  Split split(ExecutionState &s, const ExprRef &cond, bool isBranch = true);
  /// Restricts `s` to the inputs where `cond` holds (an assume), ending it
  /// when there are none. One query, not a split's two: whether `cond`
  /// could also fail does not matter to a path that goes on under it.
  void assume(ExecutionState &s, const ExprRef &cond);
  /// Reports `kind` on the states where `errorCond` holds; returns the state
  /// where it does not (or null).
  ExecutionState *checkError(ExecutionState &s, const ExprRef &errorCond,
                             ErrorKind kind, const std::string &message);
  /// Adds `c` to the path condition; with model reuse, `model` is a model
  /// of the new path condition.
  void addConstraint(ExecutionState &s, const ExprRef &c,
                     const solver::Model &model);
  ExecutionState &clone(ExecutionState &s);
  /// Ends `s` as a completed path; `returned` is the entry function's
  /// return (its value, null for void) when the path ended by returning
  /// rather than by exit().
  void terminateCompleted(ExecutionState &s,
                          std::optional<ExprRef> returned = std::nullopt);
  /// Ends `s` with an error, reported at `stack.front()` (default: where
  /// `s` is) once per kind and place, with a test from `model`, a model of
  /// the path condition (asked for when null). Under --target=errors the
  /// run then stops.
  void terminateError(ExecutionState &s, ErrorKind kind,
                      const std::string &message,
                      std::vector<SourceLocation> stack = {},
                      solver::Model model = nullptr);
  void terminateCut(ExecutionState &s, const std::string &reason);
  /// An assumption failed: the path does not exist.
  void terminateInfeasible(ExecutionState &s);
  /// Every solver question goes through here: can `cond` hold on the path
  /// of `s` (null: a model of the path)? The per-query limit never outlasts
  /// the run's time limit.
  solver::SolverResult ask(ExecutionState &s, const ExprRef &cond,
                           bool wantModel);
  /// A model of the path of `s` for its test vector: the state's own model
  /// (model reuse), or one solver call allowed kPathModelGraceMs past the
  /// run's deadline, so that a path reached in time is never dropped for
  /// want of a model.
  solver::SolverResult pathModel(ExecutionState &s);
  static constexpr unsigned kPathModelGraceMs = 2000;
  /// The largest heap block of concrete size a path may allocate.
  static constexpr uint64_t kMaxHeapBlock = uint64_t(64) << 20;
  /// A concrete value of `e` on this path (one solver call).
  std::optional<uint64_t> concreteValue(ExecutionState &s, const ExprRef &e);

  //===--- Values (ExecArith.cpp, Constants.cpp) --------------------------===//
  ExprRef eval(ExecutionState &s, const llvm::Value *v);
  ExprRef evalConstant(ExecutionState &s, const llvm::Constant *c);
  void constantBytes(ExecutionState &s, const llvm::Constant *c,
                     std::vector<ExprRef> &out, uint64_t offset);
  void bind(ExecutionState &s, const llvm::Value *v, ExprRef value) {
    s.frame().registers.set(v, RegValue::of(std::move(value)));
  }
  /// `v`'s value, unboxed when concrete (no term is built).
  RegValue evalValue(ExecutionState &s, const llvm::Value *v);
  /// Runs `i` on machine words when its operands are concrete and it can
  /// report no error (ExecConcrete.cpp); false leaves it to
  /// executeInstruction.
  bool tryConcreteStep(ExecutionState &s, const llvm::Instruction &i);
  std::optional<RegValue> concreteBinary(const llvm::Instruction &i,
                                         const RegValue &a, const RegValue &b,
                                         unsigned w);
  std::optional<uint64_t> concreteGepOffset(ExecutionState &s,
                                            const llvm::GEPOperator &gep);
  /// A new frame's empty registers.
  RegisterFile registersFor(const llvm::Function &f);
  /// The register numbering of `f`, made on first use.
  const FunctionSlots &slotsOf(const llvm::Function &f);
  /// Bits of `t` as stored in memory (Bool -> byte, aggregates as laid out).
  ExprRef encode(const ExprRef &v, const llvm::Type *t);
  ExprRef decode(const ExprRef &bits, const llvm::Type *t);
  unsigned storeBits(const llvm::Type *t) const;
  void executeBinary(ExecutionState &s, const llvm::BinaryOperator &i);
  void executeCast(ExecutionState &s, const llvm::CastInst &i);
  void executeCompare(ExecutionState &s, const llvm::ICmpInst &i);
  ExprRef binaryOp(unsigned opcode, const ExprRef &a, const ExprRef &b);
  ExprRef castOp(unsigned opcode, const ExprRef &v, const llvm::Type *from,
                 const llvm::Type *to);
  ExprRef compareOp(llvm::CmpInst::Predicate p, const ExprRef &a,
                    const ExprRef &b);
  ExprRef gepOffset(ExecutionState &s, const llvm::GEPOperator &gep);
  /// Byte offset and type of the member of aggregate `t` at `indices`
  /// (extractvalue / insertvalue).
  std::pair<uint64_t, llvm::Type *>
  aggregateMember(llvm::Type *t, llvm::ArrayRef<unsigned> indices) const;
  ExprRef asBV(const ExprRef &v) {
    return v->sort().isBool() ? ctx_.boolToBV(v) : v;
  }
  ExprRef asBool(const ExprRef &v) {
    return v->sort().isBool() ? v : ctx_.bvToBool(v);
  }
  /// Pointers, addresses, object offsets and sizes are BitVec terms of the
  /// module's pointer width (DataLayout), 32 or 64 bits.
  unsigned pointerBits() const { return addresses_.pointerBits(); }
  ExprRef pointer(uint64_t value) {
    return addresses_.pointer(ctx_, value);
  }
  /// Objects of isolated runs (memoization trees) live at and above this
  /// address, apart from any object of the program's run: an isolated
  /// run's own allocation can never equal an address of a calling context.
  uint64_t isolatedRegionStart() const {
    return *addresses_.place(isolatedObjectIndex(), 0);
  }
  uint64_t isolatedObjectIndex() const {
    // Past 2^63 (LP64) or 2 GiB (ILP32): slot numbers of the layout.
    return pointerBits() >= 64 ? uint64_t(1) << 39 : uint64_t(1) << 27;
  }
  /// The value 0 of type `t` (an integer, a pointer or an aggregate).
  ExprRef zeroOf(const llvm::Type *t);

  //===--- Memory (ExecMemory.cpp) ----------------------------------------===//
  /// Resolves `address` for an access of `size` bytes; reports errors on
  /// the states where it is invalid. May fork; returns every state that
  /// can go on, with the object it reaches.
  std::vector<ResolvedAccess> resolve(ExecutionState &s, ExprRef address,
                                      uint64_t size);
  void executeLoad(ExecutionState &s, const llvm::LoadInst &i);
  void executeStore(ExecutionState &s, const llvm::StoreInst &i);
  /// Isolated runs: a pointer stored into the object at `base`, at
  /// `offset` (null: bytes copied, where pointers cannot be told apart);
  /// `ownAddress` when it may point to an object the isolated run made
  /// (see ExecutionState::storedPointer).
  void notePointerStore(ExecutionState &s, uint64_t base,
                        const ExprRef &offset, bool ownAddress);
  void executeAlloca(ExecutionState &s, const llvm::AllocaInst &i);
  /// A new object at the next free address of `s`; throws Unsupported when
  /// the address space has no room left for it.
  uint64_t allocate(ExecutionState &s, uint64_t capacity,
                    memory::ObjectKind kind, const std::string &name,
                    ExprRef initial, ExprRef symbolicSize = {},
                    const void *typeTag = nullptr);
  std::string addressSpaceExhausted(const ExecutionState &s,
                                    uint64_t capacity) const;
  /// Heap allocation of `size` bytes (maybe symbolic); returns the states
  /// that go on with the block's address bound to `result`.
  void allocateHeap(ExecutionState &s, const ExprRef &size, bool zeroed,
                    const llvm::Value *result, const std::string &site);
  void freeAddress(ExecutionState &s, const ExprRef &address);
  /// Gives every byte of the object at `base` its own input variable.
  std::vector<ExprRef> fillWithInputBytes(ExecutionState &s, uint64_t base,
                                          const std::string &name);
  /// `ptr` (an input pointer's value) is stored at `holderOffset` of the
  /// input object or pointer argument named `holder`.
  void registerLazyPointer(ExecutionState &s, const ExprRef &ptr,
                           const llvm::Type *pointee, std::string path,
                           std::string holder, uint64_t holderOffset);
  /// Copy `n` concrete bytes (memcpy/memmove semantics with overlap).
  void copyBytes(ExecutionState &s, const ExprRef &dst, const ExprRef &src,
                 uint64_t n);
  ExprRef readMemory(ExecutionState &s, const ResolvedAccess &a, unsigned n);
  std::string readCString(ExecutionState &s, const ExprRef &address);

  //===--- Control (ExecControl.cpp) --------------------------------------===//
  void executeInstruction(ExecutionState &s, const llvm::Instruction &i);
  void transferToBlock(ExecutionState &s, const llvm::BasicBlock *target);
  void executeBranch(ExecutionState &s, const llvm::BranchInst &i);
  void executeSwitch(ExecutionState &s, const llvm::SwitchInst &i);
  void executeCall(ExecutionState &s, const llvm::CallBase &call);
  void callFunction(ExecutionState &s, const llvm::CallBase &call,
                    const llvm::Function &f, std::vector<ExprRef> args);
  void executeReturn(ExecutionState &s, const llvm::ReturnInst &i);
  /// Throws Unsupported when `args` or the call's type do not have the
  /// widths of `f`'s parameters and return type.
  void checkCallMatches(const llvm::CallBase &call, const llvm::Function &f,
                        const std::vector<ExprRef> &args);
  /// Finish a call that was handled without a frame.
  void returnValue(ExecutionState &s, const llvm::CallBase &call,
                   ExprRef value);

  //===--- Special functions and intrinsics (SpecialFunctions.cpp) --------===//
  /// Whether the engine gives a declared function named `name` its meaning
  /// (verifier and KLEE calls, the allocator, exit ...).
  static bool isPrimitive(llvm::StringRef name);
  static std::vector<ExternalFunction>
  externalFunctions(const llvm::Module &m);
  /// True when `f` was handled (the state has moved on or ended).
  bool handleSpecial(ExecutionState &s, const llvm::CallBase &call,
                     const llvm::Function &f, std::vector<ExprRef> &args);
  bool handleIntrinsic(ExecutionState &s, const llvm::CallBase &call,
                       const llvm::Function &f, std::vector<ExprRef> &args);
  ExprRef makeSymbolicValue(ExecutionState &s, const llvm::Type *t,
                            const std::string &name, const std::string &source,
                            const std::string &function);

  //===--- Variadic functions (VarArgs.cpp) ------------------------------===//
  /// Stores the extra arguments of `call` (those after f's parameters) in
  /// a new stack object laid out as the target's va_arg reads them;
  /// returns its address.
  uint64_t layOutVarArgs(ExecutionState &s, const llvm::CallBase &call,
                         const llvm::Function &f,
                         const std::vector<ExprRef> &args);
  /// llvm.va_start: points the va_list at `vaList` to the current frame's
  /// extra arguments.
  void executeVaStart(ExecutionState &s, const ExprRef &vaList);
  /// llvm.va_copy.
  void executeVaCopy(ExecutionState &s, const ExprRef &dst,
                     const ExprRef &src);
  /// Throws Unsupported unless the target's va_list is one cosmo knows.
  void checkVarArgsTarget() const;
  uint64_t vaListBytes() const;

  //===--- Memoization trees (SummaryBuilder.cpp, CallReplay.cpp) --------===//
  /// Seed 002 algorithm 1: the functions `entry_` reaches, callees first,
  /// each explored once in isolation into a memoization tree.
  void buildSummaries();
  /// Records that `s` took successor `choice` of the conditional `site`
  /// in the tree being built; false when that cut the path (depth bound).
  bool noteChoice(ExecutionState &s, const llvm::Instruction &site,
                  unsigned choice);
  /// Whether the isolated run being built has passed one of its bounds
  /// (time, instructions, states at once, memory it made the process
  /// grow by); the first one passed becomes buildInvalid_, and the
  /// function is explored inline.
  bool isolatedRunExhausted();
  /// --summary-timeout alone: sets buildInvalid_ when the isolated run's
  /// time is up, and says so.
  bool noteIsolatedRunOverTime();
  /// Ends a path of an isolated run as a leaf of the tree being built.
  /// Completed paths that returned (`returned`) also record their effect;
  /// an error's `stack` (innermost first) defaults to where `s` is.
  void recordLeaf(ExecutionState &s, summary::LeafKind kind,
                  const std::string &errorKind, const std::string &detail,
                  const std::optional<ExprRef> &returned = std::nullopt,
                  const std::vector<SourceLocation> &stack = {});
  /// The effect of a completed path of an isolated run (result, writes to
  /// input objects and globals) into `p`, whose objects are `objectAt`.
  void recordEffect(ExecutionState &s, summary::PcPair &p,
                    const std::map<uint64_t, size_t> &objectAt,
                    const std::unordered_set<const expr::Expr *> &inputVars,
                    const std::optional<ExprRef> &returned);
  /// Seed 002 algorithms 2-3: at a call of a summarised function, marks
  /// the paths of its tree feasible in the calling context and, when the
  /// context is one the tree covers, lets the tree guide `s` through the
  /// call (the frame is already pushed).
  void composeCall(ExecutionState &s, const summary::MemoTree &tree,
                   const std::vector<ExprRef> &args);
  /// Counts a call of a summarised function; its tree's entry in the
  /// run's statistics when the call is in the program's run.
  MemoTreeInfo *countInvocation(const summary::MemoTree &tree);
  /// The stack of a callee's error pair reported at a call in `s`: the
  /// isolated run's frames (error up to the callee), then the caller's
  /// (without the callee's own frame when it is already pushed).
  std::vector<SourceLocation> calleeErrorStack(const summary::PcPair &p,
                                               const ExecutionState &s,
                                               bool calleeFramePushed) const;
  /// The calling context as a callee's tree sees it (algorithm 3's heap
  /// check); null when the tree cannot express it. `exactExtent`: each
  /// input object must end where the caller's object does (not only fit).
  std::unique_ptr<CallContext>
  fitCall(ExecutionState &s, const summary::MemoTree &tree,
          const std::vector<ExprRef> &args, bool exactExtent);
  /// Isolated runs (SummaryBuilder.cpp): whether `address` may be built on
  /// an address the caller gives other than through a lazily initialised
  /// pointer (a pointer read from a global, an integer parameter made a
  /// pointer). Seed 002 section IV.C initialises input references lazily
  /// so that each pair's heap PC says where they point in terms a caller
  /// can check (algorithm 3); such an address has no heap PC, and where it
  /// points the isolated run cannot tell: a caller's stack or heap object,
  /// or a global whose bytes the run does not have as inputs. Its bases are
  /// what its sums and the arms of its guarded unions are made of, leaving
  /// out scaled and widened indices.
  bool mayBeCallersAddress(const ExprRef &address) const;
  /// Formula summaries (CallSummary.cpp): composes the summary of `f` into
  /// `s` at `call` (result, writes, the callee's reachable errors) without
  /// a frame and without forking. False when the call must be inlined
  /// instead (counted, with the reason, in the statistics).
  bool composeSummary(ExecutionState &s, const llvm::CallBase &call,
                      const summary::MemoTree &tree,
                      const std::vector<ExprRef> &args);
  /// Where the heap `blocks` a composed callee returns with will be
  /// allocated in `s` (as its next allocations); false when the address
  /// space has no room.
  bool placeNewBlocks(const ExecutionState &s,
                      const std::vector<summary::Allocation> &blocks,
                      std::vector<uint64_t> &bases) const;
  /// The byte at `address` in `s`; null outside any live object (a new
  /// block not yet allocated).
  ExprRef byteAt(const ExecutionState &s, uint64_t address);
  /// Heuristics H1/H2 (seed 002 section IV.E) at a call in the program's
  /// run under --target=errors: true when they ended the path of `s` (an
  /// error pair of `open` is feasible, or the tree was pruned to errors and
  /// none is). The error pairs they find infeasible leave `open`.
  bool shortCircuitErrors(
      ExecutionState &s, const summary::MemoTree &tree,
      std::vector<std::pair<size_t, ExprRef>> &open);
  /// A conditional of a state a tree guides, with the condition of each
  /// successor (`conds[k]` leads to `succs[k]`): true when the tree decided
  /// it (the states that go on are at their successors); false when the
  /// guide was dropped and the solver must decide.
  bool decideGuided(ExecutionState &s, const llvm::Instruction &site,
                    const std::vector<ExprRef> &conds,
                    const std::vector<const llvm::BasicBlock *> &succs);
  void dropGuide(ExecutionState &s);
  /// An error check (`checkError`) of a state a tree guides: which of its
  /// sides, the error and the good one, lead to live pairs; nothing when
  /// the tree cannot say (a path cut in isolation passes here).
  struct CheckSides {
    bool error = false, good = false;
  };
  std::optional<CheckSides> guidedCheck(const ExecutionState &s,
                                        const CheckId &check,
                                        ErrorKind kind) const;
  /// The instruction the innermost frame of `s` is executing.
  const llvm::Instruction *currentInstruction(const ExecutionState &s) const;
  const summary::MemoTree *treeOf(const llvm::Function &f) const {
    auto it = trees_.find(&f);
    return it == trees_.end() ? nullptr : it->second.get();
  }

  //===--- State merging (StateMerging.cpp) -------------------------------===//
  /// Per function: the reverse post-order of its blocks (which join point
  /// comes first), and for the values that decide an address or a branch,
  /// how many constants a merge may make them (--merge=auto).
  struct MergeInfo {
    std::unordered_map<const llvm::BasicBlock *, unsigned> order;
    std::unordered_map<const llvm::Value *, unsigned> unionLimit;
  };
  const MergeInfo &mergeInfo(const llvm::Function &f);
  /// Whether states of the current run may be merged (--merge).
  bool mergingEnabled() const;
  /// `s` has just entered `target`: a join block makes it wait.
  void noteBlockEntry(ExecutionState &s, const llvm::BasicBlock *target);
  /// Where `s` is, frame by frame, ordered as the functions' blocks are.
  std::vector<std::tuple<uintptr_t, unsigned, size_t>>
  mergeLocation(const ExecutionState &s);
  /// Takes `s` out of the searcher until releaseParked.
  void park(ExecutionState &s);
  bool shouldReleaseParked() const;
  /// Merges the waiting states at the earliest location where they are
  /// compatible and gives the results back to the searcher.
  void releaseParked();
  /// Makes `a` the join of `a` and `b` when they are compatible (then `b`
  /// is no longer needed); false, with both unchanged, otherwise.
  bool mergeStates(ExecutionState &a, ExecutionState &b);

  //===--- Locations ------------------------------------------------------===//
  static SourceLocation locationOf(const llvm::Instruction *i);
  std::optional<EntrySignature> entrySignature() const {
    return entry_ ? cSignatureOf(*entry_) : std::nullopt;
  }
  uint64_t programBlocksCovered() const;
  Progress progress(uint64_t blocksTotal) const;
  std::vector<FileCoverage> lineCoverage() const;
  /// The instruction an error should be reported at: the current one, or
  /// for errors inside cosmo's libc models, the program's call.
  std::vector<SourceLocation> stackOf(const ExecutionState &s) const;
  /// The innermost entry of stackOf(s).
  SourceLocation programLocation(const ExecutionState &s) const;

  expr::ExprContext &ctx() { return ctx_; }
  const llvm::DataLayout &layout() const { return layout_; }
  DataModel dataModel() const {
    return pointerBits() == 32 ? DataModel::ILP32 : DataModel::LP64;
  }
  const EngineOptions &options() const { return opts_; }

private:
  void initializeGlobals(ExecutionState &s);
  /// Runs the searcher until no state is left or a limit ends the run.
  void explore(uint64_t blocksTotal);
  /// Statistics, coverage and the verdict of the program's run.
  void finishRun(uint64_t blocksTotal);
  void buildTree(const llvm::Function &f);
  std::unique_ptr<ExecutionState> makeIsolatedState(const llvm::Function &f,
                                                    summary::MemoTree &tree);
  std::unique_ptr<ExecutionState> makeInitialState();
  void setUpEntryArguments(ExecutionState &s, const llvm::Function &f);
  void stepState(ExecutionState &s);
  bool limitsReached(std::string &why);
  TestVector makeTest(ExecutionState &s, const std::string &outcome,
                      const expr::Assignment &model);
  void cutAll(const std::string &reason);
  bool pathLimitReached() const;
  bool timeLimitPassed() const;
  void noteUnknown(const std::string &reason);
  uint64_t currentRssKB() const;
  /// --max-memory: the resident size is at or above the limit.
  bool overMemoryLimit() const;
  /// Ends half of the states (cut, verdict unknown) to get back under the
  /// memory limit.
  void dropStatesForMemory();

  llvm::Module &module_;
  EngineOptions opts_;
  RunListener &listener_;
  llvm::DataLayout layout_;
  memory::AddressLayout addresses_; // from layout_'s pointer width
  expr::ExprContext ctx_;
  solver::PipelineStats solverStats_; // outlives solver_, which counts here
  std::unique_ptr<solver::Solver> solver_;
  std::mutex solverSwap_; // guards replacing solver_ against interruptSolver
  std::unique_ptr<Searcher> searcher_;
  const llvm::Function *entry_ = nullptr;

  StatePool states_;
  std::vector<ExecutionState *> added_;
  uint64_t nextStateId_ = 0;

  // Addresses shared by all states: globals and functions are allocated in
  // the initial state, before any fork.
  std::unordered_map<const llvm::GlobalValue *, uint64_t> globalAddress_;
  std::unordered_map<uint64_t, const llvm::Function *> functionAt_;
  std::unordered_map<const llvm::BasicBlock *, uint64_t> blockAddress_;

  std::set<std::tuple<int, std::string, unsigned>> reportedErrors_;

  // Memoization trees (--calls=replay).
  std::unordered_map<const llvm::Function *,
                     std::unique_ptr<summary::MemoTree>>
      trees_;
  /// Each tree's entry in summary_.trees.
  std::unordered_map<const summary::MemoTree *, size_t> treeInfo_;
  summary::MemoTree *building_ = nullptr; // the isolated run's tree
  /// Why the tree being built cannot be used (empty: it can).
  std::string buildInvalid_;
  std::chrono::steady_clock::time_point buildDeadline_;
  /// At the start of the isolated run: the run's instruction count, and
  /// the process's resident memory.
  uint64_t buildInstructions_ = 0;
  uint64_t buildRssKB_ = 0;
  uint64_t buildMemoryCheck_ = 0; // calls of isolatedRunExhausted
  /// The isolated run's inputs that a caller gives: its parameters and the
  /// bytes of the globals it reads and of its input objects. An address
  /// made of them may point into the caller's objects, which the isolated
  /// run does not have (mayBeCallersAddress).
  std::unordered_set<ExprRef, expr::ExprRefHash> isolatedInputVars_;
  bool guidedAdd_ = false; // addConstraint called by decideGuided
  /// The check whose error path is being terminated (recordLeaf keeps it).
  std::optional<CheckId> failingCheck_;
  // --merge: states waiting at join points, and the searcher's steps.
  std::vector<ExecutionState *> parked_;
  uint64_t exploreSteps_ = 0;
  std::unordered_map<const llvm::Function *, MergeInfo> mergeInfo_;
  std::unordered_map<const llvm::Function *, std::unique_ptr<FunctionSlots>>
      functionSlots_;
  BlockSet coveredBlocks_;
  /// Blocks some state ran an instruction of (coverage-new search), and
  /// the state running now.
  BlockSet ranBlocks_;
  ExecutionState *stepping_ = nullptr;
  ExecutionState *warm_ = nullptr; // the state stepped last
  RunSummary summary_;
  std::chrono::steady_clock::time_point start_;
  std::atomic<bool> interrupted_{false};
  bool stopping_ = false;
  bool targetReached_ = false; // --target=errors found its error
};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_EXECUTORIMPL_H
