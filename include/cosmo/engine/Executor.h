//===- cosmo/engine/Executor.h - the executor core --------------*- C++ -*-===//
//
// Symbolic execution of a prepared module (see frontend): the core runs
// explorations (Exploration.h), forking at every branch whose condition can
// go both ways, checking for errors where they can occur, and handing every
// error and completed path to a RunListener. Composition is not its
// business: the layer above (src/summary) plugs in through ExecutionHooks
// and runs functions in isolation as explorations of their own. The verdict is `false` when an error was
// found, `true` only when every path ran to its end with no limit hit and
// nothing unsupported met, `unknown` otherwise.
//
// The core is split by instruction family (STYLE.md): Executor.cpp sets
// runs up and forks paths, PathEnds.cpp ends them, Exploration.cpp runs
// explorations; ExecArith.cpp gives integer instructions and casts their
// semantics; ExecMemory.cpp resolves addresses and does loads, stores,
// allocation and lazy initialisation; ExecControl.cpp handles branches,
// phis, calls and returns;
// SpecialFunctions.cpp models verifier/KLEE/cosmo intrinsics, malloc and
// friends, and LLVM intrinsics; VarArgs.cpp passes the extra arguments of
// variadic calls; Constants.cpp turns LLVM constants into terms.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_EXECUTOR_H
#define COSMO_ENGINE_EXECUTOR_H

#include "cosmo/engine/ExecutionState.h"
#include "cosmo/engine/EntrySignature.h"
#include "cosmo/engine/Exploration.h"

#include "cosmo/engine/Options.h"
#include "cosmo/engine/Results.h"
#include "cosmo/expr/ExprContext.h"
#include "cosmo/solver/Solver.h"

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_set>

namespace cosmo::frontend {
class AssertionReach;
}

namespace cosmo::engine {

/// Thrown inside an instruction handler when the construct cannot be
/// analysed; the path is cut with this reason (verdict unknown).
struct Unsupported {
  std::string reason;
};

/// The result of splitting a state on a condition.
struct Split {
  ExecutionState *onTrue = nullptr;
  ExecutionState *onFalse = nullptr;
};

class Executor {
public:
  Executor(llvm::Module &m, EngineOptions opts, RunListener &listener);
  ~Executor();
  llvm::Error prepare();
  void interrupt() { interrupted_ = true; }
  /// From another thread: stops the query under way.
  void interruptSolver() {
    interrupted_ = true;
    std::lock_guard<std::mutex> lock(solverSwap_);
    if (solver_)
      solver_->interrupt();
  }

  //===--- Forking (Executor.cpp) and termination (PathEnds.cpp) ----------===//
  /// Splits `s` on `cond`. When both sides are feasible, `s` continues as
  /// the true side and a new state (registered for exploration) takes the
  /// false side. When neither can be decided (solver unknown), `s` is cut
  /// and both sides are null.
  /// `isBranch`: the fork counts towards --max-depth (program branches do;
  /// error checks do not).
  /// `decided`: a hook already knows both sides lead somewhere (see
  /// addConstraint).
  Split split(ExecutionState &s, const ExprRef &cond, bool isBranch = true,
              bool decided = false);
  /// Restricts `s` to the inputs where `cond` holds (an assume), ending it
  /// when there are none. One query, not a split's two: whether `cond`
  /// could also fail does not matter to a path that goes on under it.
  void assume(ExecutionState &s, const ExprRef &cond);
  /// Reports `kind` on the states where `errorCond` holds; returns the state
  /// where it does not (or null). `stack`: where the error is reported,
  /// when not where `s` stands (an annotation's line).
  ExecutionState *checkError(ExecutionState &s, const ExprRef &errorCond,
                             ErrorKind kind, const std::string &message,
                             std::vector<SourceLocation> stack = {});
  /// Adds `c` to the path condition; with model reuse, `model` is a model
  /// of the new path condition. `decided`: a hook decided it (else the
  /// hooks hear of it through onConstraint).
  void addConstraint(ExecutionState &s, const ExprRef &c,
                     const solver::Model &model, bool decided = false);
  ExecutionState &clone(ExecutionState &s);
  /// `child` (a state made elsewhere: copyState) joins the running
  /// exploration as a fork of `parent`, with an id of its own.
  ExecutionState &addFork(ExecutionState &parent,
                          std::unique_ptr<ExecutionState> child);
  /// Ends `s` with an error, reported at `stack.front()` (default: where
  /// `s` is) once per kind and place, with a test from `model`, a model of
  /// the path condition (asked for when null). Under --target=errors the
  /// run then stops.
  void terminateError(ExecutionState &s, ErrorKind kind,
                      const std::string &message,
                      std::vector<SourceLocation> stack = {},
                      solver::Model model = nullptr);
  void terminateCut(ExecutionState &s, const std::string &reason);
  /// A model of the path of `s` to a `kind` error at `at`; null when there
  /// is none: `impossible` when the path cannot happen (over-approximated
  /// under a \forall, or forked by a hook without the solver), else
  /// noted unknown.
  solver::Model errorModel(ExecutionState &s, ErrorKind kind,
                           const SourceLocation &at, bool &impossible);
  /// Whether a `kind` error at `at` was reported in this run.
  bool errorReported(ErrorKind kind, const SourceLocation &at) const {
    return reportedErrors_.count(placeOf(kind, at)) != 0;
  }
  /// An assumption failed: the path does not exist.
  void terminateInfeasible(ExecutionState &s);
  /// Every solver question goes through here: can `cond` hold on the path
  /// of `s` (null: a model of the path)? The per-query limit (or
  /// `limitMs`, when lower and not 0) never outlasts the run's time limit.
  solver::SolverResult ask(ExecutionState &s, const ExprRef &cond,
                           bool wantModel, unsigned limitMs = 0);
  /// A model of the path of `s` for its test vector: the state's own model
  /// (model reuse), or one solver call allowed kPathModelGraceMs past the
  /// run's deadline, so that a path reached in time is never dropped for
  /// want of a model.
  solver::SolverResult pathModel(ExecutionState &s);

