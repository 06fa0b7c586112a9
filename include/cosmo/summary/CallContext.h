//===- cosmo/summary/CallContext.h - a calling context as a tree sees it -===//
//
// Seed 002 algorithm 3 (the heap check) for both ways a function's isolated
// run is used at a call: a memoization tree's replay (TreeReplayer) and a
// formula summary's composition (SummaryComposer). fitCall maps the callee's
// inputs (formals, the globals it reads, the bytes of its lazily
// initialised input objects) to the caller's values, pair by pair of the
// tree; a context the tree cannot express is refused (the call is
// inlined), so that each accepted context is one input of the isolated run,
// on which the call behaves as the isolated run did.
//
// SummaryStore holds the trees of a run, built bottom-up by SummaryBuilder,
// and the tree being built while an isolated run records one.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_CALLCONTEXT_H
#define COSMO_SUMMARY_CALLCONTEXT_H

#include "cosmo/engine/Executor.h"
#include "cosmo/expr/Transform.h"
#include "cosmo/solver/Solver.h"
#include "cosmo/summary/MemoTree.h"
#include "cosmo/summary/Options.h"
#include "cosmo/summary/Results.h"

#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

namespace cosmo::summary {

using engine::ExecutionState;
using engine::Executor;
using expr::ExprRef;

/// An instruction as a memoization tree's site, and back (the tree does not
/// depend on the IR; a site is only ever made from an instruction).
inline summary::Site siteOf(const llvm::Instruction *i) {
  return reinterpret_cast<summary::Site>(i);
}
inline const llvm::Instruction *instructionAt(summary::Site site) {
  return reinterpret_cast<const llvm::Instruction *>(site);
}

/// How a pair of a callee's tree stands in a calling context.
enum class PairFit {
  Consistent,      ///< its heap facts hold: its pc decides
  Inconsistent,    ///< its heap facts do not hold here
  Unrepresentable, ///< the tree cannot say (the call is inlined)
};

/// A calling context as a callee's tree sees it (Executor::fitCall):
/// formals mapped to actuals, the globals it reads to their bytes, and for
/// each pair whose heap facts hold, its input objects placed at objects
/// of the caller (seed 002 algorithm 3's heap check, exact for the
/// contexts it accepts).
struct CallContext {
  /// Each input object's first byte variable and address: pairs with the
  /// same placement have the same substitution.
  using Placement = std::vector<std::pair<const expr::Expr *, uint64_t>>;
  struct Pair {
    PairFit fit = PairFit::Inconsistent;
    Placement where; ///< Consistent: its key in `placed`
    /// By input object: where the caller has it.
    std::vector<std::optional<uint64_t>> objectAddress;
  };
  /// One placement's substitution, and what it has rewritten so far.
  struct Placed {
    expr::Substitution sub;
    expr::RewriteMemo memo;
  };
  std::vector<Pair> pairs; ///< by pair of the tree
  std::map<Placement, Placed> placed;
  /// Every value the substitutions map to is a constant: the call's
  /// arguments and the memory it reads are concrete (SmartUnroll).
  bool concrete = true;
  /// The caller's bytes read so far, by address.
  std::unordered_map<uint64_t, ExprRef> bytes;

  /// `e` of (consistent) pair `k` in the caller's terms.
  ExprRef inCaller(expr::ExprContext &ctx, size_t k, const ExprRef &e) {
    Placed &p = placed.at(pairs[k].where);
    return expr::substitute(ctx, e, p.sub, p.memo);
  }
};

/// The calling context of `s` as `tree` sees it; null when the tree cannot
/// express it. `exactExtent`: each input object must end where the
/// caller's object does (not only fit).
std::unique_ptr<CallContext> fitCall(Executor &x, ExecutionState &s,
                                     const MemoTree &tree,
                                     const std::vector<ExprRef> &args,
                                     bool exactExtent);

/// The byte at `address` in `s`; null outside any live object (a new
/// block not yet allocated).
ExprRef byteAt(expr::ExprContext &ctx, const ExecutionState &s,
               uint64_t address);

/// The stack of a callee's error pair reported at a call in `s`: the
/// isolated run's frames (error up to the callee), then the caller's
/// (without the callee's own frame when it is already pushed).
std::vector<engine::SourceLocation>
calleeErrorStack(const Executor &x, const PcPair &p, const ExecutionState &s,
                 bool calleeFramePushed);

/// The trees of a run, by function, with their entries in the run's
/// statistics; and the tree an isolated run is recording, if any. The
/// statistics of the strategies that build and compose trees and formula
/// summaries are kept here too (Results.h).
class SummaryStore {
public:
  const MemoTree *treeOf(const llvm::Function &f) const {
    auto it = trees_.find(&f);
    return it == trees_.end() ? nullptr : it->second.get();
  }
  void add(const llvm::Function &f, std::unique_ptr<MemoTree> tree,
           size_t infoIndex) {
    info_[tree.get()] = infoIndex;
    trees_[&f] = std::move(tree);
  }
  /// Counts a call of a summarised function; its tree's entry in `trees`
  /// when the call is in the program's run (no tree is being recorded).
  MemoTreeInfo *countInvocation(const MemoTree &tree) {
    ++stats.invocations;
    if (building)
      return nullptr;
    MemoTreeInfo *info = &trees.at(info_.at(&tree));
    ++info->invocations;
    return info;
  }
  /// What the strategies that build and compose trees and summaries are
  /// told (calls, merging, trees' bounds), and what they did.
  SummaryOptions options;
  CompositionStats stats;
  /// The trees built, callees first, as the output directory gets them.
  std::vector<MemoTreeInfo> trees;
  /// The tree an isolated run is recording (null in the program's run).
  MemoTree *building = nullptr;
  /// Where trees of earlier runs are found and new ones kept (none: no
  /// persistent store).
  class TreeShelf *shelf = nullptr;

private:
  std::unordered_map<const llvm::Function *, std::unique_ptr<MemoTree>>
      trees_;
  std::unordered_map<const MemoTree *, size_t> info_;
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_CALLCONTEXT_H
