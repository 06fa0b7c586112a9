//===- LoopInstance.h - recursive states and their questions ----*- C++ -*-===//
//
// The data of src/summary/loops/LoopSummarizer.cpp (the recursive states it
// makes) and src/summary/loops/LoopQuestions.cpp (what it asks about them).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_LOOPINSTANCE_H
#define COSMO_SUMMARY_LOOPINSTANCE_H

#include "common/ConfirmingRun.h"
#include "common/IsolatedRun.h"
#include "cosmo/summary/LoopSummarizer.h"

#include "cosmo/memory/ObjectMemory.h"
#include "cosmo/solver/Horn.h"

#include <llvm/IR/Instructions.h>

#include <chrono>
#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::summary {

/// --loops=auto: arrivals at a head on one path before a loop whose exits
/// were all concrete is summarised: a trip count of millions
/// (`while (x < 0x0fffffff)`, loop-acceleration's idiom) would take the
/// run's whole time to run, while one of thousands runs in milliseconds.
/// What the summary cannot decide unrolls the loop on from there.
constexpr unsigned kConcreteArrivals = 1u << 16;
/// ... unless its exit comparisons predict it ends within this many more
/// arrivals (`for (i = 0; i < 100000; i++)`, the array idiom): running it
/// to its end is cheaper than a summary that the rest of the path then
/// has to see through.
constexpr unsigned kPredictedArrivals = 4 * kConcreteArrivals;
/// Bounds of one body's isolated run (a loop's or a recursive function's);
/// passing one leaves the loop or the calls to unrolling.
constexpr double kBodySeconds = 5;
constexpr uint64_t kBodyInstructions = 2'000'000;
constexpr size_t kBodyStates = 1024;

/// One loop-carried value: a phi of the head, bytes of a small object, or
/// the whole content of a larger one (an array term).
struct CarriedValue {
  std::string name; ///< as the user wrote it: `i`, `total`, `buf[4..7]`, `a`
  ExprRef var;      ///< its value at the head on the recursive state's paths
  const llvm::PHINode *phi = nullptr;
  uint64_t base = 0, offset = 0; ///< otherwise: bytes of the object at base
  unsigned bytes = 0;            ///< 0: the object's whole content
  /// A pointer phi: the base of the object it points into on every path
  /// (its provenance), and `var` is its offset from that base in units of
  /// `stride` bytes (the size of what it points to, when every offset is
  /// a multiple of it: `p != a + n` is then `var != n`, which Spacer
  /// reasons about far better than `4 * var != 4 * n`).
  std::optional<uint64_t> pointee;
  uint64_t stride = 1;
  /// A pointer phi held as the address itself: null or a cell of the node
  /// region at `nodeRegion` (0 until the body's runs find that region).
  /// Also a pointer in memory (`bytes` of the object at `base`: a local
  /// whose address a callee writes through, `append(&list, v)`), then
  /// with `pointee` and `stride` as a phi's.
  bool raw = false;
  uint64_t nodeRegion = 0;
  /// A raw pointer's type of node (the struct it points to), and the name
  /// of the variable that holds it.
  const llvm::Type *node = nullptr;
  std::string holder;
  /// A raw pointer that may also hold the address of this object, of the
  /// node type, outside the region (a list's head made before the loop):
  /// an anchor of the region (NodeRegion::anchors). 0 when none.
  uint64_t anchor = 0;
  /// A raw pointer to the region's last cell at the head (its anchor, or
  /// null without one, while the region has none): the tail a loop
  /// appends at.
  bool tail = false;
  /// The cell count of the node region at `base` (the loop allocates its
  /// nodes), not its content.
  bool regionCells = false;
  /// Of a region's cell count: how many of its last cells may have links
  /// unset at the head (0 or 1: an append sets the link of the node the
  /// iteration before allocated).
  unsigned pending = 0;
  /// The link offsets of the pending cell that may be unset (its others
  /// hold null or a node at the head): non-empty exactly when `pending`
  /// is (nodesBroken sets both).
  std::vector<uint64_t> pendingLinks;
  /// Of a region's cell count: from how many cells on the region's
  /// anchors' links are valid at the head (0 or 1: a list's head node
  /// whose link the first iteration sets).
  unsigned anchorPending = 0;
  /// Its object is a node region the loop makes: at the arrival it has no
  /// cells, and its content is any array.
  bool bornInLoop = false;
  bool wholeObject() const { return !phi && bytes == 0 && !regionCells; }
  /// Of the object at `base` (its bytes, content or cell count): the loop
  /// writes that object.
  bool ofObject() const { return !phi && !raw && base != 0; }
  /// A raw pointer's address in `s` (its phi's value, or its bytes); null
  /// when the phi has none there.
  ExprRef addressIn(expr::ExprContext &ctx, const ExecutionState &s) const;
  /// Its value in `s` (the head's phi, a pointer's as its offset from its
  /// pointee, or the object's bytes or content); null for a pointer whose
  /// offset is not a multiple of `stride`.
  ExprRef valueIn(expr::ExprContext &ctx, const ExecutionState &s) const;
  /// Makes it fresh (`var`, named after `prefix` and its index `k`) in
  /// `start`, the first state of the body's run from `arrival`; returns
  /// its value at the arrival (the entry). An array whose arrival content
  /// has too many written bytes enters as some of them over any array
  /// (`forgets`: an over-approximation).
  ExprRef makeFresh(expr::ExprContext &ctx, const ExecutionState &arrival,
                    ExecutionState &start, const std::string &prefix,
                    size_t k, bool &forgets);
};