  //===--- Values (ExecArith.cpp, Constants.cpp) --------------------------===//
  ExprRef eval(ExecutionState &s, const llvm::Value *v);
  void bind(ExecutionState &s, const llvm::Value *v, ExprRef value) {
    s.frame().registers.set(v, RegValue::of(std::move(value)));
  }
  ExprRef asBV(const ExprRef &v) {
    return v->sort().isBool() ? ctx_.boolToBV(v) : v;
  }
  /// Pointers, addresses, object offsets and sizes are BitVec terms of the
  /// module's pointer width (DataLayout), 32 or 64 bits.
  unsigned pointerBits() const { return addresses_.pointerBits(); }
  const memory::AddressLayout &addresses() const { return addresses_; }
  ExprRef pointer(uint64_t value) {
    return addresses_.pointer(ctx_, value);
  }
  /// Objects of isolated runs of functions live at and above this address,
  /// apart from any object of the program's run: an isolated run's own
  /// allocation can never equal an address of a calling context.
  uint64_t isolatedRegionStart() const {
    return *addresses_.place(isolatedObjectIndex(), 0);
  }

  //===--- Memory (ExecMemory.cpp) ----------------------------------------===//
  /// Resolves `address` for an access of `size` bytes; reports errors on
  /// the states where it is invalid. May fork; returns every state that
  /// can go on, with the object it reaches. `source`, the IR value of the
  /// address when there is one, names an access outside every object by
  /// the pointer it came from (OutsideAccess.h).
  std::vector<ResolvedAccess> resolve(ExecutionState &s, ExprRef address,
                                      uint64_t size,
                                      const llvm::Value *source = nullptr);
  /// `e` with the input pointers `s` resolved replaced by their targets.
  ExprRef withResolvedLazy(const ExecutionState &s, const ExprRef &e);
  /// A read of `bytes` bytes at `pointer` with no checks, from the object
  /// the pointer came from (a logic term's read: an invalid one has some
  /// value). Null when that object is an input pointer's not made yet;
  /// throws Unsupported when there is no such object.
  ExprRef readFromProvenance(ExecutionState &s, const llvm::Value *pointer,
                             unsigned bytes);
  /// A new object at the next free address of `s`; throws Unsupported when
  /// the address space has no room left for it.
  uint64_t allocate(ExecutionState &s, uint64_t capacity,
                    memory::ObjectKind kind, const std::string &name,
                    ExprRef initial, ExprRef symbolicSize = {},
                    const void *typeTag = nullptr, bool unbounded = false);
  //===--- Node regions (NodeRegions.cpp) ---------------------------------===//
  /// The link offsets of node type `node` (a struct: its fields that
  /// point to its own type; pointers to other types are its data); none
  /// for any other type.
  std::optional<std::vector<uint64_t>> nodeLinks(const llvm::Type *node) const;
  /// A new node region (MemoryObject::NodeRegion) of `cells` cells, all
  /// valid, of nodes of `blockSize` bytes (in cells of the power of two
  /// at or above it) with links at `links`, for the heap blocks of
  /// allocation `site`; its base, or none when the address space of `s`
  /// has no room for it.
  std::optional<uint64_t> makeNodeRegion(ExecutionState &s, const std::string &name,
                          uint64_t blockSize, std::vector<uint64_t> links,
                          const ExprRef &cells, const void *site,
                          const void *typeTag);
  /// The bytes a node region of nodes of `blockSize` bytes reserves: room
  /// for more cells than a real process can hold blocks of that size at
  /// once.
  uint64_t nodeRegionBytes(uint64_t blockSize) const;
  /// Sets the cell counts of the region at `base`.
  void setNodeCells(ExecutionState &s, uint64_t base, const ExprRef &cells,
                    const ExprRef &validCells);
  /// `offset` (pointer-sized) into `o` as its content is indexed: itself,
  /// or for a node region under ILP32 the 64-bit difference of the
  /// address and the base.
  ExprRef contentOffset(const memory::MemoryObject &o, const ExprRef &offset);
  /// The most cells region `o` has.
  static uint64_t maxNodes(const memory::MemoryObject &o);
  /// `v` is null, the address of a cell of region `o`, or one of its
  /// anchors'.
  ExprRef isNodeOf(const memory::MemoryObject &o, const ExprRef &v);
  /// What a valid cell's link of region `o` may hold: isNodeOf, and while
  /// the region has a link bound (NodeRegion::linkBound) a cell below it
  /// or a link written since.
  ExprRef isLinkTarget(const memory::MemoryObject &o, const ExprRef &v);
  /// Bounds the links of region `base` by its cells now: where a loop
  /// body's isolated run starts over the region's carried content or
  /// cells, whose valid links hold null or a cell (NodeRegion::linkBound).
  void boundLinks(ExecutionState &s, uint64_t base);
  /// Makes the object at `anchor` (of the region's node type) an anchor of
  /// the region at `base`, whose links are valid where `valid` holds.
  void addNodeAnchor(ExecutionState &s, uint64_t base, uint64_t anchor,
                     const ExprRef &valid);
  /// The heap block of an allocation as the next cell of region `base`,
  /// bound to `result`.
  void allocateNode(ExecutionState &s, uint64_t base, bool zeroed,
                    const llvm::Value *result);
  /// A read of `bytes` bytes through `a` gave `value`: a link of a valid
  /// cell holds null or a cell. The value to go on with (the same).
  ExprRef assumeLinkRead(ExecutionState &s, const ResolvedAccess &a,
                         unsigned bytes, const ExprRef &value);
  /// The value of each link (region `r`'s link offsets) of the node at
  /// offset `at` of object `e`: a cell's, or an anchor's at 0.
  std::vector<ExprRef> linksAt(const memory::ObjectEntry &e,
                               const memory::MemoryObject::NodeRegion &r,
                               const ExprRef &at);
  /// Makes the block `value` points to an anchor of region `o` when it
  /// can be one (a heap node of the region's size outside it, at a cell's
  /// alignment): a list's node made apart and linked in (an append at the
  /// tail), an unset anchor while its links may hold anything but null or
  /// a node. Whether it did.
  bool adoptAnchor(ExecutionState &s, const memory::MemoryObject &o,
                   const ExprRef &value);
  /// Takes each of region `base`'s unset anchors (NodeRegion::
  /// unsetAnchors) whose links now hold null or a node on the path of `s`
  /// as set: the region's from then on.
  void settleAnchors(ExecutionState &s, uint64_t base);
  /// A write through `a` of `bytes` bytes (`value`, when known) as a region
  /// allows it: the state where it keeps every valid cell's links null or a
  /// cell (the rest is cut), or null.
  ExecutionState *checkedNodeWrite(const ResolvedAccess &a, uint64_t bytes,
                                   const ExprRef &value);

