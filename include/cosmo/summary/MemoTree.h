//===- cosmo/summary/MemoTree.h - a function's memoization tree -*- C++ -*-===//
//
// Seed 002 section IV.A. A memoization tree records what symbolic execution
// of one function in isolation chose at every conditional of every path:
// each node below the root is one choice (the branch or switch instruction
// and the successor taken), whether the condition was symbolic or concrete
// — a condition symbolic in isolation may be concrete in a calling context,
// and a replay must still know where it is in the tree. Leaves carry one or
// more pairs of a numeric path condition and a heap path condition (the
// lazily initialised input pointers: null, a new object, or an alias),
// over the function's inputs: its parameters, the globals it can read, and
// the bytes of input objects.
//
// The tree knows nothing of execution: the summary layer builds it (one
// isolated run per function, bottom-up over the call graph; TreeRecorder)
// and replays it at calls (TreeReplayer).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_MEMOTREE_H
#define COSMO_SUMMARY_MEMOTREE_H

#include "cosmo/expr/Expr.h"

#include <cstdint>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::summary {

using expr::ExprRef;

/// A program point a tree refers to (in practice an instruction of the
/// program's IR). The tree only stores and compares sites, so it does not
/// depend on the IR: the recorder and the replayer convert (siteOf and
/// instructionAt, CallContext.h). Never defined.
struct ProgramPoint;
using Site = const ProgramPoint *;

/// How a recorded path ended.
enum class LeafKind {
  Completed, ///< returned from the function
  Error,     ///< an error was reported on it (kind and line in the pair)
  /// Cut in isolation (depth bound, unsupported construct, solver unknown):
  /// a replay that reaches it must continue with the solver on.
  Frontier,
};
const char *leafKindName(LeafKind k);

/// An input object created by lazy initialisation, in creation order.
struct InputObject {
  std::vector<ExprRef> bytes; ///< one BitVec(8) input variable per byte
  const void *typeTag = nullptr;
};

/// One lazily initialised input pointer of a heap path condition.
struct HeapFact {
  enum Kind { Null, Fresh, Alias } kind = Null;
  ExprRef pointer;   ///< the pointer's value over the function's inputs
  size_t object = 0; ///< Fresh, Alias: index into PcPair::objects
  std::string path;  ///< how the function reaches it: p, (*p)+8, ...
};

/// A byte a completed path left changed in memory that outlives the call:
/// in an input object, or in a global the function names. Seed 001 §4: the
/// path's heap sigma_i, restricted to the cells it wrote.
struct ByteWrite {
  static constexpr size_t kGlobal = SIZE_MAX;
  /// Index into PcPair::objects, or kGlobal.
  size_t object = kGlobal;
  uint64_t offset = 0; ///< in the object; for a global, its address
  ExprRef value;       ///< BitVec(8) over the function's inputs
  /// A byte of a pointer the path stored (or of anything it stored where
  /// pointers were not told apart).
  bool pointer = false;
};

/// A heap block a completed path allocated and did not free. Seed 001,
/// footnote 3: refining a concrete address creates a new one, so a caller
/// gets a new object of this size at every call.
struct Allocation {
  uint64_t size = 0;
  std::string name;           ///< as the isolated run named it
  /// MemoryObject::siteFile, siteFunction, siteLine
  std::string siteFile, siteFunction;
  unsigned siteLine = 0;
  std::vector<ExprRef> bytes; ///< over the inputs; null: never written
  std::vector<uint8_t> pointer; ///< by byte: as ByteWrite::pointer
};

/// A pointer into one of the path's allocations, stored where it outlives
/// the call: in an input object, a global or an allocation.
struct AddressWrite {
  /// Index into PcPair::objects, ByteWrite::kGlobal (`offset` is then the
  /// address), or with `inAllocation` an index into PcPair::allocations.
  size_t object = SIZE_MAX;
  bool inAllocation = false;
  uint64_t offset = 0;
  size_t target = 0; ///< the allocation it points into
  uint64_t delta = 0; ///< at this offset of it
};

/// A leaf's (numeric PC, heap PC) pair: the inputs on which the function
/// follows the path from the root to the leaf.
struct PcPair {
  LeafKind kind = LeafKind::Completed;
  ExprRef pc; ///< conjunction of the path's constraints
  std::vector<InputObject> objects;
  /// Fresh facts in the order their objects were created, then the null
  /// and alias facts: a fact's pointer mentions only parameters, globals
  /// and bytes of objects created before it.
  std::vector<HeapFact> heap;
  /// The pc mentions variables made inside the function (nondet calls,
  /// uninitialised locals): a model of a calling context's check is then
  /// not a model of the replayed path.
  bool internalVariables = false;
  std::string errorKind; ///< Error: cosmo's error kind name
  /// Error found by a check (the engine's checkError): its instruction,
  /// and which of that instruction's checks it was (a division checks its
  /// divisor, then INT_MIN / -1). A guided replay decides the same check
  /// by them. Null for other errors; in memory only.
  Site checkSite = nullptr;
  unsigned checkOrdinal = 0;
  std::string file;      ///< Error, Frontier: where
  unsigned line = 0;
  std::string detail; ///< Error: the message; Frontier: why it was cut
  /// Error: the call stack in the isolated run, innermost first (its last
  /// frame is the function's own).
  struct Frame {
    std::string function, file;
    unsigned line = 0;
  };
  std::vector<Frame> stack;