//===--- Finding the carried values (CarriedValues.cpp) -------------------===//

/// The name of the C variable a phi holds (debug information), else its
/// IR name, else `v<k>`.
std::string cNameOf(const llvm::PHINode &phi, size_t k);
/// Names carried pointer `c` (the `k`th value) as its offset into
/// `object`: `p - a` in elements, `(char *)p - (char *)a` in bytes.
void nameOffset(CarriedValue &c, size_t k, const std::string &object);
/// The head's phis at the arrival `s`, carried around the loop; why not,
/// or empty. A pointer is carried as its offset from the object it points
/// into, which must be the same on every path (pointerLeavesItsObject).
std::string carryPhis(const ExecutionState &s, const llvm::BasicBlock &head,
                      expr::ExprContext &ctx, const llvm::DataLayout &layout,
                      std::vector<CarriedValue> &carried);
/// Makes each carried pointer that moves out of the object it points to
/// at the arrival `s` (on an iteration of `body`) a raw one with that
/// object as its anchor, where the object can be one (a node at its
/// start, a multiple of its size); whether it made any.
bool anchorMovingPointers(Executor &x, const ExecutionState &s,
                          const LoopBodyRun &body,
                          std::vector<CarriedValue> &carried);
/// Why a carried pointer cannot stay an offset into its object: on some
/// iteration of `body` it moves into another object (or to null); empty
/// when none.
std::string pointerLeavesItsObject(const LoopBodyRun &body,
                                   const std::vector<CarriedValue> &carried,
                                   expr::ExprContext &ctx);
/// The objects the loop's own stores name (a global, a stack slot of its
/// frame); the others its body's runs find.
std::vector<uint64_t> storedObjects(Executor &x,
                                    const frontend::RecursiveVertex &loop,
                                    const engine::StackFrame &frame);
/// The object at `base` in `s`, carried (once): small ones byte-wise,
/// larger ones or ones of symbolic size as their whole content; why not,
/// or empty.
std::string carryObject(const ExecutionState &s, uint64_t base,
                        std::vector<CarriedValue> &carried);
/// The objects some iteration of `body` changed (they must be carried),
/// and the heap blocks it allocated that outlive it (`outliving`); why the
/// loop cannot be summarised (an object it frees), or empty.
std::string writtenObjects(const LoopBodyRun &body,
                           const memory::AddressSpace &atStart,
                           std::vector<uint64_t> &written,
                           std::vector<const memory::MemoryObject *> &outliving);

//===--- Node regions of a loop (NodeSites.cpp) ---------------------------===//

struct LoopInstance;