  /// The heap block at `base` was allocated at `site`
  /// (MemoryObject::siteFile): where a leak of it is reported.
  void setAllocationSite(ExecutionState &s, uint64_t base,
                         const SourceLocation &site,
                         const void *siteTag = nullptr);
  /// A stack object of `size` bytes (a 64-bit term) in the frame of `s`,
  /// freed when it returns, bound to `result`: an alloca instruction (a
  /// VLA when `size` is symbolic) or a call of alloca().
  void allocateInFrame(ExecutionState &s, const ExprRef &size,
                       const std::string &name, const llvm::Type *type,
                       const llvm::Value *result);
  /// A new input object that the unresolved input pointer `lazy` now points
  /// to (the caller constrains `lazy` to its address): `capacity` bytes,
  /// its size `size` when symbolic; content a variable per byte, or one
  /// array when `unbounded` (a capacity too large for that).
  uint64_t newInputTarget(ExecutionState &s, const ExprRef &lazy,
                          uint64_t capacity, ExprRef size,
                          InputRecord::CallerDecides callerDecides,
                          bool unbounded = false);
  /// Gives every byte of the object at `base` its own input variable.
  std::vector<ExprRef> fillWithInputBytes(ExecutionState &s, uint64_t base,
                                          const std::string &name);
  std::string readCString(ExecutionState &s, const ExprRef &address);

  //===--- Control (ExecControl.cpp) --------------------------------------===//
  void callFunction(ExecutionState &s, const llvm::CallBase &call,
                    const llvm::Function &f, std::vector<ExprRef> args);
  /// Finish a call that was handled without a frame.
  void returnValue(ExecutionState &s, const llvm::CallBase &call,
                   ExprRef value);