  // Completed: the path's effect over the same inputs as `pc` (a formula
  // summary, `--calls=summary`, composes it into a caller).
  ExprRef result; ///< the returned value; null for void
  std::vector<ByteWrite> writes;
  /// Blocks it allocated, pointers to them it stored (whose bytes are not
  /// in `writes`), and whether `result` is one: (allocation, offset).
  std::vector<Allocation> allocations;
  std::vector<AddressWrite> addressWrites;
  std::optional<std::pair<size_t, uint64_t>> resultAddress;
  /// Why the effect cannot be composed into a caller (empty: it can).
  std::string opaqueEffect;
  /// The path stored pointer values into memory that outlives it (which
  /// bytes: ByteWrite::pointer, Allocation::pointer). Where they stay
  /// symbolic in a caller, lazy initialisation must see the loads that
  /// produced them, so the caller runs the function instead.
  bool storesPointers = false;
};

struct MemoNode {
  uint32_t id = 0;
  Site site = nullptr;  ///< null at the root
  unsigned choice = 0;  ///< successor index taken
  MemoNode *parent = nullptr;
  /// Recorded while a callee's own tree guided the path: a run of such
  /// nodes is what a summary node (seed 002 §IV.A) stands for.
  bool viaCalleeTree = false;
  std::vector<std::unique_ptr<MemoNode>> children;
  std::vector<uint32_t> pairs; ///< indices into MemoTree::pairs()

  /// The child for (`site`, `choice`), or null.
  const MemoNode *child(Site site, unsigned choice) const;
};

/// A global byte that is an input of the function: its variable in the
/// tree and its address in every run of the program.
struct GlobalInput {
  ExprRef var;
  uint64_t address = 0;
};

class MemoTree {
public:
  MemoTree(std::string function, std::string irHash, unsigned depthBound);
  /// Frees the nodes without recursion (a tree can be millions deep).
  ~MemoTree();
  MemoTree(MemoTree &&) = default;
  MemoTree &operator=(MemoTree &&) = default;

  const std::string &function() const { return function_; }
  /// SHA-256 of the function's printed IR (first 16 hex digits).
  const std::string &irHash() const { return irHash_; }
  unsigned depthBound() const { return depthBound_; }

  //===--- Building --------------------------------------------------------===//
  MemoNode *root() { return root_; }
  const MemoNode *root() const { return root_; }
  /// The child of `n` for (`site`, `choice`), created when new.
  MemoNode *extend(MemoNode *n, Site site, unsigned choice,
                   bool viaCalleeTree);
  void addLeaf(MemoNode *n, PcPair pair);
  /// A path of the isolated run ended in no leaf (a failed assumption).
  void noteVanishedPath() { pathsVanished_ = true; }
  std::vector<ExprRef> &parameters() { return parameters_; }
  std::vector<GlobalInput> &globals() { return globals_; }
  /// Why the program's verdict is unknown, as the isolated run told it
  /// (Executor::noteUnknown): a tree read back from the store tells it
  /// again, so that the verdict is the one a run that built it gives.
  std::vector<std::string> &notedUnknowns() { return notedUnknowns_; }

  //===--- Reading ---------------------------------------------------------===//
  const std::vector<ExprRef> &parameters() const { return parameters_; }
  const std::vector<GlobalInput> &globals() const { return globals_; }
  const std::vector<std::string> &notedUnknowns() const {
    return notedUnknowns_;
  }
  const std::vector<PcPair> &pairs() const { return pairs_; }
  /// Nodes by id; a child's id is larger than its parent's.
  const std::vector<MemoNode *> &nodes() const { return nodes_; }
  /// Nodes with at least one pair (paths through the function).
  size_t leafCount() const;
  /// Nodes once each run of nodes recorded under a callee's tree is folded
  /// into one summary node (seed 002's compressed tree).
  size_t compressedNodeCount() const;
  bool hasFrontier() const;
  /// Every input of the function follows a path that ends in a pair (none
  /// vanished): the pairs' conditions cover all inputs.
  bool pairsCoverAllInputs() const { return !pathsVanished_; }
  /// Nodes of the terms of its pairs (conditions, heap facts, results,
  /// written bytes), each shared node once: what composing the tree as a
  /// formula summary rewrites at a call.
  size_t termNodes() const;
  /// The same for the completed paths' effects alone.
  size_t effectNodes() const;

  /// For each node, whether a pair below it (itself included) is marked
  /// live in `livePairs`.
  std::vector<uint8_t> liveBelow(const std::vector<uint8_t> &livePairs) const;

  /// Heuristic H2 of seed 002 §IV.E: when the tree has error pairs, drop
  /// every other pair and the nodes that lead to none of them (nodes are
  /// renumbered, parents still before children). False, and nothing
  /// changes, when it has none.
  bool pruneToErrors();
  /// Whether pruneToErrors dropped paths: the tree no longer covers every
  /// input of the function.
  bool prunedToErrors() const { return prunedToErrors_; }
  /// A tree read back (TreeArchive) was pruned when it was built.
  void notePrunedToErrors() { prunedToErrors_ = true; }

private:
  std::string function_, irHash_;
  unsigned depthBound_;
  std::unique_ptr<MemoNode> rootOwner_;
  MemoNode *root_;
  std::vector<MemoNode *> nodes_;
  std::vector<PcPair> pairs_;
  std::vector<ExprRef> parameters_;
  std::vector<GlobalInput> globals_;
  std::vector<std::string> notedUnknowns_;
  bool prunedToErrors_ = false;
  bool pathsVanished_ = false;
  mutable std::optional<size_t> termNodes_; // computed on first use
};

/// The deepest node above (or at) both `a` and `b`; null when they are in
/// different trees.
const MemoNode *commonAncestor(const MemoNode *a, const MemoNode *b);

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_MEMOTREE_H