/// An allocation site of a loop whose blocks outlive an iteration: its
/// blocks are the cells of one node region (MemoryObject::NodeRegion).
struct NodeSite {
  const llvm::Value *site = nullptr;
  const llvm::Type *node = nullptr; ///< the struct its blocks hold
  uint64_t blockSize = 0; ///< bytes of a block
  /// Bytes of a cell of its region: the power of two at or above.
  uint64_t cellSize() const {
    return memory::MemoryObject::NodeRegion::cellSizeFor(blockSize);
  }
  std::vector<uint64_t> links;
  std::string name;
  uint64_t base = 0; ///< where the body's runs place its region
  /// The region is one the arrival has (an earlier loop's nodes of this
  /// type): the loop appends cells to it instead of making its own.
  bool shared = false;
  /// The region is an earlier site's of this loop with nodes of the same
  /// type and size (a body that allocates two nodes at two places): one
  /// region for both, as a 32-bit address space holds only one.
  bool sameAsEarlier = false;
  /// Whether the loop makes this site's region itself.
  bool makesRegion() const { return !shared && !sameAsEarlier; }
};
/// Makes the node regions of `sites` (no cells yet) in `start`, in order.
void makeNodeRegions(Executor &x, ExecutionState &start,
                     const std::vector<NodeSite> &sites);
/// Whether `x`'s runs can have node regions at all: not under a leak
/// check (leaks are a question of blocks).
bool nodeRegionsPossible(const Executor &x);
/// Adds the sites of the blocks `outliving` (of one run of the loop's body
/// from the arrival `s`) to `sites`, with the values they make carried (a
/// region's cell count and content), and binds the raw pointers of
/// `carried` to the region of their node type; why not, or empty.
std::string addNodeSites(Executor &x, const ExecutionState &s,
                         const std::vector<const memory::MemoryObject *> &outliving,
                         std::vector<NodeSite> &sites,
                         std::vector<CarriedValue> &carried);
/// The refusal of a raw pointer `name` bound to no region: it points into
/// no object of the program's.
std::string unplacedPointer(const std::string &name);
/// Carries the cell count of each shared region of `sites` (one the
/// arrival has, that the loop appends to) not carried yet. (Its content
/// is carried as any object the loop writes is.)
void countSharedRegions(const std::vector<NodeSite> &sites,
                        std::vector<CarriedValue> &carried);
/// Makes raw pointer `c` one to the region at `base`, of cells of
/// `cellSize` bytes.
void bindToRegion(CarriedValue &c, uint64_t base, uint64_t cellSize);
/// Binds raw pointer `c` to the region of its node type among the live
/// objects of `memory` (the last one, if several).
void bindToRegionsIn(CarriedValue &c, const memory::AddressSpace &memory);
/// Binds each raw pointer of `carried` not bound yet to the site of its
/// node type among `sites` (the last one, if several).
void bindToSites(std::vector<CarriedValue> &carried,
                 const std::vector<NodeSite> &sites);
/// Why the node regions do not stay as the body's run assumed them:
/// a raw pointer carried into the loop (at the arrival `s`) or out of an
/// iteration (`ends`) that may be neither null nor a cell of its region,
/// or a cell an iteration allocated with a link it left unset; empty
/// when none.
/// A region's last cell, or an anchor, whose links are unset at the
/// arrival or at an iteration's end makes its count's `pending` 1 in
/// `carried` (`again`: the body runs again) when it was 0; a node of the
/// arrival an iteration links into a region joins `inst.linkedAnchors`
/// (again).
std::string nodesBroken(Executor &x, ExecutionState &s,
                        LoopInstance &inst,
                        const std::vector<std::unique_ptr<ExecutionState>> &ends,
                        std::vector<CarriedValue> &carried, bool &again);
/// `v` (raw pointer `c`'s value) is none of the nodes an iteration links
/// into `c`'s region (LoopInstance::linkedAnchors) but `c`'s own anchor:
/// the head takes a raw pointer as never at such a node (a builder's tail
/// is never the sentinel its nodes link to), and nodesBroken checks it at
/// the arrival and at each iteration's end.
ExprRef awayFromLinkedAnchors(Executor &x, const LoopInstance &inst,
                              const CarriedValue &c, const ExprRef &v);
/// `v` is the last cell of region `o` (none when the loop makes it and
/// this is the arrival: `o` null), or `anchor` (null when 0) with no cell.
ExprRef isTailOf(Executor &x, const memory::MemoryObject *o, uint64_t anchor,
                 const ExprRef &v);
/// Assumes in `start` (a body's run) what its executor would of each link
/// of the anchors of region `base` it reads: null, a cell or an anchor
/// where the anchors are valid (nodesBroken checks it of each iteration).
void assumeAnchorLinks(Executor &x, ExecutionState &start, uint64_t base);
/// Makes the links of the regions in `s` valid where they hold null, a
/// cell or an anchor (a list's last link, or its head's, set past the loop
/// that appended it): a later loop's run assumes them so.
void validateNodes(Executor &x, ExecutionState &s);