  //===--- Special functions and intrinsics (SpecialFunctions.cpp) --------===//

  //===--- Locations ------------------------------------------------------===//
  static SourceLocation locationOf(const llvm::Instruction *i);
  std::optional<EntrySignature> entrySignature() const;
  /// The instruction an error should be reported at: the current one, or
  /// for errors inside cosmo's libc models, the program's call.
  std::vector<SourceLocation> stackOf(const ExecutionState &s) const;
  expr::ExprContext &ctx() { return ctx_; }
  DataModel dataModel() const {
    return pointerBits() == 32 ? DataModel::ILP32 : DataModel::LP64;
  }
  const EngineOptions &options() const { return opts_; }

  //===--- Explorations (Exploration.cpp) ---------------------------------===//
  /// The run: `before` (the isolated runs of the layers above; may be
  /// null), then the program's exploration from the entry, with `hooks`.
  RunSummary run(std::vector<ExecutionHooks *> hooks,
                 const std::function<void()> &before = {});
  /// An isolated run: `e` from the state `start` makes (in `e`) until it
  /// ends. A construct the engine cannot run, or memory running out, stops
  /// `e` with that reason, as does a state left when it ends: `e.stopped()`
  /// says whether its paths are all there is.
  void exploreFrom(Exploration &e,
                   const std::function<std::unique_ptr<ExecutionState>()> &start);
  /// Makes `e` the running exploration for its lifetime (states are made
  /// in it and hooks are its), then the one before again.
  ///
  /// An exploration's bound of instructions counts its own paths': one
  /// started inside another (a nested loop body's run, a run on a model's
  /// inputs) has bounds of its own, and a run bounded by time alone runs
  /// as many instructions as the machine is fast (a body's run passed its
  /// bound on a faster machine only, through its runs on models).
  class Scope {
  public:
    Scope(Executor &x, Exploration &e)
        : x_(x), outer_(x.run_), inner_(&e),
          instructionsAtStart_(x.summary_.stats.instructions) {
      x.addStandingHooksTo(e);
      x.run_ = &e;
    }
    ~Scope() {
      if (outer_ && outer_ != inner_)
        outer_->instructionsAtStart +=
            x_.summary_.stats.instructions - instructionsAtStart_;
      x_.run_ = outer_;
    }
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    Executor &x_;
    Exploration *outer_, *inner_;
    uint64_t instructionsAtStart_;
  };
  /// The running exploration.
  Exploration &exploration() { return *run_; }
  /// `h` becomes a hook of every exploration, after the exploration's own
  /// (the meaning of an instrumentation the layer above wrote into the
  /// program); `h` must outlive the explorations.
  void addStandingHook(ExecutionHooks &h) { standingHooks_.push_back(&h); }
  /// Registers a new state of the running exploration.
  ExecutionState &addState(std::unique_ptr<ExecutionState> s);
  /// A state at the first instruction of `f` with the globals initialised
  /// (not yet a frame's arguments; see setUpEntryArguments). `isolated`:
  /// its objects go at and above isolatedRegionStart().
  std::unique_ptr<ExecutionState> makeStateAt(const llvm::Function &f,
                                              std::string namePrefix = "",
                                              bool isolated = false);
  /// `shaped`: pointer parameters get the shapes of InputShapes::Shaped
  /// (the program's entry under that option; an isolated run's function
  /// must hold for any caller, so its are lazily initialised).
  void setUpEntryArguments(ExecutionState &s, const llvm::Function &f,
                           bool shaped = false);
  /// A state at the entry with its arguments, as the program's run starts
  /// (in the running exploration).
  std::unique_ptr<ExecutionState> initialState() { return makeInitialState(); }
  /// A copy of `s` with an id of its own, in no exploration yet.
  std::unique_ptr<ExecutionState> copyState(const ExecutionState &s);
  /// Seconds left before the run's time limit (a large number without one).
  double secondsLeft() const;
  /// `s` takes successor `choice` of `site` into `target` unless a hook
  /// ends it there; `decided`: a hook, not the solver, decided it.
  void takeBranch(ExecutionState &s, const llvm::Instruction &site,
                  unsigned choice, const llvm::BasicBlock *target,
                  bool decided = false);
  /// Whether the run must stop (interrupted, a limit reached): `why`.
  bool limitsReached(std::string &why);
  bool runStopping() const { return stopping_ || interrupted_; }
  /// A new solver pipeline (the old one's caches hold only what the
  /// isolated runs asked).
  void replaceSolver();
  /// The solver pipeline, made at the first query.
  solver::Solver &solver();
  void noteUnknown(const std::string &reason);
  /// A reason that explains the verdict only if the run ends unknown for
  /// another (its time limit, mostly): a question left undecided whose
  /// loop was unrolled instead, which may still decide it. (noteUnknown
  /// drops repeats when finishRun adds them.)
  void noteIfUnknown(const std::string &reason) {
    pendingUnknown_.push_back(reason);
  }
  RunSummary &summary() { return summary_; }
  const solver::PipelineStats &solverStats() const { return solverStats_; }
  const llvm::Function *entry() const { return entry_; }
  llvm::Module &module() { return module_; }
  uint64_t globalAddress(const llvm::GlobalValue *g) const {
    return globalAddress_.at(g);
  }
  /// Where `g` was placed; none for a value the module gained after the
  /// run placed its globals.
  std::optional<uint64_t> placedAt(const llvm::GlobalValue *g) const {
    auto it = globalAddress_.find(g);
    return it == globalAddress_.end() ? std::nullopt
                                      : std::optional(it->second);
  }

private:
  uint64_t isolatedObjectIndex() const {
    // Past 2^63 (LP64) or 2 GiB (ILP32): slot numbers of the layout.
    return pointerBits() >= 64 ? uint64_t(1) << 39 : uint64_t(1) << 27;
  }
  /// The innermost entry of stackOf(s).
  SourceLocation programLocation(const ExecutionState &s) const;
  const llvm::DataLayout &layout() const { return layout_; }
  const Exploration &exploration() const { return *run_; }
  friend std::vector<ExternalFunction>
  externalFunctionsOf(const llvm::Module &m);
  static std::vector<ExternalFunction>
  externalFunctions(const llvm::Module &m);
  /// The solver's answer to `cond` on the path of `s` (its quantified
  /// facts included) within `limitMs` (0: none): what ask and pathModel
  /// ask once each has its limit.
  solver::SolverResult checkOnPath(ExecutionState &s, const ExprRef &cond,
                                   bool wantModel, unsigned limitMs);
  /// A model of the path of `s` from Z3 alone, past every layer of the
  /// pipeline (their premise, a satisfiable path, may not hold).
  solver::SolverResult askZ3Alone(const ExecutionState &s);
  /// The time a path's model may take: the per-query limit, within the
  /// run's time left or kPathModelGraceMs past it.
  unsigned pathModelLimitMs() const;
  //===--- Forking (Executor.cpp) and termination (PathEnds.cpp) ----------===//
  /// Ends `s` as a completed path; `returned` is the entry function's
  /// return (its value, null for void) when the path ended by returning
  /// rather than by exit().
  void terminateCompleted(ExecutionState &s,
                          std::optional<ExprRef> returned = std::nullopt);
  /// `reason` with the program line `s` stands at (" at f.c:12"), unless it
  /// names one already or is a limit of the run or of a path.
  std::string withSourceLine(const ExecutionState &s,
                             const std::string &reason) const;
  std::string timeLimitReason() const;
  /// `s` is the first path to run a block: a claim on a test
  /// (--tests=new-coverage; CoverageClaim).
  void claimCoverage(ExecutionState &s);
  /// Whether the completed path `s` gets a test (EngineOptions::tests);
  /// under new-coverage, takes its claims.
  bool wantsTest(ExecutionState &s);
  //===--- Leak checks (LeakCheck.cpp) ------------------------------------===//
  /// Where the heap is checked for blocks lost or not freed.
  enum class HeapCheckPoint {
    Return,     ///< a function returned: its frame's pointers are gone
    /// a loop's back edge: its head's phis hold the next iteration's
    /// values (a register's last pointer overwritten)
    LoopIteration,
    Exit,       ///< exit() or abort(): every frame still holds its own
    ProgramEnd, ///< the entry returned: only globals and inputs are left
  };
  /// EngineOptions::checkLeaks and checkCleanup at `point` (`at`: the
  /// return or the call that ends the program; `done`: the frame a return
  /// popped, `returned` its value). Reports the first block lost (else, at
  /// the program's end, the first not freed) and ends `s`; ends `s` cut
  /// when the program's end cannot tell whether a block is lost. False
  /// when `s` ended.
  bool checkHeapAt(ExecutionState &s, HeapCheckPoint point,
                   const llvm::Instruction &at, const ExprRef &returned = {},
                   const StackFrame *done = nullptr);
  /// Whether the register of `v`, its frame standing at `at`, certainly
  /// still holds the program's pointer there: it is used after `at`, or it
  /// is the value of a C variable in scope at `at` (VariableRoots.h).
  bool heldAt(const llvm::Instruction &at, const llvm::Value *v);
  /// abort(): the heap checks of the program's end, then a completed path.
  void abortProgram(ExecutionState &s, const llvm::Instruction &at);
  /// exit() (`byExit`) or the entry's return: the next atexit handler runs
  /// in a frame of its own, or, when none is left, the program's end
  /// (heap checks, a completed path).
  void endProgram(ExecutionState &s, bool byExit, const llvm::Instruction &at,
                  std::optional<ExprRef> returned);
  std::unique_ptr<class VariableRoots> variableRoots_;
  /// EngineOptions::endPathsPastAssertions: where an assertion may still
  /// fail (made by prepare()).
  std::unique_ptr<frontend::AssertionReach> assertionReach_;
  /// Whether some assertion may still fail on `s`'s way from the start of
  /// its block `b`, through its callers' rest.
  bool assertionAhead(const ExecutionState &s,
                      const llvm::BasicBlock &b) const;