/// One path of the body from the head back to it.
struct LoopIteration {
  std::vector<ExprRef> pc;    ///< its constraints past the head
  std::vector<size_t> atoms;  ///< loops summarised on it (nested)
  std::vector<ExprRef> next;  ///< the carried values it leaves
};

/// Rec(l, D) of one arrival at a loop head: a relation over the values the
/// iterations depend on but do not change (params) and the carried ones.
struct LoopInstance {
  size_t id = 0;
  std::string relation; ///< its name in the Horn system
  const llvm::BasicBlock *head = nullptr;
  engine::SourceLocation where;
  std::string function;
  std::string prefix; ///< names of the variables its body run made
  std::vector<CarriedValue> carried;
  std::vector<ExprRef> entry; ///< the carried values at the arrival
  /// Some array enters as any array (kMaxEntryStores): the relation is an
  /// over-approximation, and an error it reaches may not be reachable.
  bool entryForgets = false;
  /// The path condition at the arrival (shared with the path's: a path
  /// that passes thousands of summarised loops keeps one).
  solver::ConstraintSet arrivalPc;
  IdLog arrivalAtoms;
  IdLog arrivalCalls; ///< SummarisedCalls before the loop
  std::vector<LoopIteration> iterations;
  std::vector<ExprRef> params;
  bool complete = false; ///< every path of its body was explored
  /// The program's run: its state at the arrival, to unroll the loop after
  /// all when an error past it cannot be decided (then `resumed`).
  std::unique_ptr<ExecutionState> arrival;
  bool resumed = false;
  /// The allocation sites whose blocks are cells of node regions.
  std::vector<NodeSite> nodeSites;
  /// The node regions of the arrival, by base: a block of one's node type
  /// the body allocates is a cell of it (NodeSite::shared).
  std::vector<uint64_t> arrivalRegions;
  /// Nodes made before the loop that an iteration links into a region
  /// (a sentinel a list's appended nodes end at), by the region's base:
  /// anchors the head knows of, as a carried pointer's starting node is
  /// (nodesBroken finds them in a body's run, and checks their links).
  std::map<uint64_t, std::vector<uint64_t>> linkedAnchors;
  /// C expressions of the invariants Horn answers gave it (each holds).
  std::vector<std::string> witnessConjuncts;
};

/// A body's isolated run (kBody*), named `what`; it leaves out signed
/// overflow where the options say so (assumeNoSignedOverflow).
engine::Exploration bodyRun(Executor &x, std::string what);


/// An error reached on a path with Rec atoms.
struct LoopCandidate {
  std::unique_ptr<ExecutionState> state;
  engine::PathEnd end;
};

/// The summarizer's data for one path: the loops it is in (how often it
/// arrived at each head) and the recursive states it passed (its Rec atoms).
class LoopPathData : public engine::HookState {
public:
  struct Activation {
    size_t depth = 0;
    const llvm::BasicBlock *head = nullptr;
    const BlockSet *body = nullptr; ///< the loop's blocks (LoopShape's)
    unsigned visits = 0;
    /// A branch out of the loop had a symbolic condition: the trip count
    /// depends on the inputs.
    bool symbolicExit = false;
    bool unrolled = false; ///< summarising failed: unroll this activation
    /// Concrete exits: how far apart each exit comparison's operands were
    /// one arrival before kConcreteArrivals (ExitDistances), and the
    /// arrival up to which the loop is run on, as the distances' shrinking
    /// predicts its end soon after (0: none).
    std::array<uint64_t, 4> exitDistances{};
    unsigned runsOutAt = 0;
    /// A loop over nodes (LoopShape::overNodes): its first arrival, shared
    /// by the paths that forked from there, and whether a summary from it
    /// was made (then it covers every path from there).
    struct FirstArrival {
      std::unique_ptr<ExecutionState> state;
      enum class Status { Pending, Summarized, Failed } status =
          Status::Pending;
    };
    std::shared_ptr<FirstArrival> first;
    bool operator==(const Activation &) const = default;
  };
  std::vector<Activation> activations;
  IdLog atoms;
  IdLog calls; ///< its SummarisedCalls
  /// The RecursionEntry of the recursion the path is in (at most one: the
  /// outermost call of a cycle).
  std::vector<size_t> recursionEntries;

  std::unique_ptr<engine::HookState> clone() const override {
    return std::make_unique<LoopPathData>(*this);
  }
  bool joinable(const engine::HookState *other) const override;
  void join(const engine::HookState *) override {}

  /// `s`'s data, made empty when it has none.
  static LoopPathData &of(ExecutionState &s);
  /// `s`'s data, or null.
  static LoopPathData *find(ExecutionState &s);
  static const LoopPathData *find(const ExecutionState &s);
};

/// The hooks of one isolated run of a loop body: a path back at the head
/// is an iteration, a path leaving the loop an exit, an error a candidate.
class LoopBodyRun : public engine::ExecutionHooks {
public:
  LoopBodyRun(Executor &x, LoopInstance &instance, size_t depth,
              const BlockSet &body)
      : x_(x), instance_(instance), depth_(depth), body_(body) {}

  void onBlockEntry(ExecutionState &s, const llvm::BasicBlock *b) override;
  void onReturn(ExecutionState &s) override;
  bool onPathEnd(ExecutionState &s, const engine::PathEnd &end) override;
  std::optional<uint64_t> nodeRegionFor(ExecutionState &s,
                                        const llvm::Value *site,
                                        const ExprRef &size) override;

  /// The iterations' states at the head (their memory, registers, path).
  std::vector<std::unique_ptr<ExecutionState>> iterationEnds;
  std::vector<std::unique_ptr<ExecutionState>> exits;
  std::vector<LoopCandidate> candidates;
  /// Why the body cannot be summarised (a path was cut), or empty.
  std::string failure;

private:
  void leave(ExecutionState &s);
  Executor &x_;
  LoopInstance &instance_;
  size_t depth_;
  const BlockSet &body_;
};

/// Computes `inst.params` once its iterations are known: the variables its
/// entry and iterations depend on that no iteration makes.
void finishInstance(LoopInstance &inst, const LoopRegistry &registry);

/// A run on the model of a candidate's own path: first briefly, before
/// its Horn question (most runs that reach an error are short), then, if
/// the solver did not refute it, for longer.
constexpr double kQuickRunSeconds = 0.25;
constexpr double kRunSeconds = 1;
/// LoopQuestions.cpp: whether running the program from its entry on the
/// inputs of `model` (default: a model of `c`'s path) reaches `c`'s error
/// (reported then). An input a loop body makes takes the same value in
/// every iteration, so a loop may not end: the run is cut after `seconds`
/// (`*forked` says whether it forked past its paths open at once on
/// the inputs the model does not name). Those inputs stay symbolic, or
/// with `zeroTheRest` are 0 (a run that does not fork: through a loop
/// that branches on an input in each of its 100,000 iterations).
/// With `fruitless`, a run that would repeat one of those is not run
/// (ConfirmingRun::skippingAlike).
bool confirmByRun(Executor &x, LoopCandidate &c, solver::Model model = nullptr,
                  double seconds = kRunSeconds, bool *forked = nullptr,
                  bool zeroTheRest = false,
                  FruitlessRuns *fruitless = nullptr);

/// Models of the path of `s` where `arg` (a summarised call's first
/// argument) is as large, then as small, as the path allows (signed): a
/// recursion's deep errors are mostly at the extremes of its inputs, where
/// a run on them goes deepest. confirmByRun decides.
std::vector<solver::Model> extremeModels(Executor &x, ExecutionState &s,
                                         const ExprRef &arg);
/// Whether a run on one of extremeModels(x, *c.state, value) reaches
/// `c`'s error (confirmByRun, each for kLongRunSeconds).
bool confirmAtExtremes(Executor &x, LoopCandidate &c, const ExprRef &value);
/// A run made to go deep: on an accelerated query's model (its loops run
/// up to millions of iterations) or at the extremes of a loop's
/// parameters. Such a run reads arrays a loop filled at symbolic indices
/// (the inputs the model leaves open stay symbolic), queries of a second
/// or so on an array of hundreds: a run of a second would end just before
/// its error or just after depending on the machine's load.
constexpr double kLongRunSeconds = 5;
/// Time for each of extremeModels' queries.
constexpr unsigned kExtremeQueryMs = 250;
/// Loop parameters an undecided candidate's path is run at the extremes
/// of (CandidateDecider::confirmByExtremeParams).
constexpr size_t kExtremeParams = 2;