  static constexpr unsigned kPathModelGraceMs = 2000;
  /// The largest heap block of concrete size a path may allocate.
  static constexpr uint64_t kMaxHeapBlock = uint64_t(64) << 20;
  /// Zero-initialised objects (globals, calloc) larger than this start as a
  /// constant array of zeros instead of a written zero per byte.
  static constexpr uint64_t kZeroContentBytes = 256;
  /// Makes every byte of the object at `base` zero, its only content:
  /// one written zero per byte up to kZeroContentBytes, else a constant
  /// array of zeros of its own (ExprContext::constArray's tag).
  void zeroFill(ExecutionState &s, uint64_t base);
  /// A concrete value of `e` on this path (one solver call).
  std::optional<uint64_t> concreteValue(ExecutionState &s, const ExprRef &e);

  //===--- Values (ExecArith.cpp, Constants.cpp) --------------------------===//
  ExprRef evalConstant(ExecutionState &s, const llvm::Constant *c);
  void constantBytes(ExecutionState &s, const llvm::Constant *c,
                     std::vector<ExprRef> &out, uint64_t offset);
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
  ExprRef asBool(const ExprRef &v) {
    return v->sort().isBool() ? v : ctx_.bvToBool(v);
  }
  /// The value 0 of type `t` (an integer, a pointer or an aggregate).
  ExprRef zeroOf(const llvm::Type *t);