/// LoopAcceleration.cpp: `c`'s path with each loop on it run as phases of
/// iterations of paths that move its carried values by constants (their
/// closed forms).
struct AcceleratedPath {
  /// A model of the accelerated path (inputs to run on), or null (no such
  /// loop, unsat, unknown).
  solver::Model inputs;
  /// When every iteration of every phase was checked to take its path: a
  /// model of `c`'s own path (its carried values included). The error is
  /// reachable then, without a run.
  solver::Model exact;
};
/// `phaseCount` phases per loop; `runnable`: each phase short enough for a
/// run on `inputs` (no `exact`), otherwise of any length up to 2^32 - 1
/// iterations.
AcceleratedPath accelerate(Executor &x, const LoopRegistry &registry,
                           const LoopCandidate &c, unsigned phaseCount,
                           bool runnable);

/// Arguments of a loop's relation beyond which no Horn system is built:
/// Spacer does not digest them (the cells of an array an earlier loop
/// filled by unrolling, each an input of its own).
constexpr size_t kMaxRelationArguments = 64;

/// The Horn system asking whether `c`'s error is reachable, through the
/// recursive states of its atoms; `exact` is false when some of them is not
/// complete yet (their atoms are left out: only `Safe` is then meaningful,
/// and its invariants are not the loops'). `forgetsEntry`: some of them
/// forgets an array at its entry (entryForgets): its invariants hold, but
/// `Unsafe` may not be reachable.
struct HornQuestion {
  solver::HornSystem system;
  /// The loop instance of each relation (kNone for a function's), and
  /// the recursive function of each (kNone for a loop's).
  static constexpr size_t kNone = SIZE_MAX;
  std::vector<size_t> instanceOf, functionOf;
  bool exact = true;
  bool forgetsEntry = false;
  std::string unsupported; ///< why no system could be built
};
HornQuestion hornQuestionFor(Executor &x, const LoopRegistry &registry,
                             const LoopCandidate &c);
/// What a Horn question asks in general: whether `pc` can hold together
/// with the atoms of the loops `atoms` and the summarised calls `calls`
/// (a path's), and, for an error inside a recursive function's body
/// (`inBody`), with Call(f) of its parameters, where f is called as in the
/// calls `contexts` (their Call(f) clauses).
struct HornQuery {
  std::vector<ExprRef> pc;
  std::vector<size_t> atoms, calls, contexts;
  const RecursiveFunction *inBody = nullptr;
};
HornQuestion hornQuestionFor(Executor &x, const LoopRegistry &registry,
                             const HornQuery &query);

/// The invariant of relation `r` over the C names of its arguments.
std::string describeInvariant(expr::ExprContext &ctx,
                              const HornQuestion &q, const LoopRegistry &reg,
                              size_t r, const ExprRef &invariant);
/// A conjunct of that invariant quantified over array elements, as
/// `\forall k: ...` over the same names (`a[k]` for an element); empty when
/// it reads memory otherwise.
std::string describeQuantified(expr::ExprContext &ctx, const HornQuestion &q,
                               const LoopRegistry &reg, size_t r,
                               const solver::HornAnswer::Quantified &f);
/// The summary of recursive function relation `r` over the C names of
/// its parameters and `\result`.
std::string describeSummary(expr::ExprContext &ctx, const HornQuestion &q,
                            const LoopRegistry &reg, size_t r,
                            const ExprRef &invariant);
/// The conjuncts of that invariant that are C expressions at the loop head
/// (witnessInvariant): over the arguments whose C variable is in scope
/// there and holds the argument's value, joined by &&; empty when none.
std::string witnessInvariant(expr::ExprContext &ctx, const HornQuestion &q,
                             const LoopRegistry &reg, size_t r,
                             const ExprRef &invariant);

/// CExpression.cpp: a Bool formula as a C expression with the same value
/// (bit-vector arithmetic through casts to unsigned types, comparisons
/// through the signed or unsigned type of the operands' width) over the
/// C lvalues `names` gives its variables (by id); none when it uses a
/// variable without a name or an operation C does not have exactly.
std::optional<std::string>
cExpression(const expr::Expr *formula,
            const std::map<uint64_t, std::string> &names);

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_LOOPINSTANCE_H