  //===--- Memory (ExecMemory.cpp) ----------------------------------------===//
  void executeLoad(ExecutionState &s, const llvm::LoadInst &i);
  void executeStore(ExecutionState &s, const llvm::StoreInst &i);
  void executeAlloca(ExecutionState &s, const llvm::AllocaInst &i);
  std::string addressSpaceExhausted(const ExecutionState &s,
                                    uint64_t capacity) const;
  /// Heap allocation of `size` bytes (maybe symbolic); returns the states
  /// that go on with the block's address bound to `result`.
  void allocateHeap(ExecutionState &s, const ExprRef &size, bool zeroed,
                    const llvm::Value *result, const std::string &site);
  void freeAddress(ExecutionState &s, const ExprRef &address);
  /// The free of `address` where it is a cell of a node region
  /// (NodeRegions.cpp); returns the state where it is none, or null.
  ExecutionState *freeNode(ExecutionState &s, const ExprRef &address);
  /// `ptr` (an input pointer's value) is stored at `holderOffset` of the
  /// input object or pointer argument named `holder`.
  void registerLazyPointer(ExecutionState &s, const ExprRef &ptr,
                           const llvm::Type *pointee, std::string path,
                           std::string holder, uint64_t holderOffset);
  /// Copy `n` concrete bytes (memcpy/memmove semantics with overlap).
  void copyBytes(ExecutionState &s, const ExprRef &dst, const ExprRef &src,
                 uint64_t n);
  ExprRef readMemory(ExecutionState &s, const ResolvedAccess &a, unsigned n);
  /// Ends `a`'s state as cut when it accesses an object at a symbolic
  /// offset through a content of more than kMaxSymbolicAccessStores writes
  /// (a store chain Z3 recurses over for minutes, past every time limit:
  /// an array a concrete loop wrote 100,000 times).
  bool cutDeepSymbolicAccess(const ResolvedAccess &a,
                             const llvm::Instruction &i);
  static constexpr size_t kMaxSymbolicAccessStores = size_t(1) << 16;

  //===--- Control (ExecControl.cpp) --------------------------------------===//
  void executeInstruction(ExecutionState &s, const llvm::Instruction &i);
  void transferToBlock(ExecutionState &s, const llvm::BasicBlock *target);
  void executeBranch(ExecutionState &s, const llvm::BranchInst &i);
  void executeSwitch(ExecutionState &s, const llvm::SwitchInst &i);
  void executeCall(ExecutionState &s, const llvm::CallBase &call);
  void executeReturn(ExecutionState &s, const llvm::ReturnInst &i);
  /// Throws Unsupported when `args` or the call's type do not have the
  /// widths of `f`'s parameters and return type.
  void checkCallMatches(const llvm::CallBase &call, const llvm::Function &f,
                        const std::vector<ExprRef> &args);

  //===--- Special functions and intrinsics (SpecialFunctions.cpp) --------===//
  /// Whether the engine gives a declared function named `name` its meaning
  /// (verifier and KLEE calls, the allocator, exit ...).
  static bool isPrimitive(llvm::StringRef name);
  /// A libm function the engine computes itself (sqrt, floor, fmod ...;
  /// pow, sin, log ... on constant arguments).
  static bool isMathFunction(llvm::StringRef name);
  /// True when `f` was handled (the state has moved on or ended).
  bool handleSpecial(ExecutionState &s, const llvm::CallBase &call,
                     const llvm::Function &f, std::vector<ExprRef> &args);
  //===--- The symbolic environment (Environment.cpp) ---------------------===//
  /// main's argc and argv from EngineOptions::environment.
  void setUpMainArguments(ExecutionState &s, const llvm::Function &f);
  /// The libc's __cosmo_env_* primitives; true when `name` is one.
  bool handleEnvironmentCall(ExecutionState &s, const llvm::CallBase &call,
                             llvm::StringRef name, std::vector<ExprRef> &args);
  /// A new object of `size` symbolic bytes (and a NUL after them when
  /// `terminated`), an input named `name` of `source`; its base.
  uint64_t makeEnvironmentInput(ExecutionState &s, const std::string &name,
                                const std::string &source, uint64_t size,
                                bool terminated);
  /// A write of `bytes` through `a` as the hooks allow it (onWrite): the
  /// state that makes it, or null.
  ExecutionState *allowedWrite(const ResolvedAccess &a, uint64_t bytes,
                               const ExprRef &value = nullptr);
  bool handleIntrinsic(ExecutionState &s, const llvm::CallBase &call,
                       const llvm::Function &f, std::vector<ExprRef> &args);

  //===--- Floating point (ExecFloat.cpp) ---------------------------------===//
  void executeFloatBinary(ExecutionState &s, const llvm::Instruction &i);
  void executeFloatCompare(ExecutionState &s, const llvm::FCmpInst &i);
  void executeFloatCast(ExecutionState &s, const llvm::CastInst &i);
  ExprRef floatCompare(llvm::CmpInst::Predicate p, const ExprRef &a,
                       const ExprRef &b);
  /// Converting `v` toward zero to an integer of `width` bits is undefined
  /// (a NaN, or out of range).
  ExprRef floatCastOutOfRange(const ExprRef &v, unsigned width, bool isSigned);
  /// pow, exp, log, sin ... (and their intrinsics): computed by the host's
  /// libm on constant arguments; Unsupported on symbolic ones.
  bool handleLibmFunction(ExecutionState &s, const llvm::CallBase &call,
                          const llvm::Function &f,
                          const std::vector<ExprRef> &args);
  /// The floating-point intrinsics clang emits (fabs, sqrt, fma, floor
  /// ...), and the libm functions of the same meaning (declared: their
  /// calls); true when `f` is one.
  bool handleFloatIntrinsic(ExecutionState &s, const llvm::CallBase &call,
                            const llvm::Function &f,
                            std::vector<ExprRef> &args);
  /// `type`: how the input reads in C (nondet inputs: from `function`).
  ExprRef makeSymbolicValue(ExecutionState &s, const llvm::Type *t,
                            const std::string &name, const std::string &source,
                            const std::string &function,
                            InputType type = {});

  //===--- Shaped inputs (EntryShapes.cpp) --------------------------------===//
  /// Points the entry's pointer parameters at the objects their shapes
  /// say (frontend::parameterShapesOf): strings, sized arrays, objects.
  void shapeEntryInputs(ExecutionState &s, const llvm::Function &f);
  /// Why the error `kind` that `s` ends in needs what only the entry's
  /// caller decides (InputRecord::CallerDecides), into `e.latent` and
  /// `e.latentCondition`; nothing for a manifest error.
  void classifyLatency(const ExecutionState &s, ErrorReport &e);
  /// The program's entry gets shaped inputs (not main, InputShapes::Shaped).
  bool shapesInputs() const {
    return opts_.inputs == InputShapes::Shaped && entry_ &&
           entry_->getName() != "main";
  }

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

  //===--- Locations ------------------------------------------------------===//
  /// The instruction the innermost frame of `s` is executing.
  const llvm::Instruction *currentInstruction(const ExecutionState &s) const;
  uint64_t programBlocksCovered() const;
  Progress progress(uint64_t blocksTotal) const;
  std::vector<FileCoverage> lineCoverage() const;

  //===--- Explorations (Exploration.cpp) ---------------------------------===//
  /// Runs `e` (its first states added) until no state is left, a limit of
  /// the run or a bound of `e` ends it; `e` is the running exploration
  /// meanwhile. `blocksTotal` is for progress reports (0: none).
  void explore(Exploration &e, uint64_t blocksTotal = 0);
  /// EngineOptions::globalsAsInputs (GlobalInputs.cpp).
  void makeGlobalsInputs(ExecutionState &s);
  uint64_t currentRssKB() const;

  /// The standing hooks `e` does not have yet, after its own.
  void addStandingHooksTo(Exploration &e);
  void initializeGlobals(ExecutionState &s);
  /// Statistics, coverage and the verdict of the program's run.
  void finishRun(uint64_t blocksTotal);
  std::unique_ptr<ExecutionState> makeInitialState();
  void stepState(ExecutionState &s);
  /// Whether the running exploration passed one of its own bounds (then
  /// it is stopped).
  bool explorationBoundPassed();
  /// Its deadline alone.
  bool explorationOverTime();
  TestVector makeTest(ExecutionState &s, const std::string &outcome,
                      const expr::Assignment &model);
  void cutAll(const std::string &reason);
  bool pathLimitReached() const;
  bool timeLimitPassed() const;
  /// --max-memory: the resident size is at or above the limit.
  bool overMemoryLimit() const;
  /// Ends half of the states (cut, verdict unknown) to get back under the
  /// memory limit.
  void dropStatesForMemory();
  /// Whether a hook takes the ending of `s` over (then `s` has ended).
  bool hookTakesEnd(ExecutionState &s, PathEnd end);
  /// Whether a path that completes or errs ends otherwise: a hook takes
  /// its `end` over, or the path limit cuts it (a path ending in the step
  /// that reached the limit). Then `s` has ended; else it is to count.
  bool endsOtherwise(ExecutionState &s, PathEnd end);
  /// Whether a hook of the running exploration observes the branches of
  /// `s` (ExecutionHooks::observesBranches).
  bool observesBranches(const ExecutionState &s) const;
  /// Whether a hook decided a conditional (ExecutionHooks::onBranch).
  bool decideBranch(ExecutionState &s, const llvm::Instruction &site,
                    const std::vector<ExprRef> &conds,
                    const std::vector<const llvm::BasicBlock *> &succs);
  /// Whether `address` may point outside the running exploration's objects
  /// (ExecutionHooks::mayPointOutside).
  bool mayPointOutside(const ExprRef &address) const;
  void reportError(ExecutionState &s, ErrorKind kind,
                   const std::string &message,
                   std::vector<SourceLocation> stack, solver::Model model,
                   std::optional<CheckId> check);
  llvm::Module &module_;
  EngineOptions opts_;
  RunListener &listener_;
  llvm::DataLayout layout_;
  memory::AddressLayout addresses_; // from layout_'s pointer width
  expr::ExprContext ctx_;
  solver::PipelineStats solverStats_; // outlives solver_, which counts here
  std::unique_ptr<solver::Solver> solver_; // made by solver() when first asked
  std::mutex solverSwap_; // guards replacing solver_ against interruptSolver
  const llvm::Function *entry_ = nullptr;
  /// EngineOptions::globalsAsInputs: the entry's, found once.
  GlobalInputs globalInputs_;

  /// The running exploration (the program's, or an isolated run's).
  Exploration *run_ = nullptr;
  uint64_t nextStateId_ = 0;

  // Addresses shared by all states: globals and functions are allocated in
  // the initial state, before any fork.
  std::unordered_map<const llvm::GlobalValue *, uint64_t> globalAddress_;
  std::unordered_map<uint64_t, const llvm::Function *> functionAt_;
  std::unordered_map<const llvm::BasicBlock *, uint64_t> blockAddress_;

  /// An error's kind and place: one report each.
  using ErrorPlace = std::tuple<int, std::string, unsigned>;
  static ErrorPlace placeOf(ErrorKind kind, const SourceLocation &at) {
    return {static_cast<int>(kind), at.file, at.line};
  }
  std::set<ErrorPlace> reportedErrors_;
  /// Hooks every exploration has, after its own (addStandingHook).
  std::vector<ExecutionHooks *> standingHooks_;

  std::unordered_map<const llvm::Function *, std::unique_ptr<FunctionSlots>>
      functionSlots_;
  /// Blocks some state of any exploration ran an instruction of
  /// (coverage-new search).
  BlockSet ranBlocks_;
  RunSummary summary_;
  std::vector<std::string> pendingUnknown_; // see noteIfUnknown
  std::chrono::steady_clock::time_point start_;
  std::atomic<bool> interrupted_{false};
  bool stopping_ = false;
  /// Why the run stops: --target=errors found its error, or --max-errors
  /// its count.
  std::optional<std::string> targetReached_;
  uint64_t errorsCounted_ = 0;
};

/// Functions `m` calls but does not define and the engine does not
/// implement, by name.
std::vector<ExternalFunction> externalFunctionsOf(const llvm::Module &m);

} // namespace cosmo::engine

#endif // COSMO_ENGINE_EXECUTOR_H
